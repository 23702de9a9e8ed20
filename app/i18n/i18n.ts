// The translator of a catalog (the page language's: the browser never fetches the other language's
// messages). One per catalog object: the server's two catalogs are built once, not on every render.
//
// It does what the screens ask of i18next, and no more, so that the browser does not load i18next (16 KB
// gzip, most of the shell's own JavaScript) before a page is interactive. The same rules as i18next's
// with this site's options (server/i18n.ts keeps i18next for the server's own messages; i18n.test.ts holds
// the two to the same answers on every message of both catalogs):
//  - keys are dot paths into the nested catalog; a key that is not a message gives the key itself;
//  - `{{name}}` takes `values.name` as it is (no HTML escaping: React escapes); a placeholder without a
//    value stays as written;
//  - a numeric `count` picks `key_zero` for 0 when there is one, else `key_<plural category>` of the
//    language (Intl.PluralRules: Arabic has zero, one, two, few, many, other), else `key`.
//
// Its `t` takes only the catalog's keys (common/message-key.ts): a wrong key is a type error, not a key on
// the screen.
import type { Language } from "../../common/language.ts";
import type { TFunction, TranslationValues } from "../../common/message-key.ts";

export type Messages = Record<string, unknown>;

export interface I18n {
  language: Language;
  t: TFunction;
  /**
   * The text of a message whose key comes as data, not as code: a Zod issue of common/'s schemas (a catalog
   * key, or Zod's own English text when a schema gave none). The same lookup as `t`, untyped on purpose:
   * a key written in code goes through `t`.
   */
  messageOf: (keyOrText: string) => string;
}

const instances = new WeakMap<Messages, I18n>();
let latest: I18n | null = null;

/** The translator of the last catalog set up: what components outside a provider use (as react-i18next did). */
export function latestI18n(): I18n | null {
  return latest;
}

/**
 * `t("key")` without values always gives the same text for one catalog: the answers are remembered (a page's
 * server render asks for the same few hundred keys again and again), bounded against keys built from input.
 */
const MAX_REMEMBERED_MESSAGES = 5_000;

export function createI18n(language: Language, messages: Messages): I18n {
  const existing = instances.get(messages);
  if (existing?.language === language) {
    latest = existing;
    return existing;
  }
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
  const instance: I18n = { language, t, messageOf: t };
  instances.set(messages, instance);
  latest = instance;
  return instance;
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
    return value === undefined ? placeholder : String(value);
  });
}
