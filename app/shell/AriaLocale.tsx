// React Aria's locale (its overlays' direction, its number and date formats) for the parts that use its
// components. Those parts are all loaded lazily (overlays, dialogs, tabs) or are pages of their own, so the
// provider comes with them rather than in every page's first scripts (docs/PERFORMANCE.md).
import { I18nProvider } from "react-aria-components";
import type { ComponentType } from "react";
import { useShell } from "./ShellContext.tsx";

const localised = new WeakMap<ComponentType<never>, ComponentType<never>>();

/** `Part` inside React Aria's I18nProvider of the page's language; the same wrapper for the same part. */
export function withAriaLocale<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  let wrapped = localised.get(Part as ComponentType<never>) as ComponentType<P> | undefined;
  if (!wrapped) {
    wrapped = function Localised(props: P) {
      const { language } = useShell().shell;
      return (
        <I18nProvider locale={language === "ar" ? "ar-SY" : "en-GB"}>
          <Part {...props} />
        </I18nProvider>
      );
    };
    localised.set(Part as ComponentType<never>, wrapped as ComponentType<never>);
  }
  return wrapped;
}
