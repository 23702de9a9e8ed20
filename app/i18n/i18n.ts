// The translator of a catalog (the page language's: the browser never fetches the other language's
// messages). One per catalog object: the server's two catalogs are built once, not on every render. The
// translating itself is common/i18n/translator.ts (the server's own messages use it too).
import type { Language } from "../../common/language.ts";
import type { TFunction } from "../../common/message-key.ts";
import { createTranslator, type Messages } from "../../common/i18n/translator.ts";

export type { Messages };

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

export function createI18n(language: Language, messages: Messages): I18n {
  const existing = instances.get(messages);
  if (existing?.language === language) {
    latest = existing;
    return existing;
  }
  const t = createTranslator(language, messages);
  const instance: I18n = { language, t, messageOf: t };
  instances.set(messages, instance);
  latest = instance;
  return instance;
}
