// Form schemas of My line and charging (issue 16), shared by the spec API, the web UI and the tests.
// Messages are catalog keys (`validation.*`). Numbers and ids may be typed in Arabic-Indic digits.
import { z } from "./zod.ts";
import { requestedNumber } from "./account.ts";
import { normaliseDigits } from "./language.ts";
import { zeroOrOne } from "./line-features.ts";
import { LINE_VALIDATION } from "./line-features-rules.ts";

/** An order's idempotency key: 8–64 letters, digits, `-` or `_` (a UUID fits), chosen by the client per order. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A positive id (bundle, subscription) sent as a string or a number. */
const positiveId = z
  .union([z.string(), z.number()], { error: LINE_VALIDATION.choiceInvalid })
  .transform((value) => normaliseDigits(String(value).trim()))
  .pipe(z.string().regex(/^[1-9]\d{0,9}$/, LINE_VALIDATION.choiceInvalid))
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647, LINE_VALIDATION.choiceInvalid));

export const bundleActivateForm = z
  .object({
    gsm: requestedNumber,
    bundleId: positiveId.meta({ description: "A bundle of the catalogue (core/api/bundles/…)", example: "101" }),
    renew: zeroOrOne.meta({ description: "1: buy it again at its end until renewal is stopped; 0: once", example: "1" }),
    idempotencyKey: z
      .string({ error: "validation.idempotencyKeyInvalid" })
      .regex(IDEMPOTENCY_KEY_PATTERN, "validation.idempotencyKeyInvalid")
      .meta({ description: "The client's key of this order (e.g. a UUID): asking again with it answers the same order and charges once", example: "3f0c9a52-7d1e-4b8a-9c57-2f64b1d0e9aa" }),
  })
  .meta({ id: "BundleActivateForm" });

export const stopRenewalForm = z
  .object({
    gsm: requestedNumber,
    subscriptionId: positiveId.meta({ description: "An active bundle of the line (charging/bundles/show: id)", example: "12" }),
  })
  .meta({ id: "StopRenewalForm" });

/** A scratch card's secret: 14 digits (issue 16). */
export const VOUCHER_SECRET_DIGITS = 14;

/**
 * A voucher's secret as people type or paste it: 14 digits, Arabic-Indic or Persian digits accepted, with
 * spaces or dashes between groups ("1234 5678 9012 34", "1234-5678-9012-34"); answered as the 14 ASCII digits.
 */
export const voucherSecret = z
  .union([z.string(), z.number()], { error: "validation.voucherInvalid" })
  .transform((value) => normaliseDigits(String(value).trim()))
  .pipe(z.string().max(64, "validation.voucherInvalid").regex(/^\d+(?:[ \u00A0-]+\d+)*$/, "validation.voucherInvalid"))
  .transform((value) => value.replace(/[^\d]/g, ""))
  .pipe(z.string().length(VOUCHER_SECRET_DIGITS, "validation.voucherInvalid"));

export const voucherTopUpForm = z
  .object({
    gsm: requestedNumber,
    voucher: voucherSecret.meta({ description: "The 14 digits under the card's scratch layer (Arabic-Indic digits, spaces and dashes between groups accepted)", example: "1234 5678 9012 34" }),
  })
  .meta({ id: "VoucherTopUpForm" });

export type BundleActivateInput = z.output<typeof bundleActivateForm>;
export type VoucherTopUpInput = z.output<typeof voucherTopUpForm>;

/** The usage periods a subscriber may look at: the last 30 or 90 days, ending today (operator time zone). */
export const USAGE_PERIOD_DAYS = [30, 90] as const;
export type UsagePeriodDays = (typeof USAGE_PERIOD_DAYS)[number];
/** Usage records per page (API and page alike). */
export const USAGE_PAGE_SIZE = 20;
/** The last page number one may ask for (an offset the database can answer at once). */
export const USAGE_MAX_PAGE = 10_000;

const usageDays = z
  .union([z.string(), z.number()], { error: "validation.usageDaysInvalid" })
  .optional()
  .transform((value) => normaliseDigits(String(value ?? "30").trim()))
  .pipe(z.enum(["30", "90"], { error: "validation.usageDaysInvalid" }))
  .transform((value) => Number(value) as UsagePeriodDays)
  .meta({ description: "The period: the last 30 (default) or 90 days, ending today in the operator's time zone", example: "30" });

const usagePage = z
  .union([z.string(), z.number()], { error: "validation.pageInvalid" })
  .optional()
  .transform((value) => normaliseDigits(String(value ?? "1").trim()))
  .pipe(z.string().regex(/^[1-9]\d{0,4}$/, "validation.pageInvalid"))
  .transform(Number)
  .pipe(z.number().int().max(USAGE_MAX_PAGE, "validation.pageInvalid"))
  .meta({ description: `The page of records, from 1 (default) to ${USAGE_MAX_PAGE}; ${USAGE_PAGE_SIZE} records a page`, example: "1" });

/** charging/usage/summary: the number and the period. */
export const usageSummaryForm = z.object({ gsm: requestedNumber, days: usageDays }).meta({ id: "UsageSummaryForm" });

/** charging/usage/records: the number, the period and the page. */
export const usageForm = z.object({ gsm: requestedNumber, days: usageDays, page: usagePage }).meta({ id: "UsageRecordsForm" });

/**
 * The query of /my-line/usage and its CSV (the number is the session's selected one): they are links, so a
 * value that is not one of the allowed is the default (the API answers it with a 400 instead).
 */
export function usageQueryOf(query: URLSearchParams): { days: UsagePeriodDays; page: number } {
  return { days: usageDays.catch(30).parse(query.get("days") ?? undefined), page: usagePage.catch(1).parse(query.get("page") ?? undefined) };
}

export type UsageSummaryInput = z.output<typeof usageSummaryForm>;
export type UsageInput = z.output<typeof usageForm>;
