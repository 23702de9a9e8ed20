// A button that opens an overlay whose code is loaded lazily (useLazy.ts). Before the code has
// arrived a press loads it and then opens the overlay, so no press is lost; if it does not arrive, the
// error state's retry loads it and opens the overlay.
import { useRef, useState, type ComponentType, type ReactNode, type RefObject } from "react";
import { OverlayErrorState } from "./ErrorState.tsx";
import { useLazyComponent } from "./useLazy.ts";

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
}: {
  load: () => Promise<ComponentType<OverlayProps>>;
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
  const [Overlay, ensure, loadFailed, dismissFailure] = useLazyComponent(load);
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
        onPointerDown={() => {
          openAtPointerDown.current = isOpen;
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
