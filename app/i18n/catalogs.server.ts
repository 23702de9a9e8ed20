// The message catalogs, loaded on the server only; a page receives just its own language's catalog.
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import type { Messages } from "./i18n.ts";

export function catalogFor(language: Language): Messages {
  return language === "ar" ? ar : en;
}
