// Spec API rows of My line and charging (issue 16), in the style of spec §7: POST with the Bearer session
// and form data (or JSON) naming the number. A gsm the session does not own answers 403 and nothing
// changes; refusals of the charging system keep their status and localised message.
import { z } from "@hono/zod-openapi";
import { numberForm } from "../../common/account.ts";
import { bundleActivateForm, stopRenewalForm, usageForm, usageSummaryForm, voucherTopUpForm } from "../../common/charging.ts";
import { createApiRouter } from "../api/router.ts";
import { ok, subscriberPostRow } from "../api/envelope.ts";
import { apiRoute, type ApiRouteSpec } from "../edge/api-route.ts";
import { actorOf } from "../line-features/api.ts";
import { activateBundle, showBalance, showBundles, stopRenewal } from "./service.ts";
import { ChargingError, type ChargingErrorCode } from "./types.ts";
import { topUpByVoucher, voucherEntryLocked, voucherIpLimit } from "./vouchers.ts";
import { showUsageRecords, showUsageSummary } from "./usage.ts";

const tags = ["My line and charging"];

const balanceSchema = z
  .object({
    gsm: z.string(),
    plan: z.enum(["prepaid", "postpaid"]),
    mainBalance: z.number().int().nullable().openapi({ description: "Prepaid: the main balance; null for postpaid" }),
    validUntil: z.string().nullable().openapi({ description: "Prepaid: yyyy-mm-dd, the last day the balance is valid; null when never topped up, and for postpaid" }),
    expired: z.boolean().nullable().openapi({ description: "Prepaid: true when validUntil has passed (the balance is kept but cannot be spent until a top-up); null for postpaid" }),
    unbilled: z.number().int().nullable().openapi({ description: "Postpaid: used and not yet billed; null for prepaid" }),
    creditLimit: z.number().int().nullable().openapi({ description: "Postpaid: how far the unbilled amount may go; null for prepaid" }),
    available: z.number().int().openapi({ description: "What may be spent on a bundle now" }),
  })
  .openapi("LineBalance");

const allowanceSchema = z.object({
  kind: z.enum(["data", "voice", "sms"]),
  unit: z.enum(["GB", "MB", "min", "sms", "unlimited"]),
  total: z.number().nullable().openapi({ description: "What the bundle includes, in unit; null when unlimited" }),
  remaining: z.number().nullable().openapi({ description: "What is left, in unit; null when unlimited" }),
});

const bundleSchema = z
  .object({
    id: z.number().int().openapi({ description: "The subscription (stopRenewal takes it)" }),
    bundleId: z.number().int().openapi({ description: "The catalogue bundle it was bought as" }),
    name: z.string(),
    price: z.number().int(),
    startedAt: z.string().openapi({ description: "ISO 8601" }),
    endsAt: z.string().openapi({ description: "ISO 8601" }),
    renews: z.boolean(),
    allowances: z.array(allowanceSchema),
  })
  .openapi("ActiveBundle");

const orderSchema = z
  .object({
    orderId: z.number().int(),
    subscriptionId: z.number().int(),
    bundleId: z.number().int(),
    price: z.number().int(),
    renews: z.boolean(),
    createdAt: z.string().openapi({ description: "ISO 8601" }),
    repeated: z.boolean().openapi({ description: "true: the idempotency key had already ordered; nothing was charged this time" }),
    balance: balanceSchema,
  })
  .openapi("BundleOrder");

/** A row of the charging port: its own refusals, then 503 CHARGING_UNAVAILABLE, which every row may answer while a BSS is away (the tmf driver). */
function chargingRoute<B extends z.ZodType>(path: string, summary: string, body: { schema: B; description: string }, response: z.ZodType, codes: ChargingErrorCode[]): ApiRouteSpec<B> {
  return subscriberPostRow({ path, tags, summary, body, response, refusals: [...codes, "CHARGING_UNAVAILABLE" as const].map((code) => new ChargingError(code)) });
}

export const chargingApi = createApiRouter();

apiRoute(chargingApi, chargingRoute("/core/api/charging/balance/show", "The balance of a number (prepaid: main balance and validity; postpaid: unbilled and credit limit)", { schema: numberForm, description: "The number" }, balanceSchema, ["NOT_YOUR_NUMBER"]), async (c, { body, session }) =>
  ok(c, await showBalance(c.get("services"), session.accountId, body.gsm), "charging.balanceShown"),
);

apiRoute(
  chargingApi,
  chargingRoute("/core/api/charging/bundles/show", "The active bundles of a number, with what is left of each allowance", { schema: numberForm, description: "The number" }, z.array(bundleSchema), ["NOT_YOUR_NUMBER"]),
  async (c, { body, session }) => ok(c, await showBundles(c.get("services"), session.accountId, body.gsm, c.get("language")), "charging.bundlesShown"),
);

apiRoute(
  chargingApi,
  chargingRoute(
    "/core/api/charging/bundles/activate",
    "Buy a bundle of the catalogue for a number, at once; the same idempotencyKey again answers the same order and charges nothing",
    { schema: bundleActivateForm, description: "The number, the bundle, the renewal choice and the client's key of this order" },
    orderSchema,
    ["NOT_YOUR_NUMBER", "BUNDLE_NOT_FOUND", "LINE_DEACTIVATED", "BUNDLE_NOT_ELIGIBLE", "BALANCE_EXPIRED", "INSUFFICIENT_BALANCE", "IDEMPOTENCY_KEY_REUSED"],
  ),
  async (c, { body, session }) => {
    const order = await activateBundle(c.get("services"), actorOf(c, session), body, c.get("language"));
    return ok(c, order, order.repeated ? "charging.alreadyActivated" : "charging.activated");
  },
);

apiRoute(
  chargingApi,
  chargingRoute("/core/api/charging/bundles/stopRenewal", "Stop the renewal of an active bundle (it stays active until its end)", { schema: stopRenewalForm, description: "The number and the subscription" }, bundleSchema, [
    "NOT_YOUR_NUMBER",
    "SUBSCRIPTION_NOT_FOUND",
  ]),
  async (c, { body, session }) => ok(c, await stopRenewal(c.get("services"), actorOf(c, session), body.gsm, body.subscriptionId, c.get("language")), "charging.renewalStopped"),
);

const topUpSchema = z
  .object({
    topUpId: z.number().int(),
    amount: z.number().int().openapi({ description: "What the voucher credited" }),
    voucherSerial: z.string().openapi({ description: "The card's printed serial (not secret)" }),
    createdAt: z.string().openapi({ description: "ISO 8601" }),
    balance: balanceSchema.openapi({ description: "The line's money right after the credit (validity extended)" }),
    repeated: z.boolean().openapi({ description: "true: this voucher had already credited this number (a retry); that top-up is answered and nothing is credited again" }),
  })
  .openapi("VoucherTopUp");

apiRoute(
  chargingApi,
  {
    ...chargingRoute(
      "/core/api/charging/vouchers/redeem",
      "Top up a prepaid number with a scratch-card voucher, credited once whatever runs in parallel. Wrong vouchers count against the line (by default 5 within an hour lock voucher entry for the line for an hour: VOUCHER_MAX_WRONG_PER_LINE_HOUR, VOUCHER_LOCK_MINUTES) and the client IP; the same voucher again from the number it credited answers that top-up (repeated: true); 429 VOUCHER_LOCKED carries Retry-After",
      { schema: voucherTopUpForm, description: "The number and the voucher's 14 digits" },
      topUpSchema,
      ["VOUCHER_INVALID", "NOT_YOUR_NUMBER", "VOUCHER_NOT_ELIGIBLE", "LINE_DEACTIVATED", "VOUCHER_LOCKED"],
    ),
    // A client past its voucher tries is refused before its body is read.
    ipLimit: { limit: (c) => voucherIpLimit(c.get("services"), c.get("clientIp")), refusal: voucherEntryLocked },
  },
  async (c, { body, session }) => {
    const topUp = await topUpByVoucher(c.get("services"), actorOf(c, session), body, c.get("language"));
    return ok(c, topUp, topUp.repeated ? "charging.alreadyToppedUp" : "charging.toppedUp");
  },
);

const usageTotalsSchema = z.object({
  data: z.number().openapi({ description: "Internet, MB" }),
  voice: z.number().openapi({ description: "Calls, seconds" }),
  sms: z.number().openapi({ description: "Messages" }),
  cost: z.number().int().openapi({ description: "What it took from the money (0 where a bundle covered it)" }),
});

const usageSummarySchema = z
  .object({
    gsm: z.string(),
    days: z.number().int().openapi({ description: "30 or 90" }),
    from: z.string().openapi({ description: "yyyy-mm-dd, the first day (operator time zone)" }),
    to: z.string().openapi({ description: "yyyy-mm-dd, the last day: today (operator time zone)" }),
    timeZone: z.string().openapi({ description: "The operator's time zone the days are counted in", example: "Asia/Damascus" }),
    byDay: z.array(usageTotalsSchema.extend({ day: z.string().openapi({ description: "yyyy-mm-dd" }) })).openapi({ description: "Every day of the period, oldest first; a day without usage has zeros" }),
    totals: usageTotalsSchema,
  })
  .openapi("UsageSummary");

const usageRecordsSchema = z
  .object({
    gsm: z.string(),
    days: z.number().int(),
    from: z.string(),
    to: z.string(),
    records: z.array(
      z.object({
        id: z.string(),
        startedAt: z.string().openapi({ description: "ISO 8601" }),
        kind: z.enum(["data", "voice", "sms"]),
        amount: z.number().openapi({ description: "data: MB; voice: seconds; sms: messages" }),
        otherParty: z.string().nullable().openapi({ description: "The number called or texted, masked (first 4 and last 3 characters kept: 0944•••456); null for data", example: "0944•••456" }),
        cost: z.number().int(),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().openapi({ description: "Records in the period" }),
  })
  .openapi("UsageRecords");

apiRoute(
  chargingApi,
  chargingRoute("/core/api/charging/usage/summary", "A number's usage over the last 30 or 90 days, by day (every day present) and kind, with the totals", { schema: usageSummaryForm, description: "The number and the period (days: 30 or 90)" }, usageSummarySchema, ["NOT_YOUR_NUMBER"]),
  async (c, { body, session }) => ok(c, await showUsageSummary(c.get("services"), session.accountId, body.gsm, body.days), "charging.usageShown"),
);

apiRoute(
  chargingApi,
  chargingRoute("/core/api/charging/usage/records", "A number's calls, messages and internet sessions over the last 30 or 90 days, newest first, one page of 20; the other party masked", { schema: usageForm, description: "The number, the period (days: 30 or 90) and the page (from 1)" }, usageRecordsSchema, ["NOT_YOUR_NUMBER"]),
  async (c, { body, session }) => ok(c, await showUsageRecords(c.get("services"), session.accountId, body.gsm, body.days, body.page), "charging.usageRecordsShown"),
);
