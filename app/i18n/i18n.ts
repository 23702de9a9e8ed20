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
  rememberPlainMessages(instance);
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

/**
 * `t("key")` without options always gives the same text for one instance (its catalog never changes), but
 * i18next resolves it afresh on every call, copying its whole options object each time: about a twentieth of
 * a page's server render. The instance's fixed `t` functions (what `useTranslation` hands out) remember those
 * answers; a call with options (interpolation, plurals) still goes to i18next.
 */
const MAX_REMEMBERED_MESSAGES = 5_000;

function rememberPlainMessages(instance: i18n) {
  const resolve = instance.getFixedT.bind(instance);
  const remembered = new Map<string, unknown>();
  type FixedT = ((...all: unknown[]) => unknown) & Record<"lng" | "lngs" | "ns" | "keyPrefix", unknown>;
  instance.getFixedT = ((...args: unknown[]) => {
    const fixed = (resolve as unknown as (...all: unknown[]) => FixedT)(...args);
    const scope = `${String(args[0])}|${String(args[1])}|${String(args[2])}|${String((args[3] as { scopeNs?: unknown } | undefined)?.scopeNs)}|`;
    const t = (key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return fixed(key, ...rest);
      const id = scope + key;
      let text = remembered.get(id);
      if (text !== undefined) return text;
      text = fixed(key);
      // Keys come from the code and the content; the bound only guards against a key built from input.
      if (remembered.size < MAX_REMEMBERED_MESSAGES) remembered.set(id, text);
      return text;
    };
    return Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  }) as unknown as i18n["getFixedT"];
}
