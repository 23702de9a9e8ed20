// A button that opens an overlay whose code is loaded lazily (useLazy.ts). Before the code has
// arrived a press loads it and then opens the overlay, so no press is lost; if it does not arrive, the
// error state's retry loads it and opens the overlay.
import { useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from "react";
import { OverlayErrorState } from "./ErrorState.tsx";
import { whenIdleAfterInteractive } from "./lazy-load.ts";
import { intentProps, useLazyComponent, type Preload } from "./useLazy.ts";

export interface OverlayProps {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}

export function OverlayTrigger({
  load,
  label,
  className,
  children,
  isOpen: controlledOpen,
  onOpenChange: controlledChange,
  preload = "intent",
  ariaLocale = true,
}: {
  load: () => Promise<ComponentType<OverlayProps>>;
  /** When the overlay's code is fetched before the first press: on intent (hover, focus, touch) or also at idle. */
  preload?: Preload;
  /** False for an overlay built without React Aria's components: no locale provider is loaded with it. */
  ariaLocale?: boolean;
  label?: string;
  className: string;
  children: ReactNode;
  isOpen?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [localOpen, setLocalOpen] = useState(false);
  const isOpen = controlledOpen ?? localOpen;
  const setOpen = controlledChange ?? setLocalOpen;
  const [Overlay, ensure, loadFailed, dismissFailure, prepare] = useLazyComponent(load, { ariaLocale });
  // An idle preload only while the trigger is on screen (the phone's menu button is hidden on a desktop).
  useEffect(() => {
    if (preload !== "idle") return;
    return whenIdleAfterInteractive(() => {
      if (triggerRef.current?.getClientRects().length) prepare();
    });
  }, [preload, prepare]);
  const openOnceLoaded = () => void ensure().then((loaded) => loaded && setOpen(true));
  // A press on the trigger while the overlay is open first closes it as an outside press; the
  // click that follows must not open it again.
  const openAtPointerDown = useRef(false);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        className={className}
        {...intentProps(prepare)}
        onPointerDown={() => {
          openAtPointerDown.current = isOpen;
        }}
        // The overlay takes the focus in the frame after it opens: an Escape pressed before that (a quick hand on a
        // slow phone) reaches this button, and closes the overlay as it would from inside.
        onKeyDown={(event) => {
          if (event.key === "Escape" && isOpen) {
            event.preventDefault();
            setOpen(false);
          }
        }}
        onClick={() => {
          if (openAtPointerDown.current) {
            openAtPointerDown.current = false;
            setOpen(false);
          } else if (Overlay) setOpen(!isOpen);
          else openOnceLoaded();
        }}
      >
        {children}
      </button>
      {Overlay ? <Overlay triggerRef={triggerRef} isOpen={isOpen} onOpenChange={setOpen} /> : null}
      {loadFailed ? <OverlayErrorState onRetry={openOnceLoaded} onDismiss={dismissFailure} /> : null}
    </>
  );
}
