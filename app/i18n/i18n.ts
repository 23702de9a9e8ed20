// The i18next instance of a catalog (the page language's: the browser never fetches the other language's
// messages). One per catalog object: the server's two catalogs are built once, not on every render.
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../common/language.ts";

export type Messages = Record<string, unknown>;

const instances = new WeakMap<Messages, i18n>();

export function createI18n(language: Language, messages: Messages): i18n {
  const existing = instances.get(messages);
  if (existing?.language === language) return existing;
  const instance = i18next.createInstance();
  instances.set(messages, instance);
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
