// The tmf charging driver (issue 16): the charging port mapped onto the TM Forum Open APIs (v4) that an
// operator's BSS exposes at BSS_URL — TMF654 Prepay Balance Management (bucket, topupBalance), TMF637
// Product Inventory (product), TMF622 Product Ordering (productOrder) and TMF635 Usage Management (usage).
// The field mapping, the filters and what the BSS must provide are in docs/OPERATIONS.md ("Charging: the
// TM Forum driver"); the HTTP side (OAuth2, time limits, retries, circuit breaker) is ./tmf-client.ts.
// Answers are checked against the shapes we read: a BSS that answers something else is a broken contract,
// logged by operation (never a value) and answered CHARGING_UNAVAILABLE like a BSS that is away.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { fieldErrorsOf } from "../../common/field-errors.ts";
import { addDays, calendarDay } from "../../common/format.ts";
import type { Db } from "../db/database.ts";
import { bundles } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { TmfClient, type TmfAnswer, type TmfClientOptions, type TmfRequest } from "./tmf-client.ts";
import {
  ChargingError,
  type Allowance,
  type AllowanceUnit,
  type BundleOrder,
  type BundleSubscription,
  type ChargingErrorCode,
  type ChargingPort,
  type LineBalance,
  type UsageDay,
  type UsageKind,
  type UsagePeriod,
  type UsagePage,
  type UsageRecord,
  type VoucherTopUp,
} from "./types.ts";

export const TMF_PATHS = {
  bucket: "/tmf-api/prepayBalanceManagement/v4/bucket",
  topupBalance: "/tmf-api/prepayBalanceManagement/v4/topupBalance",
  product: "/tmf-api/productInventory/v4/product",
  productOrder: "/tmf-api/productOrdering/v4/productOrder",
  usage: "/tmf-api/usageManagement/v4/usage",
} as const;

/** The line in TMF references: the MSISDN as a logical resource (TMF654, TMF637) or a related party (TMF635). */
export const MSISDN_TYPE = "MSISDN";
/** The TMF654 bucket subtype of a postpaid line's credit (the one extension of the mapping: `creditLimit`). */
export const POSTPAID_BUCKET_TYPE = "PostpaidCreditBucket";
/** The product characteristic of the renewal choice. */
export const AUTO_RENEW = "autoRenew";
/** Product characteristics of a bundle's allowances, valued `{amount, units}` (units `unlimited`: no limit). */
export const ALLOWANCE_CHARACTERISTICS = { data: "dataAllowance", voice: "voiceAllowance", sms: "smsAllowance" } as const;
/** The channel our orders and top-ups name. */
export const SELF_CARE_CHANNEL = { id: "self-care-web", name: "Self-care website" };

/** Usage pages read to sum a period by day (at most USAGE_PAGE_SIZE × USAGE_MAX_PAGES records). */
export const USAGE_PAGE_SIZE = 100;
export const USAGE_MAX_PAGES = 100;

// ---- The shapes we read (TMF v4 fields we use; everything else passes through unread) ----

const quantity = z.object({ amount: z.number().finite(), units: z.string().optional() }).loose();
const money = z.object({ value: z.number().finite(), unit: z.string().optional() }).loose();
const ref = z.object({ id: z.string().min(1) }).loose();
const characteristic = z.object({ name: z.string(), valueType: z.string().optional(), value: z.unknown() }).loose();
const tmfId = z.string().regex(/^[1-9]\d{0,14}$/, "must be a decimal id");

const bucketShape = z
  .object({
    id: z.string().min(1),
    "@type": z.string().optional(),
    name: z.string().optional(),
    usageType: z.string().optional(),
    status: z.string().optional(),
    remainingValue: quantity,
    creditLimit: quantity.optional(),
    validFor: z.object({ startDateTime: z.iso.datetime({ offset: true }).optional(), endDateTime: z.iso.datetime({ offset: true }).optional() }).loose().optional(),
    product: z.array(ref).optional(),
    partyAccount: ref.optional(),
    logicalResource: z.array(ref).optional(),
  })
  .loose();
type Bucket = z.infer<typeof bucketShape>;

const productShape = z
  .object({
    id: tmfId,
    name: z.string().optional(),
    status: z.string(),
    startDate: z.iso.datetime({ offset: true }),
    terminationDate: z.iso.datetime({ offset: true }),
    productOffering: ref,
    productCharacteristic: z.array(characteristic).optional(),
    productPrice: z.array(z.object({ price: z.object({ taxIncludedAmount: money }).loose() }).loose()).optional(),
    realizingResource: z.array(ref).optional(),
  })
  .loose();
type Product = z.infer<typeof productShape>;

const orderShape = z
  .object({
    id: tmfId,
    externalId: z.string().optional(),
    state: z.string(),
    orderDate: z.iso.datetime({ offset: true }).optional(),
    productOrderItem: z
      .array(
        z
          .object({
            productOffering: ref,
            product: z.object({ id: tmfId, productCharacteristic: z.array(characteristic).optional(), realizingResource: z.array(ref).optional() }).loose(),
            itemTotalPrice: z.array(z.object({ price: z.object({ taxIncludedAmount: money }).loose() }).loose()).optional(),
          })
          .loose(),
      )
      .min(1),
  })
  .loose();

const topupShape = z
  .object({
    id: tmfId,
    status: z.string(),
    amount: quantity,
    voucherSerial: z.string().optional(),
    confirmationDate: z.iso.datetime({ offset: true }).optional(),
    requestedDate: z.iso.datetime({ offset: true }).optional(),
  })
  .loose();

const usageShape = z
  .object({
    id: z.string().min(1),
    usageDate: z.iso.datetime({ offset: true }),
    usageType: z.string(),
    relatedParty: z.array(ref).optional(),
    usageCharacteristic: z.array(characteristic).optional(),
    ratedProductUsage: z.array(z.object({ taxIncludedRatingAmount: money.optional() }).loose()).optional(),
  })
  .loose();
type Usage = z.infer<typeof usageShape>;

/** TMF630 Error: the BSS's refusal; `code` is what the driver maps (docs/OPERATIONS.md). */
const errorShape = z.object({ code: z.string(), reason: z.string().optional(), message: z.string().optional() }).loose();

/** BSS error codes (Error.code) → the port's refusals, per operation. */
const REFUSALS = {
  createProductOrder: {
    INSUFFICIENT_BALANCE: "INSUFFICIENT_BALANCE",
    LINE_SUSPENDED: "LINE_DEACTIVATED",
    LINE_DEACTIVATED: "LINE_DEACTIVATED",
    OFFERING_NOT_FOUND: "BUNDLE_NOT_FOUND",
    NOT_ELIGIBLE: "BUNDLE_NOT_ELIGIBLE",
    BALANCE_EXPIRED: "BALANCE_EXPIRED",
  },
  createTopupBalance: {
    VOUCHER_INVALID: "VOUCHER_INVALID",
    VOUCHER_NOT_FOUND: "VOUCHER_INVALID",
    VOUCHER_USED: "VOUCHER_INVALID",
    VOUCHER_EXPIRED: "VOUCHER_INVALID",
    VOUCHER_VOID: "VOUCHER_INVALID",
    NOT_PREPAID: "VOUCHER_NOT_ELIGIBLE",
    LINE_SUSPENDED: "LINE_DEACTIVATED",
    LINE_DEACTIVATED: "LINE_DEACTIVATED",
  },
} satisfies Record<string, Record<string, ChargingErrorCode>>;

export interface TmfChargingOptions extends TmfClientOptions {
  db: Db;
  logger: Pick<Logger, "warn" | "error">;
  /** The operator's time zone: the calendar days of validity and of usage. */
  timeZone: string;
  /** Catalogue bundle id → the BSS's offering id; a bundle not listed is `bundle-<id>`. */
  offeringIds?: Map<number, string>;
}

/** BSS_OFFERING_IDS (`101=OFR_DAILY,102=OFR_WEEKLY`) as a map. */
export function parseOfferingIds(value: string | undefined): Map<number, string> {
  const map = new Map<number, string>();
  for (const pair of value ? value.split(",") : []) {
    const [bundleId, offeringId] = pair.split("=");
    map.set(Number(bundleId), offeringId!);
  }
  return map;
}

export function createTmfCharging(options: TmfChargingOptions): ChargingPort & { client: TmfClient } {
  const client = new TmfClient(options);
  const { db, logger, timeZone } = options;
  const offeringOf = (bundleId: number) => options.offeringIds?.get(bundleId) ?? `bundle-${bundleId}`;
  const bundleOfOffering = new Map([...(options.offeringIds ?? new Map<number, string>())].map(([bundleId, offeringId]) => [offeringId, bundleId]));
  const bundleIdOf = (offeringId: string): number | undefined => {
    const mapped = bundleOfOffering.get(offeringId);
    if (mapped !== undefined) return mapped;
    const match = /^bundle-([1-9]\d{0,9})$/.exec(offeringId);
    return match && !options.offeringIds?.has(Number(match[1])) ? Number(match[1]) : undefined;
  };

  /** The BSS answered something we cannot read: logged by operation, answered as a BSS that is away. */
  function brokenContract(operation: string, what: string): never {
    logger.error({ operation, what }, "BSS answer does not match the TMF shapes the driver reads");
    throw new ChargingError("CHARGING_UNAVAILABLE");
  }

  function parse<T extends z.ZodType>(operation: string, schema: T, value: unknown): z.output<T> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) brokenContract(operation, Object.entries(fieldErrorsOf(parsed.error.issues)).map(([path, messages]) => `${path}: ${messages.join(", ")}`).join("; "));
    return parsed.data;
  }

  /** A 2xx answer's body, or the refusal the operation maps, or a broken contract. */
  function expectAnswer(request: TmfRequest, answer: TmfAnswer, refusals: Record<string, ChargingErrorCode> = {}, notFound?: ChargingErrorCode): unknown {
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    const error = errorShape.safeParse(answer.body);
    const mapped = error.success ? refusals[error.data.code] : undefined;
    if (mapped) throw new ChargingError(mapped);
    if (answer.status === 404 && notFound) throw new ChargingError(notFound);
    return brokenContract(request.operation, `refused ${answer.status}${error.success ? ` ${error.data.code}` : ""}`);
  }

  async function call(request: TmfRequest, refusals?: Record<string, ChargingErrorCode>, notFound?: ChargingErrorCode): Promise<{ body: unknown; answer: TmfAnswer }> {
    const answer = await client.request(request);
    return { body: expectAnswer(request, answer, refusals, notFound), answer };
  }

  async function bucketsOf(gsm: string, usageType?: string): Promise<Bucket[]> {
    const request: TmfRequest = { operation: "listBucket", method: "GET", path: TMF_PATHS.bucket, query: { "logicalResource.id": gsm, usageType }, repeatable: true };
    const { body } = await call(request);
    const buckets = parse(request.operation, z.array(bucketShape), body);
    // The filter is the BSS's; what is shown (and topped up) is checked here: another line's bucket is a
    // broken contract, never a balance of this line.
    if (buckets.some((bucket) => !ownsLine(bucket.logicalResource, gsm))) brokenContract(request.operation, "a bucket of another line");
    return buckets;
  }

  /** The line's money bucket: the postpaid credit, else the prepaid main balance (monetary, preferably `main`). */
  function moneyBucket(buckets: Bucket[]): Bucket | undefined {
    const money = buckets.filter((bucket) => bucket.usageType === "monetary");
    return money.find((bucket) => bucket["@type"] === POSTPAID_BUCKET_TYPE) ?? money.find((bucket) => bucket.name === "main") ?? money[0];
  }

  function balanceFrom(gsm: string, bucket: Bucket | undefined): LineBalance {
    // A line the BSS has no money bucket for is prepaid with nothing on it, as in the embedded driver.
    if (!bucket) return { gsm, plan: "prepaid", mainBalance: 0, validUntil: null, expired: false };
    if (bucket["@type"] === POSTPAID_BUCKET_TYPE) {
      if (!bucket.creditLimit) brokenContract("listBucket", "a postpaid credit bucket without creditLimit");
      const creditLimit = Math.round(bucket.creditLimit.amount);
      return { gsm, plan: "postpaid", creditLimit, unbilled: Math.max(0, creditLimit - Math.round(bucket.remainingValue.amount)) };
    }
    const end = bucket.validFor?.endDateTime;
    // The bucket's validity ends at an instant: past it, the balance is kept but cannot be spent.
    return { gsm, plan: "prepaid", mainBalance: Math.round(bucket.remainingValue.amount), validUntil: end ? calendarDay(new Date(end), timeZone) : null, expired: end ? Date.parse(end) <= Date.now() : false };
  }

  async function balance(gsm: string): Promise<LineBalance> {
    return balanceFrom(gsm, moneyBucket(await bucketsOf(gsm, "monetary")));
  }

  async function catalogueTitles(bundleIds: number[]) {
    if (bundleIds.length === 0) return new Map<number, typeof bundles.$inferSelect>();
    const rows = await db.select().from(bundles).where(inArray(bundles.id, [...new Set(bundleIds)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  const characteristicValue = (characteristics: z.infer<typeof characteristic>[] | undefined, name: string) => characteristics?.find((item) => item.name === name)?.value;
  const ownsLine = (resources: { id: string }[] | undefined, gsm: string) => resources?.some((resource) => resource.id === gsm) ?? false;

  function allowancesOf(product: Product, buckets: Bucket[]): Allowance[] {
    const allowances: Allowance[] = [];
    for (const kind of ["data", "voice", "sms"] as const) {
      const value = quantity.safeParse(characteristicValue(product.productCharacteristic, ALLOWANCE_CHARACTERISTICS[kind]));
      if (!value.success) continue;
      const unit = allowanceUnit(value.data.units);
      if (!unit) continue;
      if (unit === "unlimited") {
        allowances.push({ kind, unit, total: null, remaining: null });
        continue;
      }
      const bucket = buckets.find((item) => item.usageType === kind && item.product?.some((related) => related.id === product.id));
      const remaining = bucket ? convert(bucket.remainingValue.amount, allowanceUnit(bucket.remainingValue.units) ?? unit, unit) : value.data.amount;
      allowances.push({ kind, unit, total: value.data.amount, remaining: rounded(Math.max(0, Math.min(value.data.amount, remaining))) });
    }
    return allowances;
  }

  function subscriptionFrom(product: Product, buckets: Bucket[], catalogue: Map<number, typeof bundles.$inferSelect>): BundleSubscription | undefined {
    const bundleId = bundleIdOf(product.productOffering.id);
    if (bundleId === undefined) return undefined;
    const entry = catalogue.get(bundleId);
    const name = product.name ?? product.productOffering.id;
    return {
      id: Number(product.id),
      bundleId,
      title: { ar: entry?.titleAr ?? name, en: entry?.titleEn ?? name },
      price: Math.round(product.productPrice?.[0]?.price.taxIncludedAmount.value ?? entry?.price ?? 0),
      startedAt: new Date(product.startDate),
      endsAt: new Date(product.terminationDate),
      renews: characteristicValue(product.productCharacteristic, AUTO_RENEW) === true,
      allowances: allowancesOf(product, buckets),
    };
  }

  async function subscriptionsFrom(products: Product[], gsm: string, buckets?: Bucket[]): Promise<BundleSubscription[]> {
    const now = Date.now();
    const current = products.filter((product) => product.status === "active" && Date.parse(product.terminationDate) > now && ownsLine(product.realizingResource, gsm));
    const [lineBuckets, catalogue] = await Promise.all([buckets ?? (current.length > 0 ? bucketsOf(gsm) : []), catalogueTitles(current.flatMap((product) => bundleIdOf(product.productOffering.id) ?? []))]);
    return current
      .flatMap((product) => subscriptionFrom(product, lineBuckets, catalogue) ?? [])
      .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime() || a.id - b.id);
  }

  async function activeBundles(gsm: string): Promise<BundleSubscription[]> {
    const request: TmfRequest = { operation: "listProduct", method: "GET", path: TMF_PATHS.product, query: { "realizingResource.id": gsm, status: "active", limit: 100 }, repeatable: true };
    const [{ body }, buckets] = await Promise.all([call(request), bucketsOf(gsm)]);
    return subscriptionsFrom(parse(request.operation, z.array(productShape), body), gsm, buckets);
  }

  async function activateBundle({ gsm, bundleId, renew, idempotencyKey }: { gsm: string; bundleId: number; renew: boolean; idempotencyKey: string }): Promise<BundleOrder> {
    // A bundle our catalogue does not sell is refused here: the BSS is not asked about arbitrary ids.
    const entry = (await catalogueTitles([bundleId])).get(bundleId);
    if (!entry) throw new ChargingError("BUNDLE_NOT_FOUND");
    const offeringId = offeringOf(bundleId);
    const request: TmfRequest = {
      operation: "createProductOrder",
      method: "POST",
      path: TMF_PATHS.productOrder,
      body: {
        externalId: idempotencyKey,
        channel: [{ role: "salesChannel", channel: SELF_CARE_CHANNEL }],
        productOrderItem: [
          {
            id: "1",
            action: "add",
            quantity: 1,
            productOffering: { id: offeringId },
            product: {
              productCharacteristic: [{ name: AUTO_RENEW, valueType: "boolean", value: renew && entry.renewal === "auto" }],
              realizingResource: [{ id: gsm, "@referredType": MSISDN_TYPE }],
            },
          },
        ],
        "@type": "ProductOrder",
      },
      // The BSS keeps one order per externalId and answers it again (200): a retry cannot order twice.
      repeatable: true,
    };
    const { body, answer } = await call(request, REFUSALS.createProductOrder, "BUNDLE_NOT_FOUND");
    const order = parse(request.operation, orderShape, body);
    const item = order.productOrderItem[0]!;
    // 200 is the BSS's earlier order of this externalId; 201 a new one.
    const repeated = answer.status === 200;
    if (repeated && (item.productOffering.id !== offeringId || !ownsLine(item.product.realizingResource, gsm))) throw new ChargingError("IDEMPOTENCY_KEY_REUSED");
    if (order.externalId !== undefined && order.externalId !== idempotencyKey) brokenContract(request.operation, "another externalId answered");
    // An order the BSS has not completed at once is not a bundle yet: the subscriber tries again with the
    // same key, and is answered this order when it is done.
    if (order.state !== "completed") {
      logger.warn({ operation: request.operation, state: order.state }, "BSS order not completed at once");
      throw new ChargingError("CHARGING_UNAVAILABLE");
    }
    return {
      id: Number(order.id),
      gsm,
      bundleId,
      price: Math.round(item.itemTotalPrice?.[0]?.price.taxIncludedAmount.value ?? entry.price),
      subscriptionId: Number(item.product.id),
      renews: characteristicValue(item.product.productCharacteristic, AUTO_RENEW) === true,
      createdAt: order.orderDate ? new Date(order.orderDate) : new Date(),
      repeated,
      balance: await balance(gsm),
    };
  }

  async function latestOrderId(gsm: string): Promise<string | null> {
    const request: TmfRequest = {
      operation: "listProductOrder",
      method: "GET",
      path: TMF_PATHS.productOrder,
      query: { "productOrderItem.product.realizingResource.id": gsm, state: "completed", sort: "-orderDate", limit: 1 },
      repeatable: true,
    };
    const { body } = await call(request);
    const orders = parse(request.operation, z.array(orderShape), body);
    if (orders.some((order) => !order.productOrderItem.some((item) => ownsLine(item.product.realizingResource, gsm)))) brokenContract(request.operation, "an order of another line");
    return orders[0]?.id ?? null;
  }

  async function stopRenewal(gsm: string, subscriptionId: number): Promise<BundleSubscription> {
    const path = `${TMF_PATHS.product}/${subscriptionId}`;
    const read: TmfRequest = { operation: "retrieveProduct", method: "GET", path, repeatable: true };
    const { body } = await call(read, {}, "SUBSCRIPTION_NOT_FOUND");
    let product = parse(read.operation, productShape, body);
    const [current] = await subscriptionsFrom([product], gsm, []);
    // Another line's product, an ended one, or not one of our bundles: the same answer as no product.
    if (!current) throw new ChargingError("SUBSCRIPTION_NOT_FOUND");
    if (characteristicValue(product.productCharacteristic, AUTO_RENEW) !== false) {
      // JSON merge patch replaces the whole array: every characteristic is sent, autoRenew set to false.
      const characteristics = (product.productCharacteristic ?? []).filter((item) => item.name !== AUTO_RENEW);
      const patch: TmfRequest = {
        operation: "patchProduct",
        method: "PATCH",
        path,
        contentType: "application/merge-patch+json",
        body: { productCharacteristic: [...characteristics, { name: AUTO_RENEW, valueType: "boolean", value: false }] },
        // Setting the same value again changes nothing.
        repeatable: true,
      };
      const patched = await call(patch, {}, "SUBSCRIPTION_NOT_FOUND");
      product = parse(patch.operation, productShape, patched.body);
    }
    const [stopped] = await subscriptionsFrom([product], gsm);
    if (!stopped) throw new ChargingError("SUBSCRIPTION_NOT_FOUND");
    return stopped;
  }

  async function redeemVoucher(gsm: string, secret: string): Promise<VoucherTopUp> {
    const bucket = moneyBucket(await bucketsOf(gsm, "monetary"));
    if (bucket?.["@type"] === POSTPAID_BUCKET_TYPE) throw new ChargingError("VOUCHER_NOT_ELIGIBLE");
    const request: TmfRequest = {
      operation: "createTopupBalance",
      method: "POST",
      path: TMF_PATHS.topupBalance,
      body: {
        voucher: secret,
        usageType: "monetary",
        channel: SELF_CARE_CHANNEL,
        logicalResource: [{ id: gsm, "@referredType": MSISDN_TYPE }],
        ...(bucket ? { bucket: { id: bucket.id } } : {}),
        ...(bucket?.partyAccount ? { partyAccount: { id: bucket.partyAccount.id } } : {}),
        "@type": "TopupBalance",
      },
      // Never sent twice: a second try of a voucher that was credited would be refused as used.
      repeatable: false,
    };
    const { body } = await call(request, REFUSALS.createTopupBalance);
    const topUp = parse(request.operation, topupShape, body);
    if (topUp.status !== "completed") {
      logger.warn({ operation: request.operation, status: topUp.status }, "BSS top-up not completed at once");
      throw new ChargingError("CHARGING_UNAVAILABLE");
    }
    const at = topUp.confirmationDate ?? topUp.requestedDate;
    return {
      id: Number(topUp.id),
      gsm,
      amount: Math.round(topUp.amount.amount),
      voucherSerial: topUp.voucherSerial ?? "",
      createdAt: at ? new Date(at) : new Date(),
      balance: await balance(gsm),
      // A BSS answers a voucher it already credited as used: no top-up is repeated through it.
      repeated: false,
    };
  }

  function usageRequest(gsm: string, period: UsagePeriod, offset: number, limit: number): TmfRequest {
    return {
      operation: "listUsage",
      method: "GET",
      path: TMF_PATHS.usage,
      query: {
        "relatedParty.id": gsm,
        "usageDate.gte": startOfDay(period.from, period.timeZone).toISOString(),
        "usageDate.lt": startOfDay(addDays(period.to, 1), period.timeZone).toISOString(),
        sort: "-usageDate",
        offset,
        limit,
      },
      repeatable: true,
    };
  }

  async function usagePage(gsm: string, period: UsagePeriod, offset: number, limit: number): Promise<{ usages: Usage[]; total: number }> {
    const request = usageRequest(gsm, period, offset, limit);
    const { body, answer } = await call(request);
    const usages = parse(request.operation, z.array(usageShape), body);
    // Another subscriber's calls are never shown: a record that does not name this line breaks the contract.
    if (usages.some((usage) => !ownsLine(usage.relatedParty, gsm))) brokenContract(request.operation, "a usage record of another line");
    const total = Number(answer.headers.get("x-total-count"));
    if (!Number.isSafeInteger(total) || total < 0) brokenContract(request.operation, "no X-Total-Count");
    return { usages, total };
  }

  async function usageRecords(gsm: string, period: UsagePeriod, page: { offset: number; limit: number }): Promise<UsagePage> {
    const { usages, total } = await usagePage(gsm, period, page.offset, page.limit);
    return { records: usages.flatMap((usage) => usageRecordOf(usage) ?? []), total, consumed: usages.length };
  }

  async function usageByDay(gsm: string, period: UsagePeriod): Promise<UsageDay[]> {
    const days = new Map<string, UsageDay>();
    for (let pageNumber = 0, offset = 0; ; pageNumber += 1) {
      const { usages, total } = await usagePage(gsm, period, offset, USAGE_PAGE_SIZE);
      for (const usage of usages) {
        const record = usageRecordOf(usage);
        if (!record) continue;
        const day = calendarDay(record.startedAt, period.timeZone);
        const sum = days.get(day) ?? { day, data: 0, voice: 0, sms: 0, cost: 0 };
        sum[record.kind] = rounded(sum[record.kind] + record.amount);
        sum.cost += record.cost;
        days.set(day, sum);
      }
      offset += usages.length;
      if (usages.length === 0 || offset >= total) break;
      if (pageNumber + 1 >= USAGE_MAX_PAGES) {
        logger.warn({ operation: "listUsage", pages: USAGE_MAX_PAGES }, "usage of a period has more records than the driver sums; the sums are partial");
        break;
      }
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  return {
    driver: "tmf",
    client,
    balance,
    activeBundles,
    activateBundle,
    latestOrderId,
    stopRenewal,
    redeemVoucher,
    usageByDay,
    usageRecords,
    async close() {},
  };
}

const USAGE_KINDS = new Set<UsageKind>(["data", "voice", "sms"]);

/** A TMF635 usage as our record: data in MB (`volume`), voice in seconds (`duration`), sms in messages (`count`, 1). */
function usageRecordOf(usage: Usage): UsageRecord | undefined {
  if (!USAGE_KINDS.has(usage.usageType as UsageKind)) return undefined;
  const kind = usage.usageType as UsageKind;
  const read = (name: string) => usage.usageCharacteristic?.find((item) => item.name === name)?.value;
  const amount = Number(read(kind === "data" ? "volume" : kind === "voice" ? "duration" : "count") ?? (kind === "sms" ? 1 : 0));
  const otherParty = kind === "data" ? null : read("destinationNumber");
  return {
    id: usage.id,
    startedAt: new Date(usage.usageDate),
    kind,
    amount: Number.isFinite(amount) && amount >= 0 ? amount : 0,
    otherParty: typeof otherParty === "string" ? otherParty : null,
    cost: Math.round((usage.ratedProductUsage ?? []).reduce((sum, rated) => sum + (rated.taxIncludedRatingAmount?.value ?? 0), 0)),
  };
}

function allowanceUnit(units: string | undefined): AllowanceUnit | undefined {
  switch (units?.toLowerCase()) {
    case "gb":
      return "GB";
    case "mb":
      return "MB";
    case "min":
    case "minute":
    case "minutes":
      return "min";
    case "sms":
    case "message":
    case "messages":
      return "sms";
    case "unlimited":
      return "unlimited";
    default:
      return undefined;
  }
}

function convert(amount: number, from: AllowanceUnit, to: AllowanceUnit): number {
  if (from === to) return amount;
  if (from === "MB" && to === "GB") return amount / 1024;
  if (from === "GB" && to === "MB") return amount * 1024;
  return amount;
}

const rounded = (value: number) => Math.round(value * 1000) / 1000;

/** The instant a calendar day (yyyy-mm-dd) starts in `timeZone`. */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The zone's offset at that moment, then once more at the corrected moment (a DST change that day).
  let guess = utcMidnight - offsetOf(utcMidnight, timeZone);
  guess = utcMidnight - offsetOf(guess, timeZone);
  return new Date(guess);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetOf(moment: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(moment)).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(moment / 1000) * 1000;
}

