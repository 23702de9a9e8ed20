// What the components use of the translator: the provider the root layout puts around the page and
// useTranslation (the same shape as react-i18next's, which the site used before: `const { t, i18n }`).
import { createContext, createElement, useContext, type ReactNode } from "react";
import { latestI18n, type I18n } from "./i18n.ts";

const I18nContext = createContext<I18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

const itself = (key: string, _values?: unknown) => key;
const MISSING: I18n = { language: "ar", t: itself, messageOf: itself };

/** The page's translator; outside the provider (an error page without the shell), the last one set up. */
export function useTranslation(): I18n & { i18n: I18n } {
  const i18n = useContext(I18nContext) ?? latestI18n() ?? MISSING;
  return { t: i18n.t, messageOf: i18n.messageOf, language: i18n.language, i18n };
}
