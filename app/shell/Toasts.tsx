import { useEffect, useState } from "react";
import { OverlayErrorState } from "./ErrorState.tsx";
import { onToastWaiting } from "./toast-queue.ts";
import { useLazyComponent } from "./useLazy.ts";

const loadRegion = () => import("./ToastRegion.tsx").then((module) => module.default);

/** Mounts the toast region once there is a toast to show (its code is fetched then). */
export function Toasts() {
  const [Region, ensure, loadFailed, dismissFailure] = useLazyComponent(loadRegion);
  const [hasToasts, setHasToasts] = useState(false);
  useEffect(
    () =>
      onToastWaiting(() => {
        setHasToasts(true);
        void ensure();
      }),
    [ensure],
  );
  if (loadFailed) return <OverlayErrorState onRetry={() => void ensure()} onDismiss={dismissFailure} />;
  return Region && hasToasts ? <Region /> : null;
}
