// One i18next instance per render, built from the catalog of the page's language (sent with the
// root loader's data, so the browser never fetches the other language's messages).
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../common/language.ts";

export type Messages = Record<string, unknown>;

export function createI18n(language: Language, messages: Messages): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
