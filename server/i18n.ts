// Server-side messages (API answers, page titles) from the same catalogs the UI uses, typed by the same keys
// (common/message-key.ts), and said by the same translator (common/i18n/translator.ts).
import ar from "../common/i18n/ar.json" with { type: "json" };
import en from "../common/i18n/en.json" with { type: "json" };
import { createTranslator } from "../common/i18n/translator.ts";
import type { Language } from "../common/language.ts";
import type { MessageKey, PlainKey, ValuesOf } from "../common/message-key.ts";

export type { MessageKey, PlainKey };

export const catalogs = { ar, en } as const;

const translators = { ar: createTranslator("ar", ar), en: createTranslator("en", en) };

/** `translate("ar", "api.ok")`, `translate(language, "auth.retryIn", { count: seconds })`. */
export function translate<Key extends MessageKey>(language: Language, key: Key, ...[values]: ValuesOf<Key>): string {
  return translators[language](key, values);
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
