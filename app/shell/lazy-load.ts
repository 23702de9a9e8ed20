// Every lazily loaded part of the site (overlays, dialogs, tabs, form checks) is fetched through
// loadInTime: a part that has not arrived within the spec's LAZY_LOAD_TIMEOUT_MS (§8, §9) is a load
// error, which the part shows as the error state with a retry (useLazy.ts, LazyPart.tsx).
import { LAZY_LOAD_TIMEOUT_MS } from "../../common/constants.ts";

export class LazyLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`A lazily loaded part did not arrive within ${timeoutMs} ms`);
    this.name = "LazyLoadTimeoutError";
  }
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
