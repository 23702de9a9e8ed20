// Overlays (menus, sidebar, toasts, dialogs) are not needed to paint or use the page, so their code is not
// loaded before the page is interactive: it is fetched when the browser is idle, or at first use. A part
// asked for that does not arrive in time (loadInTime) is reported as failed: the caller shows the error
// state, whose retry asks again. A preload nobody asked for fails quietly.
import { useCallback, useEffect, useState, type ComponentType } from "react";
import { loadInTime } from "./lazy-load.ts";

export function useLazyComponent<P>(load: () => Promise<ComponentType<P>>, { preloadWhenIdle = true } = {}) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const [failed, setFailed] = useState(false);
  /** The component, once loaded; null (and `failed`) when it did not arrive. */
  const ensure = useCallback(async (): Promise<ComponentType<P> | null> => {
    setFailed(false);
    try {
      const loaded = await loadInTime(load);
      setComponent(() => loaded);
      return loaded;
    } catch {
      setFailed(true);
      return null;
    }
  }, [load]);
  useEffect(() => {
    if (!preloadWhenIdle) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    const handle = idle(() => void loadInTime(load).then((loaded) => setComponent(() => loaded), () => {}));
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle as number);
  }, [load, preloadWhenIdle]);
  const dismissFailure = useCallback(() => setFailed(false), []);
  return [Component, ensure, failed, dismissFailure] as const;
}
