import { useEffect, useState } from "react";
import { useLazyComponent } from "./useLazy.ts";
import { toastQueue } from "./toast-queue.ts";

const loadRegion = () => import("./ToastRegion.tsx").then((module) => module.default);

/** Mounts the toast region once there is a toast to show (its code is fetched at idle time). */
export function Toasts() {
  const [Region, ensure] = useLazyComponent(loadRegion);
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
  return Region && hasToasts ? <Region /> : null;
}
