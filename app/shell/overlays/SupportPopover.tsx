import type { RefObject } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/react.ts";
import { Dialog, Heading, Popover } from "react-aria-components";
import { SUPPORT_LINKS } from "../navigation.ts";

export default function SupportPopover({ triggerRef, isOpen, onOpenChange }: { triggerRef: RefObject<HTMLElement | null>; isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement="top end" offset={8} className="w-64 rounded-xl bg-white shadow-xl ring-1 ring-black/10">
      <Dialog aria-label={t("support.menuTitle")} className="p-4 outline-none">
        <Heading slot="title" className="mb-2 font-bold text-brand-800">
          {t("support.menuTitle")}
        </Heading>
        <ul className="flex flex-col gap-1">
          {SUPPORT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={() => onOpenChange(false)} className="block rounded-md px-3 py-2 hover:bg-brand-50">
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </Dialog>
    </Popover>
  );
}
