// Type-level proof that message keys are checked (run by `npm run typecheck`, part of `npm test`; nothing
// here runs). Each `@ts-expect-error` line is a mistake the types must refuse: if a check weakens (a
// translator that takes any string again), that line stops being an error and typecheck fails on it.
import i18next from "i18next";
import type ar from "../../common/i18n/ar.json";
import type en from "../../common/i18n/en.json";
import type { I18n } from "../../app/i18n/i18n.ts";
import type { Notice } from "../../app/account/web-session.server.ts";
import type { CatalogLeaves, MessageKey, PluralSuffix, TFunction } from "../../common/message-key.ts";
import { AppError } from "../../server/edge/app-error.ts";
import { translate } from "../../server/i18n.ts";
import type { CountedUnit } from "../../server/charging/types.ts";

declare const t: TFunction;
declare const i18n: I18n;
declare const count: number;
declare const plan: "prepaid" | "postpaid";
declare const unit: CountedUnit;

// The browser's translator.
t("nav.home");
t("reservation.cancelled");
t("bundles.validity", { count });
t(`profile.lineTypes.${plan}`);
t(`bundles.units.${unit}`, { count, amount: "5" });
i18n.t("auth.numberLabel");
// @ts-expect-error a key the catalog does not have
t("nav.hom");
// @ts-expect-error neither the key nor its plural forms exist
t("bundles.validities", { count });
// @ts-expect-error a plural message needs its count
t("bundles.validity");
// @ts-expect-error the count of a plural message is a number
t("bundles.validity", { count: "3" });
// @ts-expect-error a plural form is not a key: the count picks it (Arabic has six)
t("bundles.validity_one", { count });
// @ts-expect-error a branch of the catalog is not a message
t("bundles");
// @ts-expect-error a dynamic key whose union has a value without a message
t(`profile.lineTypes.${plan as "prepaid" | "postpaid" | "business"}`);
// @ts-expect-error any string is not a key
t(String(count));

// The server's translator, and i18next's own (CustomTypeOptions).
translate("ar", "api.ok");
translate("en", "auth.retryIn", { count });
i18next.t("api.ok");
// @ts-expect-error a key the catalog does not have
translate("ar", "api.okay");
// @ts-expect-error a plural message needs its count
translate("en", "auth.retryIn");
// @ts-expect-error i18next knows the catalog too
i18next.t("api.okay");

// A refusal's message and a notice for the next page.
new AppError("api", "NOT_FOUND", 404, {}, "api.notFound");
// @ts-expect-error a refusal's message is a catalog key
new AppError("api", "NOT_FOUND", 404, {}, "api.notFund");
export const notice: Notice = { tone: "success", key: "reservation.cancelled" };
// @ts-expect-error a notice's message is a catalog key
export const wrongNotice: Notice = { tone: "success", key: "reservation.canceled" };
// @ts-expect-error a notice is said without a count: a plural message cannot be one
export const pluralNotice: Notice = { tone: "success", key: "auth.retryIn" };

// The two catalogs have the same messages (a plural message may have other forms in each language:
// app/i18n/catalogs.test.ts checks that each has its language's forms).
type Message<Leaf extends string> = Leaf extends `${infer Base}_${PluralSuffix}` ? Base : Leaf;
type ArabicMessages = Message<CatalogLeaves<typeof ar>>;
type EnglishMessages = Message<CatalogLeaves<typeof en>>;
declare function none<_Missing extends never>(): void;
none<Exclude<EnglishMessages, ArabicMessages>>(); // messages of en.json missing from ar.json
none<Exclude<ArabicMessages, EnglishMessages>>(); // messages of ar.json missing from en.json
export const everyMessage: [MessageKey] extends [EnglishMessages] ? ([EnglishMessages] extends [MessageKey] ? true : false) : false = true;
