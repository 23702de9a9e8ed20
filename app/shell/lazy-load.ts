// Every lazily loaded part of the site (overlays, dialogs, tabs, form checks) is fetched through
// loadInTime: a part that has not arrived within the spec's LAZY_LOAD_TIMEOUT_MS (§8, §9) is a load
// error, which the part shows as the error state with a retry (useLazy.ts, LazyPart.tsx).
import type { ComponentType } from "react";
import { LAZY_LOAD_TIMEOUT_MS } from "../../common/constants.ts";

export class LazyLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`A lazily loaded part did not arrive within ${timeoutMs} ms`);
    this.name = "LazyLoadTimeoutError";
  }
}

/** A lazily loaded component with React Aria's locale around it (AriaLocale.tsx, loaded with the first such part). */
export function loadLocalised<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () => Promise.all([load(), import("./AriaLocale.tsx")]).then(([Part, { withAriaLocale }]) => withAriaLocale(Part));
}

/** `load()`, or a LazyLoadTimeoutError once `timeoutMs` have passed without it settling. */
export function loadInTime<T>(load: () => Promise<T>, timeoutMs = LAZY_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LazyLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// Optional code (an overlay's, a dialog's) is preloaded only once the page is interactive: never in the
// same stretch as the page's own scripts, which it would slow down and whose "JavaScript before
// interactive" budget it would join when it happens to arrive first (tests/e2e/budgets.test.ts). A
// component's effect runs before its parents' (SiteShell's hydration mark is the last of the commit), and
// a part mounted by a later commit or outside the shell has no order to rely on: so every preload waits
// for the mark itself, then for the window's load event, then for the browser to be idle.

let interactive = false;
const waitingForInteractive = new Set<() => void>();

/** Called once React has hydrated the document (SiteShell): marks it (tests wait for data-hydrated) and lets the preloads go. */
export function markInteractive(): void {
  document.documentElement.dataset.hydrated = "true";
  if (interactive) return;
  interactive = true;
  for (const resume of [...waitingForInteractive]) resume();
  waitingForInteractive.clear();
}

/** Whether the browser says the visitor wants to save data (`navigator.connection.saveData`). */
export function saveDataRequested(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Runs `task` once the page is interactive (markInteractive), loaded (the window's load event) and the
 * browser idle — in that order, each step in a task of its own. Returns the cancel function.
 */
export function whenIdleAfterInteractive(task: () => void): () => void {
  // A visitor who asked to save data (Chrome's Lite mode, the Save-Data setting) gets optional code only on
  // intent or use, never ahead of it.
  if (saveDataRequested()) return () => {};
  let cancelled = false;
  let cancelIdle = () => {};
  const onIdle = () => {
    if (!cancelled) task();
  };
  const idle = () => {
    if (cancelled) return;
    if (window.requestIdleCallback) {
      const handle = window.requestIdleCallback(onIdle);
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(onIdle, 1500);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  const afterLoad = () => {
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  };
  if (interactive) afterLoad();
  else waitingForInteractive.add(afterLoad);
  return () => {
    cancelled = true;
    waitingForInteractive.delete(afterLoad);
    window.removeEventListener("load", idle);
    cancelIdle();
  };
}
