// Server-side messages (API answers, page titles) from the same catalogs the UI uses, typed by the same keys
// (common/message-key.ts): i18next is told the catalog's shape, so its own `t` refuses a key it lacks too.
import i18next from "i18next";
import ar from "../common/i18n/ar.json" with { type: "json" };
import en from "../common/i18n/en.json" with { type: "json" };
import type { Language } from "../common/language.ts";
import type { MessageKey, PlainKey, ValuesOf } from "../common/message-key.ts";

export type { MessageKey, PlainKey };

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

export const catalogs = { ar, en } as const;

const instances = Object.fromEntries(
  (["ar", "en"] as const).map((language) => {
    const instance = i18next.createInstance();
    void instance.init({ lng: language, resources: { [language]: { translation: catalogs[language] } }, initAsync: false, interpolation: { escapeValue: false } });
    return [language, instance];
  }),
) as Record<Language, typeof i18next>;

/** `translate("ar", "api.ok")`, `translate(language, "auth.retryIn", { count: seconds })`. */
export function translate<Key extends MessageKey>(language: Language, key: Key, ...[values]: ValuesOf<Key>): string {
  const message: MessageKey = key; // i18next's overloads take the union, not a type parameter
  return instances[language].t(message, values ?? {});
}

/** A plural form (`key_one`): not a key of its own (common/message-key.ts, PluralSuffix). */
const PLURAL_LEAF = /_(?:zero|one|two|few|many|other)$/;

function leavesOf(node: unknown, path = ""): string[] {
  if (typeof node === "string") return [path];
  return Object.entries(node as Record<string, unknown>).flatMap(([name, child]) => leavesOf(child, path ? `${path}.${name}` : name));
}

const plainKeys: ReadonlySet<string> = new Set(leavesOf(en).filter((leaf) => !PLURAL_LEAF.test(leaf)));

/**
 * Whether a text that arrives without a type (a Zod issue's message, a key read back from a cookie) is a
 * message of the catalogs said as it is: what lets it reach `translate` typed, without a cast.
 */
export function isMessageKey(text: string): text is PlainKey {
  return plainKeys.has(text);
}
