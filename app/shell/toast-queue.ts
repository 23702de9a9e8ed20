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

// While the browser's own modal dialog is open (the phone's menu, overlays/SidebarModal.tsx), the page behind it is
// inert and under its backdrop: a toast left in <body> would show dimmed, and could be neither read by a screen reader
// nor pressed. The dialog hosts the toasts meanwhile (ToastRegion.tsx portals the region into it).
let host: HTMLElement | null = null;
const hostListeners = new Set<() => void>();

/** `element` hosts the toasts until the function answered is called. */
export function hostToastsIn(element: HTMLElement): () => void {
  host = element;
  for (const listener of hostListeners) listener();
  return () => {
    if (host !== element) return;
    host = null;
    for (const listener of hostListeners) listener();
  };
}

/** The element that hosts the toasts now, null for the page's body. */
export function toastHost(): HTMLElement | null {
  return host;
}

/** Calls `listener` when the host changes; answers the unsubscribe. */
export function onToastHostChange(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}
