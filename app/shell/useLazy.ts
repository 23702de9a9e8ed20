// Overlays (menus, sidebar, toasts) are not needed to paint or use the page, so their code is not
// loaded before the page is interactive: it is fetched when the browser is idle, or at first use.
import { useCallback, useEffect, useState, type ComponentType } from "react";

export function useLazyComponent<P>(load: () => Promise<ComponentType<P>>, { preloadWhenIdle = true } = {}) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const ensure = useCallback(async () => {
    const loaded = await load();
    setComponent(() => loaded);
    return loaded;
  }, [load]);
  useEffect(() => {
    if (!preloadWhenIdle) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    const handle = idle(() => void ensure());
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle as number);
  }, [ensure, preloadWhenIdle]);
  return [Component, ensure] as const;
}
