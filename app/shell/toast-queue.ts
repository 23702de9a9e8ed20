// The queue behind the toasts (spec §8): any code may call showToast; the region that displays
// them (ToastRegion.tsx) is loaded lazily the first time it has something to show.
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import { TOAST_DURATION_MS } from "../../common/constants.ts";

export interface ToastMessage {
  title: string;
  tone: "success" | "error";
}

export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });

export function showToast(title: string, tone: ToastMessage["tone"]) {
  return toastQueue.add({ title, tone }, { timeout: TOAST_DURATION_MS });
}
