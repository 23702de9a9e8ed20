// The two languages of the site. Arabic is the default and is written right to left.

export const LANGUAGES = ["ar", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ar";

/** Cookie and localStorage key that keep the visitor's choice; `?lang=` on any URL sets it. */
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_QUERY_PARAM = "lang";

export function isLanguage(value: unknown): value is Language {
  return value === "ar" || value === "en";
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

export function otherLanguage(language: Language): Language {
  return language === "ar" ? "en" : "ar";
}

/** Picks the language from an Accept-Language header: the first of ar/en it names, else the default. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().split("-")[0];
    if (isLanguage(tag)) return tag;
  }
  return DEFAULT_LANGUAGE;
}

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** Turns Arabic-Indic (٠–٩) and Persian (۰–۹) digits into ASCII digits; other characters are kept. */
export function normaliseDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const base = code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - base);
  });
}
