// The mobile sidebar of spec §2, below 1100 px: its toggle here, its panel in overlays/SidebarModal (the browser's
// own modal dialog: no React Aria, so none of its locale either).
import { useTranslation } from "../i18n/react.ts";
import { MenuIcon } from "./icons.tsx";
import { OverlayTrigger } from "./OverlayTrigger.tsx";

const loadSidebar = () => import("./overlays/SidebarModal.tsx").then((module) => module.default);

export function MobileSidebar() {
  const { t } = useTranslation();
  return (
    <OverlayTrigger load={loadSidebar} preload="idle" ariaLocale={false} label={t("nav.openMenu")} className="rounded-md p-2 text-brand-800 hover:bg-brand-50 nav:hidden">
      <MenuIcon width={24} height={24} />
    </OverlayTrigger>
  );
}
