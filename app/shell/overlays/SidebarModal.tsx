// The mobile sidebar's panel: a modal that slides in from the start side (right in Arabic).
import { NavLink } from "react-router";
import { useTranslation } from "../../i18n/react.ts";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { CloseIcon } from "../icons.tsx";
import { QUICK_LINKS, SECTION_LINKS } from "../navigation.ts";

const linkClass = "block rounded-md px-3 py-2.5 font-bold text-slate-800 hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";

export default function SidebarModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="fixed inset-0 z-40 bg-black/40 nav:hidden">
      <Modal className="fixed inset-y-0 start-0 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl">
        <Dialog aria-label={t("nav.mainSections")} className="flex flex-col gap-6 p-4 outline-none" data-testid="mobile-sidebar">
          <div className="flex items-center justify-between">
            <Heading slot="title" className="text-lg font-bold text-brand-800">
              {t("brand.name")}
            </Heading>
            <Button aria-label={t("nav.closeMenu")} onPress={close} className="rounded-md p-2 hover:bg-slate-100">
              <CloseIcon />
            </Button>
          </div>
          <nav aria-label={t("nav.mainSections")}>
            <ul className="flex flex-col gap-1">
              {SECTION_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={close} className={linkClass}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t("nav.quickLinks")}>
            <h2 className="mb-2 px-3 text-sm font-bold text-slate-500">{t("nav.quickLinks")}</h2>
            <ul className="flex flex-col gap-1">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={close} className={linkClass}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
