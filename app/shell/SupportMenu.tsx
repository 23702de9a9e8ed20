// The floating Support button (spec §2 overlays); its four-link menu is overlays/SupportPopover.
import { useTranslation } from "../i18n/react.ts";
import { HeadsetIcon } from "./icons.tsx";
import { OverlayTrigger } from "./OverlayTrigger.tsx";

const loadSupportPopover = () => import("./overlays/SupportPopover.tsx").then((module) => module.default);

export function SupportMenu() {
  const { t } = useTranslation();
  return (
    // 48 px high, 16 px from the bottom: the footer keeps that band clear at the end of every page. On a phone
    // it is a round icon (its label still names it) so that less of the page passes under it while scrolling.
    <div className="fixed bottom-4 end-4 z-30">
      <OverlayTrigger load={loadSupportPopover} className="flex size-12 items-center justify-center gap-2 rounded-full bg-accent-400 font-bold text-slate-900 shadow-lg hover:bg-accent-500 sm:size-auto sm:px-4 sm:py-3">
        <HeadsetIcon />
        <span className="sr-only sm:not-sr-only">{t("support.button")}</span>
      </OverlayTrigger>
    </div>
  );
}
