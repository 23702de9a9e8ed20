// The floating Support button (spec §2 overlays); its four-link menu is overlays/SupportPopover.
import { useTranslation } from "react-i18next";
import { HeadsetIcon } from "./icons.tsx";
import { OverlayTrigger } from "./OverlayTrigger.tsx";

const loadSupportPopover = () => import("./overlays/SupportPopover.tsx").then((module) => module.default);

export function SupportMenu() {
  const { t } = useTranslation();
  return (
    <div className="fixed bottom-4 end-4 z-30">
      <OverlayTrigger load={loadSupportPopover} className="flex items-center gap-2 rounded-full bg-accent-400 px-4 py-3 font-bold text-slate-900 shadow-lg hover:bg-accent-500">
        <HeadsetIcon />
        {t("support.button")}
      </OverlayTrigger>
    </div>
  );
}
