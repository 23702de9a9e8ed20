// The mobile sidebar's panel: a modal that slides in from the start side (right in Arabic).
//
// It is the browser's own modal <dialog> (showModal), not React Aria's Modal and Dialog: the phone's menu is the one
// overlay fetched at idle time on every phone view (MobileSidebar), and React Aria's overlay stack was 80 KB of
// JavaScript (27 KB brotli, eleven files) fetched and run on every such view, for a panel of links. The platform
// gives what a modal needs: the top layer, the rest of the page inert (for the keyboard, the pointer and screen
// readers), the dialog role, and Escape (the `cancel` event). This file adds what it does not: focus moved into
// the panel and kept there (Tab wraps), given back to the menu button when it closes, a press outside closes it,
// the page behind does not scroll, and the panel closes (or never opens) when the window grows past the breakpoint
// where the header shows the sections itself (a modal hidden by CSS would leave the page inert). Every browser the
// build targets has the modal dialog (Vite's default: Chrome and Edge 111, Firefox 114, Safari and iOS 16.4); the
// backdrop's colour is a literal, since `::backdrop` inherits no custom property before Chrome 122 and Safari 17.4.
import { useEffect, useRef, type MouseEvent, type PointerEvent } from "react";
import { NavLink } from "react-router";
import { MOBILE_BREAKPOINT_PX } from "../../../common/constants.ts";
import { useTranslation } from "../../i18n/react.ts";
import { CloseIcon } from "../icons.tsx";
import { QUICK_LINKS, SECTION_LINKS } from "../navigation.ts";
import { hostToastsIn } from "../toast-queue.ts";
import type { OverlayProps } from "../OverlayTrigger.tsx";

const linkClass = "block rounded-md px-3 py-2.5 font-bold text-slate-800 hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";

/**
 * Where the header shows the sections itself and the panel has no place: the phone layout's end, in rem as app.css's
 * --breakpoint-nav (the `nav:` variant) is, so both follow the same font size.
 */
const WIDE_ENOUGH_FOR_THE_HEADER = `(min-width: ${MOBILE_BREAKPOINT_PX / 16}rem)`;

const FOCUSABLE = "a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex='-1'])";

/**
 * Tab and Shift+Tab go round the panel's controls; the page behind is inert, but the browser's own bar is not. A
 * listener of the element itself, not React's: a toast shown in the panel (toast-queue.ts) is portaled there from
 * another part of React's tree, so React would not bring its keys here, and Tab from its button would leave.
 */
function keepFocusInside(event: KeyboardEvent) {
  const dialog = event.currentTarget as HTMLDialogElement;
  if (event.key !== "Tab") return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export default function SidebarModal({ isOpen, onOpenChange, triggerRef }: OverlayProps) {
  if (!isOpen) return null;
  return <SidebarPanel close={() => onOpenChange(false)} triggerRef={triggerRef} />;
}

function SidebarPanel({ close, triggerRef }: { close(): void; triggerRef: OverlayProps["triggerRef"] }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    const dialog = dialogRef.current!;
    const trigger = triggerRef.current;
    const wide = window.matchMedia(WIDE_ENOUGH_FOR_THE_HEADER);
    // The window grew past the breakpoint while the panel's code was coming: it is not opened at all.
    if (wide.matches) {
      closeRef.current();
      return;
    }
    const root = document.documentElement;
    const scroll = { overflow: root.style.overflow, gutter: root.style.scrollbarGutter };
    // The page behind does not scroll. Where its scrollbar took room (a desktop window made narrow; a phone's takes
    // none), the room stays, on whichever side the browser keeps it: the page and its fixed parts do not shift.
    const width = root.clientWidth;
    root.style.overflow = "hidden";
    if (root.clientWidth > width) root.style.scrollbarGutter = "stable";
    dialog.showModal();
    // A toast that comes while the panel is open shows in it, above the backdrop (toast-queue.ts).
    const stopHostingToasts = hostToastsIn(dialog);
    // The panel itself takes the focus, as a dialog's first stop: a screen reader reads its name, the next Tab its first control.
    dialog.focus();
    const closeWhenWide = () => {
      if (wide.matches) closeRef.current();
    };
    wide.addEventListener("change", closeWhenWide);
    dialog.addEventListener("keydown", keepFocusInside);
    return () => {
      dialog.removeEventListener("keydown", keepFocusInside);
      wide.removeEventListener("change", closeWhenWide);
      stopHostingToasts();
      if (dialog.open) dialog.close();
      root.style.overflow = scroll.overflow;
      root.style.scrollbarGutter = scroll.gutter;
      // Back to the button that opened it, without scrolling there (a link in the panel may have moved the page).
      trigger?.focus({ preventScroll: true });
    };
  }, [triggerRef]);

  // A press on the dimmed page closes it: the dialog element itself is the target only there (its content fills
  // its box), and the press must begin there too (a drag from a link out to the dimmed page is not one), outside
  // its box (its own scrollbar is part of it). A click with no press before it (a script's) closes nothing.
  const pressedOutside = useRef(false);
  const onTheBackdrop = (event: PointerEvent<HTMLDialogElement> | MouseEvent<HTMLDialogElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    return event.target === event.currentTarget && !inside;
  };

  return (
    <dialog
      ref={dialogRef}
      aria-label={t("nav.mainSections")}
      tabIndex={-1}
      data-testid="mobile-sidebar"
      onCancel={(event) => {
        // Escape: React unmounts the panel (the cleanup above closes it and gives focus back).
        event.preventDefault();
        close();
      }}
      onPointerDown={(event) => {
        pressedOutside.current = onTheBackdrop(event);
      }}
      onClick={(event) => {
        if (pressedOutside.current && onTheBackdrop(event)) close();
        pressedOutside.current = false;
      }}
      className="fixed inset-y-0 start-0 end-auto m-0 h-full max-h-none w-72 max-w-[85vw] overflow-y-auto overscroll-contain border-0 bg-white p-0 shadow-xl outline-none backdrop:bg-[rgb(0_0_0/0.4)] nav:hidden"
    >
      <div className="flex min-h-full flex-col gap-6 p-4">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-bold text-brand-800">{t("brand.name")}</h2>
          <button type="button" aria-label={t("nav.closeMenu")} onClick={close} className="rounded-md p-2 hover:bg-slate-100">
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t("nav.mainSections")}>
          <LinkList links={SECTION_LINKS} onFollow={close} />
        </nav>
        <nav aria-label={t("nav.quickLinks")}>
          <h2 className="mb-2 px-3 text-sm font-bold text-slate-500">{t("nav.quickLinks")}</h2>
          <LinkList links={QUICK_LINKS} onFollow={close} />
        </nav>
      </div>
    </dialog>
  );
}

/** A list of the panel's links; following one closes the panel. */
function LinkList({ links, onFollow }: { links: typeof SECTION_LINKS; onFollow(): void }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} onClick={onFollow} className={linkClass}>
            {t(link.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
