// The floating Support button (spec §2 overlays); its four-link menu is overlays/SupportPopover.
//
// It never lies over a link, a button or a field of the page (issue 15, item 8). Its place is the corner at
// the bottom, on the reading end side (its "spot", the wrapper below). It shows whole there only while the
// spot is clear: no visible link, button or field within 4 px of it. Otherwise, and always while the page
// scrolls, it waits as a slim tab in the page's side margin (12 px wide, flush with the screen's edge; the
// page's content keeps 16 px from the edge), and it comes back half a second after the scrolling stops if
// its spot is clear then. The tab is the same button, drawn narrower (a transform: no layout moves), so
// keyboard and screen reader access do not change: in the tab order after the footer, named "Support",
// whole again as soon as it has keyboard focus or its menu is open; a tap or click on the tab opens the menu.
// The server renders it as the tab; the first check after hydration shows it when its spot is clear.
// app.css draws the two forms (.support-float); with reduced motion it changes form without animating.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { HeadsetIcon } from "./icons.tsx";
import { OverlayTrigger } from "./OverlayTrigger.tsx";

const loadSupportPopover = () => import("./overlays/SupportPopover.tsx").then((module) => module.default);

/** How long after the last scroll (or resize) the button looks at its spot again. */
export const SUPPORT_SETTLE_MS = 500;
/** What the button must never cover; a region made focusable (a scrolling table box) counts too. */
const INTERACTIVE = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";
/** The width of the tab the button becomes (the page's content keeps 16 px from the screen's edge). */
const TAB_WIDTH_PX = 12;
/** The clearance the spot needs around it. */
const CLEARANCE_PX = 4;

/** True when no visible link, button or field (other than inside `own`) lies within 4 px of `spot`. */
export function spotIsClear(spot: DOMRect, own: Element): boolean {
  const left = spot.left - CLEARANCE_PX;
  const right = spot.right + CLEARANCE_PX;
  const top = spot.top - CLEARANCE_PX;
  const bottom = spot.bottom + CLEARANCE_PX;
  for (const control of document.querySelectorAll(INTERACTIVE)) {
    if (own.contains(control)) continue;
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.left >= right || box.right <= left || box.top >= bottom || box.bottom <= top) continue;
    // Only now the dearer question (few controls are near the corner): is it drawn at all?
    if (typeof control.checkVisibility !== "function" || control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
  }
  return true;
}

export function SupportMenu() {
  const { t } = useTranslation();
  const spotRef = useRef<HTMLDivElement>(null);
  const recheckRef = useRef<() => void>(() => {});
  const { key: locationKey } = useLocation();
  useEffect(() => {
    const spot = spotRef.current;
    if (!spot) return;
    let settleTimer: number | undefined;
    let frame: number | undefined;
    // data-shown is set here only, never by React: the server's markup (and any re-render) leaves it to this.
    // data-pending while a look is planned: the button is about to change form (tests wait for it to settle).
    const settle = () => {
      settleTimer = undefined;
      frame = undefined;
      spot.removeAttribute("data-pending");
      if (spot.offsetWidth > 0) spot.style.setProperty("--support-tab-scale", String(TAB_WIDTH_PX / spot.offsetWidth));
      spot.toggleAttribute("data-shown", spotIsClear(spot.getBoundingClientRect(), spot));
    };
    const onMove = () => {
      spot.removeAttribute("data-shown");
      // A look planned before the scroll would show the button in the middle of it.
      if (frame !== undefined) window.cancelAnimationFrame(frame);
      frame = undefined;
      window.clearTimeout(settleTimer);
      spot.setAttribute("data-pending", "");
      settleTimer = window.setTimeout(settle, SUPPORT_SETTLE_MS);
    };
    // The page changed under a button at rest (a section opened, another page): look again at the next frame.
    const recheck = () => {
      if (settleTimer !== undefined || frame !== undefined) return;
      spot.setAttribute("data-pending", "");
      frame = window.requestAnimationFrame(settle);
    };
    recheckRef.current = recheck;
    window.addEventListener("scroll", onMove, { passive: true });
    window.addEventListener("resize", onMove);
    const bodyResized = new ResizeObserver(recheck);
    bodyResized.observe(document.body);
    recheck();
    return () => {
      window.removeEventListener("scroll", onMove);
      window.removeEventListener("resize", onMove);
      bodyResized.disconnect();
      window.clearTimeout(settleTimer);
      if (frame !== undefined) window.cancelAnimationFrame(frame);
      spot.removeAttribute("data-pending");
      recheckRef.current = () => {};
    };
  }, []);
  useEffect(() => recheckRef.current(), [locationKey]);
  return (
    // 48 px high, 16 px from the bottom: the footer keeps that band clear at the end of every page. Below
    // 640 px it is a round icon (its label still names it); from 640 px it shows its "Support" label.
    <div ref={spotRef} className="support-float">
      <OverlayTrigger load={loadSupportPopover} className="flex size-12 items-center justify-center gap-2 rounded-full bg-accent-400 font-bold text-slate-900 shadow-lg hover:bg-accent-500 sm:size-auto sm:px-4 sm:py-3">
        <HeadsetIcon />
        <span className="sr-only sm:not-sr-only">{t("support.button")}</span>
      </OverlayTrigger>
    </div>
  );
}
