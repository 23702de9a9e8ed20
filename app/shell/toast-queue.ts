// The toasts of spec §8: any code may call showToast. This module is in every page's first scripts, so it
// only holds what is asked for until the region that shows the toasts (ToastRegion.tsx, with React Aria's
// queue) has loaded — the first time there is something to show — and then hands each toast to it.

export interface ToastMessage {
  title: string;
  tone: "success" | "error";
}

const waiting: ToastMessage[] = [];
const listeners = new Set<() => void>();
let deliver: ((toast: ToastMessage) => void) | null = null;

export function showToast(title: string, tone: ToastMessage["tone"]): void {
  if (deliver) return deliver({ title, tone });
  waiting.push({ title, tone });
  for (const listener of listeners) listener();
}

/** Calls `listener` when a toast waits for the region (Toasts.tsx then loads it); answers the unsubscribe. */
export function onToastWaiting(listener: () => void): () => void {
  listeners.add(listener);
  if (waiting.length > 0) listener();
  return () => listeners.delete(listener);
}

/** The region's queue takes the toasts: those that waited, then every new one. */
export function connectToastRegion(add: (toast: ToastMessage) => void): void {
  deliver = add;
  for (const toast of waiting.splice(0)) add(toast);
}
