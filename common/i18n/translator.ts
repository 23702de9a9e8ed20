// One language's translator over its catalog: what the screens say (app/i18n/i18n.ts, in the browser and in the
// server's render) and what the server says in its own answers (server/i18n.ts). It does what the site asked of
// i18next, and no more, so that neither the browser nor the server loads i18next (16 KB gzip in the browser; on
// the server its `t` with values took about 40 µs a call here, this one about 8). The same rules as i18next's with
// this site's options (app/i18n/i18n.test.ts holds the two to the same answers on every message of both catalogs):
//  - keys are dot paths into the nested catalog; a key that is not a message gives the key itself;
//  - `{{name}}` takes `values.name` as it is (no HTML escaping: React escapes, and API answers are JSON); a
//    placeholder without a value stays as written, and a null value is said as nothing;
//  - a numeric `count` picks `key_zero` for 0 when there is one, else `key_<plural category>` of the
//    language (Intl.PluralRules: Arabic has zero, one, two, few, many, other), else `key`.
//
// What it makes takes any text, so that a key that comes as data (a Zod issue's message) can be looked up too;
// the translators built on it (`t`, `translate`) take only the catalog's keys (common/message-key.ts): a wrong
// key written in code is a type error, not a key on the screen.
import type { Language } from "../language.ts";
import type { TranslationValues } from "../message-key.ts";

export type Messages = Record<string, unknown>;

/**
 * `t("key")` without values always gives the same text for one catalog: the answers are remembered (a page's
 * server render asks for the same few hundred keys again and again), bounded against keys built from input.
 */
const MAX_REMEMBERED_MESSAGES = 5_000;

/** Looks a key (or a text that may be one) up in one catalog: the text of the message, or the key itself. */
export type Translate = (key: string, values?: TranslationValues) => string;

export function createTranslator(language: Language, messages: Messages): Translate {
  const plurals = new Intl.PluralRules(language);
  const remembered = new Map<string, string>();
  const t = (key: string, values?: TranslationValues): string => {
    if (values === undefined) {
      let text = remembered.get(key);
      if (text === undefined) {
        text = translate(messages, plurals, key, undefined);
        if (remembered.size < MAX_REMEMBERED_MESSAGES) remembered.set(key, text);
      }
      return text;
    }
    return translate(messages, plurals, key, values);
  };
  return t;
}

function translate(messages: Messages, plurals: Intl.PluralRules, key: string, values: TranslationValues | undefined): string {
  if (typeof key !== "string") return String(key);
  const count = values?.count;
  const candidates = typeof count === "number" ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${plurals.select(count)}`, key] : [key];
  for (const candidate of candidates) {
    const found = find(messages, candidate.split("."));
    if (typeof found === "string") return values ? interpolate(found, values) : found;
  }
  return key;
}

/** The value at a dot path; a level may also hold a key with dots in it (as i18next looks it up). */
function find(node: unknown, parts: string[]): unknown {
  if (parts.length === 0) return node;
  if (typeof node !== "object" || node === null) return undefined;
  const record = node as Record<string, unknown>;
  for (let take = 1; take <= parts.length; take++) {
    const name = parts.slice(0, take).join(".");
    if (!Object.hasOwn(record, name)) continue;
    const found = find(record[name], parts.slice(take));
    if (found !== undefined) return found;
  }
  return undefined;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function interpolate(text: string, values: TranslationValues): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name.trim()];
    if (value === undefined) return placeholder;
    // null says nothing, as i18next says it.
    return value === null ? "" : String(value);
  });
}
