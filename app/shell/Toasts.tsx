import { useEffect, useState } from "react";
import { OverlayErrorState } from "./ErrorState.tsx";
import { useLazyComponent } from "./useLazy.ts";
import { toastQueue } from "./toast-queue.ts";

const loadRegion = () => import("./ToastRegion.tsx").then((module) => module.default);

/** Mounts the toast region once there is a toast to show (its code is fetched at idle time). */
export function Toasts() {
  const [Region, ensure, loadFailed, dismissFailure] = useLazyComponent(loadRegion);
  const [hasToasts, setHasToasts] = useState(false);
  useEffect(
    () =>
      toastQueue.subscribe(() => {
        if (toastQueue.visibleToasts.length > 0) {
          setHasToasts(true);
          void ensure();
        }
      }),
    [ensure],
  );
  if (loadFailed) return <OverlayErrorState onRetry={() => void ensure()} onDismiss={dismissFailure} />;
  return Region && hasToasts ? <Region /> : null;
}
