// Server-side messages (API answers, page titles) from the same catalogs the UI uses.
import i18next from "i18next";
import ar from "../app/i18n/ar.json" with { type: "json" };
import en from "../app/i18n/en.json" with { type: "json" };
import type { Language } from "../common/language.ts";

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<typeof en>;

export const catalogs = { ar, en } as const;

const instances = Object.fromEntries(
  (["ar", "en"] as const).map((language) => {
    const instance = i18next.createInstance();
    void instance.init({ lng: language, resources: { [language]: { translation: catalogs[language] } }, initAsync: false, interpolation: { escapeValue: false } });
    return [language, instance];
  }),
) as Record<Language, typeof i18next>;

export function translate(language: Language, key: MessageKey, values?: Record<string, unknown>): string {
  return instances[language].t(key as string, values ?? {}) as string;
}
