// How a lazily loaded super clip tab reads its data (its own module, so that the code loads with the
// tabs that use it, not before the screen is interactive).
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The data of one tab, from its route. The tab asks for it itself, once when it is first shown (unless the
 * page brought it: `initial`, when the page opened on that tab) and again only when told (cancel, a search,
 * after a save). It is not a React Router fetcher on purpose: the router loads fetchers again after every
 * action, which would fetch a tab's data on another tab's save and replace what is being typed.
 * A failed load is ignored and the tab keeps what it has (spec §8: loading just ends).
 */
export function useTabData<T>(initial: T | undefined, firstUrl: string) {
  const [data, setData] = useState(initial);
  const [isLoading, setIsLoading] = useState(initial === undefined);
  const latest = useRef(0);
  const load = useCallback(async (url: string): Promise<void> => {
    const call = ++latest.current;
    setIsLoading(true);
    try {
      const response = await fetch(url, { headers: { accept: "application/json" } });
      // A session that has ended is sent home by the route: go there.
      if (response.redirected) window.location.assign(response.url);
      else if (response.ok) {
        const answer = (await response.json()) as T;
        if (call === latest.current) setData(answer); // a later load (a newer search) wins
      }
    } catch {
      // kept as it was
    } finally {
      if (call === latest.current) setIsLoading(false);
    }
  }, []);
  const asked = useRef(initial !== undefined);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void load(firstUrl);
  }, [load, firstUrl]);
  return { data, isLoading, load };
}
