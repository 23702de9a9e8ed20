// The keys of the message catalogs, as types: what the browser's translator (app/i18n/i18n.ts), the server's
// (server/i18n.ts), AppError's messageKey and the notices accept, so that a key the catalog does not have
// is a type error. common/i18n/en.json is the source of truth; ar.json has the same keys, with Arabic's plural
// forms (app/i18n/catalogs.test.ts, and tests/types/message-keys.ts at the type level).
// Types only: the import below is erased, so nothing of the catalog reaches a bundle or the server through
// this module.
import type en from "../common/i18n/en.json";

/** The suffixes of a plural message (i18next's `key_<Intl.PluralRules category>`, and `key_zero` for 0). */
export type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";

/** The dot paths of the string leaves of a catalog. */
export type CatalogLeaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : CatalogLeaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The message a plural leaf belongs to (`bundles.validity_one` → `bundles.validity`); never for other leaves. */
export type PluralOf<Leaf extends string> = Leaf extends `${infer Base}_${PluralSuffix}` ? Base : never;

type Leaf = CatalogLeaves<typeof en>;

/** A message said with a `count` (its leaves are `key_one`, `key_other`…): `t(key, { count })`. */
export type PluralKey = PluralOf<Leaf>;

/** A message said as it is. */
export type PlainKey = Exclude<Leaf, `${PluralKey}_${PluralSuffix}`>;

/** Any message of the catalog: what `t` and `translate` take. A plural leaf itself (`…_one`) is not a key. */
export type MessageKey = PlainKey | PluralKey;

/** The values of a message: `{{name}}` placeholders; a plural message needs its `count`. */
export type TranslationValues = Record<string, unknown>;

/** The rest of a `t(key, …)` call: a plural key must be given a numeric count, any other key may have values. */
export type ValuesOf<Key extends MessageKey> = Key extends PluralKey ? [values: TranslationValues & { count: number }] : [values?: TranslationValues];

/** A translator of one language: `t("nav.home")`, `t("bundles.validity", { count: 30 })`. */
export type TFunction = <Key extends MessageKey>(key: Key, ...values: ValuesOf<Key>) => string;
