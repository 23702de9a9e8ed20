// Overlays (menus, sidebar, toasts, dialogs) are not needed to paint or use the page, so their code is not
// loaded before the page is interactive. Each is fetched at first use, and earlier either on intent — the
// pointer over its trigger, the trigger focused or touched (`prepare`) — or, for the few a visitor is likely
// to open (the phone's menu), when the browser is idle after the page is interactive (whenIdleAfterInteractive),
// which a data-saver connection never does. A part asked for that does not arrive in time (loadInTime) is
// reported as failed: the caller shows the error state, whose retry asks again. A preload nobody asked for
// fails quietly.
import { useCallback, useEffect, useMemo, useState, type ComponentType } from "react";
import { loadInTime, loadLocalised, whenIdleAfterInteractive } from "./lazy-load.ts";

/** When a lazy part's code is fetched before its first use: when the browser is idle, or on intent only. */
export type Preload = "idle" | "intent";

/**
 * A lazily loaded part: `preload` says when its code comes ahead of use; `ariaLocale: false` for a part that uses
 * none of React Aria's components (it then loads without React Aria's locale provider, AriaLocale.tsx).
 */
export function useLazyComponent<P extends object>(loadPart: () => Promise<ComponentType<P>>, { preload = "intent", ariaLocale = true }: { preload?: Preload; ariaLocale?: boolean } = {}) {
  const load = useMemo(() => (ariaLocale ? loadLocalised(loadPart) : loadPart), [loadPart, ariaLocale]);
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
  /** Fetches the code ahead of its use (intent shown); a failure here is not shown: the use will retry. */
  const prepare = useCallback(() => {
    loadInTime(load).then(
      (loaded) => setComponent(() => loaded),
      () => {},
    );
  }, [load]);
  useEffect(() => {
    if (preload !== "idle") return;
    return whenIdleAfterInteractive(prepare);
  }, [prepare, preload]);
  const dismissFailure = useCallback(() => setFailed(false), []);
  return [Component, ensure, failed, dismissFailure, prepare] as const;
}

/** The props that fetch a lazy part's code when its trigger shows intent: hovered, focused or touched. */
export function intentProps(prepare: () => void) {
  return { onPointerEnter: prepare, onFocus: prepare, onTouchStart: prepare };
}
