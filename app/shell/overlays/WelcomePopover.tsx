import type { RefObject } from "react";
import { useTranslation } from "../../i18n/react.ts";
import { Dialog, Popover } from "react-aria-components";
import { WelcomeMenu } from "../WelcomeMenu.tsx";

export default function WelcomePopover({ triggerRef, isOpen, onOpenChange }: { triggerRef: RefObject<HTMLElement | null>; isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement="bottom end" offset={8} className="w-80 max-w-[calc(100vw-1rem)] rounded-xl bg-white shadow-xl ring-1 ring-black/10">
      <Dialog aria-label={t("welcome.title")} className="p-5 outline-none">
        <WelcomeMenu />
      </Dialog>
    </Popover>
  );
}
