// Contract tests of the tmf charging driver (issue 16) against a TMF-shaped BSS started by the test
// (tests/support/tmf-server.ts): every port method, every request it sends and every answer it reads checked
// against the TMF shapes of docs/OPERATIONS.md; each BSS refusal mapped to its ChargingError; an order's key
// sent again is the same order and one charge; the OAuth2 token fetched once, refreshed before it expires
// and after a 401; a timed-out read retried, a top-up never; the circuit breaker opening after N failures,
// answering at once without calling while open, half-opening after the cooldown and closing on success.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { startTmfServer, TMF_CLIENT, type TmfServer } from "../../tests/support/tmf-server.ts";
import { createMetrics } from "../metrics.ts";
import { createTmfCharging, parseOfferingIds, startOfDay, USAGE_PAGE_SIZE, type TmfChargingOptions } from "./tmf.ts";
import { ChargingError, spendable, type ChargingErrorCode } from "./types.ts";

/** Catalogue bundles of the demo content (content/bundles.json), as in tests/api/charging.test.ts. */
const WEEKLY_DATA = { id: 102, price: 6000, days: 7 }; // auto, both, 5 GB
const DAILY_DATA = { id: 101, price: 1500 }; // once, both
const POSTPAID_PLUS = { id: 402, price: 45000 }; // postpaid only
const TIME_ZONE = "Asia/Damascus";

const database = useTestDatabase();
let bss: TmfServer;
let clock: number;
let logLines: string[];
let numberSeed = 0;
const freshGsm = () => `0944${String(process.pid % 1000).padStart(3, "0")}${String(numberSeed++).padStart(3, "0")}`;

beforeAll(async () => {
  bss = await startTmfServer();
  bss.offerings.set(`bundle-${WEEKLY_DATA.id}`, { name: "Weekly 5 GB", price: WEEKLY_DATA.price, validityDays: 7, eligibility: "both", allowances: [{ kind: "data", amount: 5, units: "GB" }] });
  bss.offerings.set(`bundle-${DAILY_DATA.id}`, { name: "Daily", price: DAILY_DATA.price, validityDays: 1, eligibility: "both", allowances: [{ kind: "data", amount: 500, units: "MB" }, { kind: "voice", amount: 0, units: "unlimited" }] });
  bss.offerings.set("OFR-POSTPAID-PLUS", { name: "Postpaid plus", price: POSTPAID_PLUS.price, validityDays: 30, eligibility: "postpaid", allowances: [{ kind: "voice", amount: 1000, units: "min" }] });
});
afterAll(async () => {
  await bss?.stop();
});
beforeEach(() => {
  clock = Date.now();
  logLines = [];
  bss.clearFaults();
  bss.tokenLifetimeSeconds = 3600;
});
afterEach(() => {
  // Whatever a test did, nothing the driver sent or read broke the TMF shapes.
  expect(bss.violations.splice(0)).toEqual([]);
});

function driver(overrides: Partial<TmfChargingOptions> = {}) {
  const metrics = createMetrics(null);
  const capture = (level: string) => (object: unknown, message?: string) => void logLines.push(JSON.stringify({ level, object, message }));
  const port = createTmfCharging({
    db: database.db,
    logger: { warn: capture("warn"), error: capture("error") },
    metrics,
    timeZone: TIME_ZONE,
    baseUrl: bss.url,
    tokenUrl: bss.tokenUrl,
    clientId: TMF_CLIENT.id,
    clientSecret: TMF_CLIENT.secret,
    timeoutMs: 400,
    retries: 2,
    breakerFailures: 5,
    breakerCooldownMs: 10_000,
    backoffMs: 5,
    now: () => clock,
    offeringIds: parseOfferingIds(`${POSTPAID_PLUS.id}=OFR-POSTPAID-PLUS`),
    ...overrides,
  });
  return { port, metrics };
}

async function refusal(promise: Promise<unknown>): Promise<ChargingErrorCode> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ChargingError) return error.code;
    throw error;
  }
  throw new Error("expected a ChargingError, the call succeeded");
}

const requestsSince = (mark: number) => bss.requests.slice(mark);
let keySeed = 0;
const newKey = () => `key-${process.pid}-${keySeed++}-${Date.now()}`;

describe("balance (TMF654 bucket)", () => {
  test("a prepaid line: the main bucket's remaining value and the validity's calendar day in the operator's zone", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 7000, validUntil: "2099-03-31T22:30:00Z" });
    const mark = bss.requests.length;
    expect(await driver().port.balance(gsm)).toEqual({ gsm, plan: "prepaid", mainBalance: 7000, validUntil: "2099-04-01", expired: false });
    const [request] = requestsSince(mark);
    expect(request).toMatchObject({ method: "GET", path: "/tmf-api/prepayBalanceManagement/v4/bucket", auth: "Bearer", query: { "logicalResource.id": gsm, usageType: "monetary" }, status: 200 });
  });

  test("a postpaid line: unbilled is the credit limit less what is left; a line the BSS has no bucket for is prepaid with nothing", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "postpaid", unbilled: 12000, creditLimit: 50000 });
    const { port } = driver();
    expect(await port.balance(gsm)).toEqual({ gsm, plan: "postpaid", unbilled: 12000, creditLimit: 50000 });
    const unknown = freshGsm();
    expect(await port.balance(unknown)).toEqual({ gsm: unknown, plan: "prepaid", mainBalance: 0, validUntil: null, expired: false });
  });

  test("a prepaid bucket past its validity is an expired balance: kept, nothing spendable", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 9000, validUntil: "2020-01-01T00:00:00Z" });
    const shown = await driver().port.balance(gsm);
    expect(shown).toEqual({ gsm, plan: "prepaid", mainBalance: 9000, validUntil: "2020-01-01", expired: true });
    expect(spendable(shown)).toBe(0);
  });
});

describe("activateBundle (TMF622 productOrder) and activeBundles (TMF637 product + TMF654 buckets)", () => {
  test("an order is a productOrder with the key as externalId and the mapped offering; the bundle then shows with its allowances", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 10_000, validUntil: "2099-01-01T00:00:00Z" });
    const { port } = driver();
    const key = newKey();
    const mark = bss.requests.length;
    const order = await port.activateBundle({ gsm, bundleId: WEEKLY_DATA.id, renew: true, idempotencyKey: key });
    expect(order).toMatchObject({ gsm, bundleId: WEEKLY_DATA.id, price: WEEKLY_DATA.price, renews: true, repeated: false, balance: { plan: "prepaid", mainBalance: 4000 } });
    const post = requestsSince(mark).find((request) => request.method === "POST")!;
    expect(post).toMatchObject({ path: "/tmf-api/productOrdering/v4/productOrder", status: 201, contentType: "application/json" });
    expect(post.body).toMatchObject({ externalId: key, productOrderItem: [{ action: "add", productOffering: { id: `bundle-${WEEKLY_DATA.id}` }, product: { realizingResource: [{ id: gsm, "@referredType": "MSISDN" }] } }] });

    const bundles = await port.activeBundles(gsm);
    expect(bundles).toHaveLength(1);
    expect(bundles[0]).toMatchObject({ id: order.subscriptionId, bundleId: WEEKLY_DATA.id, price: WEEKLY_DATA.price, renews: true, allowances: [{ kind: "data", unit: "GB", total: 5, remaining: 5 }] });
    // Titles are the catalogue's, in both languages, not the BSS's one name.
    expect(bundles[0]!.title.ar).not.toBe(bundles[0]!.title.en);
    expect(bundles[0]!.endsAt.getTime() - bundles[0]!.startedAt.getTime()).toBe(WEEKLY_DATA.days * 86_400_000);
    // What is left comes from the product's TMF654 bucket.
    bss.products.get(String(order.subscriptionId))!.remaining.data = { amount: 1536, units: "MB" };
    expect((await port.activeBundles(gsm))[0]!.allowances).toEqual([{ kind: "data", unit: "GB", total: 5, remaining: 1.5 }]);
  });

  test("the same key again answers the earlier order, repeated, and charges once; the key of another bundle is refused", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 10_000, validUntil: "2099-01-01T00:00:00Z" });
    const { port } = driver();
    const key = newKey();
    const first = await port.activateBundle({ gsm, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: key });
    const again = await port.activateBundle({ gsm, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: key });
    expect(again).toMatchObject({ id: first.id, subscriptionId: first.subscriptionId, repeated: true, balance: { mainBalance: 10_000 - DAILY_DATA.price } });
    expect(first.repeated).toBe(false);
    expect(bss.lines.get(gsm)!.mainBalance).toBe(10_000 - DAILY_DATA.price);
    expect(await refusal(port.activateBundle({ gsm, bundleId: WEEKLY_DATA.id, renew: false, idempotencyKey: key }))).toBe("IDEMPOTENCY_KEY_REUSED");
    // Another line cannot take over an order through its key.
    const other = freshGsm();
    expect(await refusal(port.activateBundle({ gsm: other, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: key }))).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  test("latestOrderId is the line's newest completed productOrder (TMF622 list), null before its first; an order of another line does not change it", async () => {
    const gsm = freshGsm();
    const other = freshGsm();
    for (const line of [gsm, other]) bss.lines.set(line, { plan: "prepaid", mainBalance: 10_000, validUntil: "2099-01-01T00:00:00Z" });
    const { port } = driver();
    const mark = bss.requests.length;
    expect(await port.latestOrderId(gsm)).toBeNull();
    expect(requestsSince(mark)[0]).toMatchObject({
      method: "GET",
      path: "/tmf-api/productOrdering/v4/productOrder",
      query: { "productOrderItem.product.realizingResource.id": gsm, state: "completed", sort: "-orderDate", limit: "1" },
      status: 200,
    });
    const first = await port.activateBundle({ gsm, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: newKey() });
    expect(await port.latestOrderId(gsm)).toBe(String(first.id));
    await port.activateBundle({ gsm: other, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: newKey() });
    expect(await port.latestOrderId(gsm)).toBe(String(first.id));
    const second = await port.activateBundle({ gsm, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: newKey() });
    expect(await port.latestOrderId(gsm)).toBe(String(second.id));
  });

  test("each refusal of the BSS is its ChargingError, and nothing is charged", async () => {
    const { port } = driver();
    const order = (gsm: string, bundleId: number) => port.activateBundle({ gsm, bundleId, renew: false, idempotencyKey: newKey() });
    const poor = freshGsm();
    bss.lines.set(poor, { plan: "prepaid", mainBalance: 100, validUntil: "2099-01-01T00:00:00Z" });
    expect(await refusal(order(poor, WEEKLY_DATA.id))).toBe("INSUFFICIENT_BALANCE");
    const suspended = freshGsm();
    bss.lines.set(suspended, { plan: "prepaid", mainBalance: 90_000, validUntil: "2099-01-01T00:00:00Z", suspended: true });
    expect(await refusal(order(suspended, WEEKLY_DATA.id))).toBe("LINE_DEACTIVATED");
    const prepaid = freshGsm();
    bss.lines.set(prepaid, { plan: "prepaid", mainBalance: 90_000, validUntil: "2099-01-01T00:00:00Z" });
    expect(await refusal(order(prepaid, POSTPAID_PLUS.id))).toBe("BUNDLE_NOT_ELIGIBLE");
    const expired = freshGsm();
    bss.lines.set(expired, { plan: "prepaid", mainBalance: 90_000, validUntil: "2020-01-01T00:00:00Z" });
    expect(await refusal(order(expired, WEEKLY_DATA.id))).toBe("BALANCE_EXPIRED");
    // In our catalogue, unknown to the BSS (no offering bundle-302).
    expect(await refusal(order(prepaid, 302))).toBe("BUNDLE_NOT_FOUND");
    // Not in our catalogue: refused without asking the BSS.
    const mark = bss.requests.length;
    expect(await refusal(order(prepaid, 999_999))).toBe("BUNDLE_NOT_FOUND");
    expect(requestsSince(mark)).toEqual([]);
    expect(bss.lines.get(poor)!.mainBalance).toBe(100);
    expect(bss.lines.get(prepaid)!.mainBalance).toBe(90_000);
  });

  test("a configured offering id is sent for its bundle, and read back to the bundle (postpaid: the unbilled amount grows)", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "postpaid", unbilled: 0, creditLimit: 100_000 });
    const { port } = driver();
    const order = await port.activateBundle({ gsm, bundleId: POSTPAID_PLUS.id, renew: true, idempotencyKey: newKey() });
    expect(order.balance).toEqual({ gsm, plan: "postpaid", unbilled: POSTPAID_PLUS.price, creditLimit: 100_000 });
    expect((await port.activeBundles(gsm)).map((bundle) => bundle.bundleId)).toEqual([POSTPAID_PLUS.id]);
  });
});

describe("stopRenewal (TMF637 PATCH product)", () => {
  test("the autoRenew characteristic is patched to false with every other characteristic kept; done again, nothing is sent", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 10_000, validUntil: "2099-01-01T00:00:00Z" });
    const { port } = driver();
    const order = await port.activateBundle({ gsm, bundleId: WEEKLY_DATA.id, renew: true, idempotencyKey: newKey() });
    const mark = bss.requests.length;
    const stopped = await port.stopRenewal(gsm, order.subscriptionId);
    expect(stopped).toMatchObject({ id: order.subscriptionId, renews: false, allowances: [{ kind: "data", total: 5 }] });
    const patch = requestsSince(mark).find((request) => request.method === "PATCH")!;
    expect(patch).toMatchObject({ path: `/tmf-api/productInventory/v4/product/${order.subscriptionId}`, contentType: "application/merge-patch+json", status: 200 });
    expect(patch.body).toEqual({ productCharacteristic: expect.arrayContaining([{ name: "autoRenew", valueType: "boolean", value: false }, expect.objectContaining({ name: "dataAllowance" })]) });
    const again = bss.requests.length;
    expect((await port.stopRenewal(gsm, order.subscriptionId)).renews).toBe(false);
    expect(requestsSince(again).filter((request) => request.method === "PATCH")).toEqual([]);
  });

  test("another line's bundle, or an unknown id, is SUBSCRIPTION_NOT_FOUND and is not patched", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 10_000, validUntil: "2099-01-01T00:00:00Z" });
    const { port } = driver();
    const order = await port.activateBundle({ gsm, bundleId: WEEKLY_DATA.id, renew: true, idempotencyKey: newKey() });
    const mark = bss.requests.length;
    expect(await refusal(port.stopRenewal(freshGsm(), order.subscriptionId))).toBe("SUBSCRIPTION_NOT_FOUND");
    expect(await refusal(port.stopRenewal(gsm, 987_654_321))).toBe("SUBSCRIPTION_NOT_FOUND");
    expect(requestsSince(mark).filter((request) => request.method === "PATCH")).toEqual([]);
    expect((await port.activeBundles(gsm))[0]!.renews).toBe(true);
  });
});

describe("redeemVoucher (TMF654 topupBalance)", () => {
  test("a voucher credits the line once; used, unknown, postpaid and suspended lines are refused with one answer each", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 500, validUntil: null });
    bss.vouchers.set("12345678901234", { serial: "SN-0001", amount: 5000, used: false });
    const { port } = driver();
    const mark = bss.requests.length;
    const topUp = await port.redeemVoucher(gsm, "12345678901234");
    expect(topUp).toMatchObject({ gsm, amount: 5000, voucherSerial: "SN-0001", balance: { plan: "prepaid", mainBalance: 5500 } });
    expect(topUp.balance.plan === "prepaid" && topUp.balance.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const post = requestsSince(mark).find((request) => request.method === "POST")!;
    expect(post).toMatchObject({ path: "/tmf-api/prepayBalanceManagement/v4/topupBalance", status: 201 });
    expect(post.body).toMatchObject({ voucher: "12345678901234", usageType: "monetary", logicalResource: [{ id: gsm }], bucket: { id: `main-${gsm}` } });

    expect(await refusal(port.redeemVoucher(gsm, "12345678901234"))).toBe("VOUCHER_INVALID");
    expect(await refusal(port.redeemVoucher(gsm, "99999999999999"))).toBe("VOUCHER_INVALID");
    bss.vouchers.set("22222222222222", { serial: "SN-0002", amount: 1000, used: false });
    const postpaid = freshGsm();
    bss.lines.set(postpaid, { plan: "postpaid", unbilled: 0, creditLimit: 1000 });
    const before = bss.requests.length;
    expect(await refusal(port.redeemVoucher(postpaid, "22222222222222"))).toBe("VOUCHER_NOT_ELIGIBLE");
    expect(requestsSince(before).filter((request) => request.method === "POST")).toEqual([]);
    const suspended = freshGsm();
    bss.lines.set(suspended, { plan: "prepaid", mainBalance: 0, suspended: true });
    expect(await refusal(port.redeemVoucher(suspended, "22222222222222"))).toBe("LINE_DEACTIVATED");
    expect(bss.vouchers.get("22222222222222")!.used).toBe(false);
    expect(bss.lines.get(gsm)!.mainBalance).toBe(5500);
    // The secret is never in a log line.
    expect(logLines.join("\n")).not.toContain("12345678901234");
  });
});

describe("a BSS that ignores the line filter", () => {
  test("another line's bucket or usage record is never shown or topped up: CHARGING_UNAVAILABLE, nothing posted", async () => {
    const gsm = freshGsm();
    const other = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 10, validUntil: null });
    bss.lines.set(other, { plan: "prepaid", mainBalance: 99_999, validUntil: null });
    bss.usage.push({ gsm: other, usageDate: "2026-11-21T12:00:00Z", usageType: "voice", amount: 60, destination: "0944000111", cost: 100 });
    await driver().port.activateBundle({ gsm: other, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: newKey() });
    bss.ignoreLineFilters = true;
    try {
      const { port } = driver();
      expect(await refusal(port.balance(gsm))).toBe("CHARGING_UNAVAILABLE");
      const mark = bss.requests.length;
      expect(await refusal(port.redeemVoucher(gsm, "44444444444444"))).toBe("CHARGING_UNAVAILABLE");
      expect(requestsSince(mark).filter((request) => request.method === "POST")).toEqual([]);
      expect(await refusal(port.usageRecords(gsm, { from: "2026-11-20", to: "2026-11-21", timeZone: TIME_ZONE }, { offset: 0, limit: 20 }))).toBe("CHARGING_UNAVAILABLE");
      // Another line's order would give this line's confirmation a key that changes with someone else's orders.
      expect(await refusal(port.latestOrderId(gsm))).toBe("CHARGING_UNAVAILABLE");
    } finally {
      bss.ignoreLineFilters = false;
    }
  });
});

describe("usage (TMF635 usage)", () => {
  const gsm = freshGsm();
  beforeAll(() => {
    // 21 Nov 01:30 in Damascus (UTC+3) is 20 Nov 22:30 UTC: it counts on the 21st.
    bss.usage.push(
      { gsm, usageDate: "2026-11-20T22:30:00Z", usageType: "data", amount: 120.5, cost: 0 },
      { gsm, usageDate: "2026-11-21T10:00:00Z", usageType: "voice", amount: 95, destination: "0933111222", cost: 150 },
      { gsm, usageDate: "2026-11-21T11:00:00Z", usageType: "sms", amount: 1, destination: "0933111222", cost: 25 },
      { gsm, usageDate: "2026-11-20T12:00:00Z", usageType: "voice", amount: 60, destination: "0944000111", cost: 100 },
      { gsm, usageDate: "2026-11-25T12:00:00Z", usageType: "voice", amount: 60, destination: "0944000111", cost: 100 },
      { gsm: "0955000000", usageDate: "2026-11-21T12:00:00Z", usageType: "voice", amount: 1, cost: 1 },
    );
  });
  const period = { from: "2026-11-20", to: "2026-11-21", timeZone: TIME_ZONE };

  test("records of the period, newest first, one page with the total; dates bounded by the days in the zone", async () => {
    const { port } = driver();
    const mark = bss.requests.length;
    const page = await port.usageRecords(gsm, period, { offset: 0, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.records).toEqual([
      { id: expect.any(String), startedAt: new Date("2026-11-21T11:00:00Z"), kind: "sms", amount: 1, otherParty: "0933111222", cost: 25 },
      { id: expect.any(String), startedAt: new Date("2026-11-21T10:00:00Z"), kind: "voice", amount: 95, otherParty: "0933111222", cost: 150 },
    ]);
    expect(requestsSince(mark)[0]!.query).toEqual({
      "relatedParty.id": gsm,
      "usageDate.gte": startOfDay("2026-11-20", TIME_ZONE).toISOString(),
      "usageDate.lt": startOfDay("2026-11-22", TIME_ZONE).toISOString(),
      sort: "-usageDate",
      offset: "0",
      limit: "2",
    });
    expect(startOfDay("2026-11-20", TIME_ZONE).toISOString()).toBe("2026-11-19T21:00:00.000Z");
    const second = await port.usageRecords(gsm, period, { offset: 2, limit: 2 });
    expect(second.records.map((record) => record.kind)).toEqual(["data", "voice"]);
    expect(second.records[0]).toMatchObject({ amount: 120.5, otherParty: null, cost: 0 });
  });

  test("usage by day sums the records by calendar day in the zone", async () => {
    expect(await driver().port.usageByDay(gsm, period)).toEqual([
      { day: "2026-11-20", data: 0, voice: 60, sms: 0, cost: 100 },
      { day: "2026-11-21", data: 120.5, voice: 95, sms: 1, cost: 175 },
    ]);
  });

  test("usage by day reads every page, in pages of bounded size", async () => {
    const heavy = freshGsm();
    for (let index = 0; index < USAGE_PAGE_SIZE * 2 + 5; index += 1) {
      bss.usage.push({ gsm: heavy, usageDate: new Date(Date.UTC(2026, 10, 10, 8, 0, index)).toISOString(), usageType: "data", amount: 1, cost: 2 });
    }
    const mark = bss.requests.length;
    expect(await driver().port.usageByDay(heavy, { from: "2026-11-10", to: "2026-11-10", timeZone: TIME_ZONE })).toEqual([{ day: "2026-11-10", data: 205, voice: 0, sms: 0, cost: 410 }]);
    expect(requestsSince(mark).map((request) => [request.query.offset, request.query.limit])).toEqual([
      ["0", String(USAGE_PAGE_SIZE)],
      [String(USAGE_PAGE_SIZE), String(USAGE_PAGE_SIZE)],
      [String(USAGE_PAGE_SIZE * 2), String(USAGE_PAGE_SIZE)],
    ]);
  });
});

describe("OAuth2 client credentials", () => {
  test("one token for many calls; a new one shortly before it expires; a 401 fetches a new one once and the call goes through", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 1, validUntil: null });
    bss.tokenLifetimeSeconds = 600;
    const { port } = driver();
    const issued = bss.tokensIssued;
    await Promise.all([port.balance(gsm), port.balance(gsm), port.activeBundles(gsm)]);
    await port.balance(gsm);
    expect(bss.tokensIssued - issued).toBe(1);
    clock += 575_000; // 25 s before expiry: within the refresh margin
    await port.balance(gsm);
    expect(bss.tokensIssued - issued).toBe(2);
    bss.expireTokens();
    const mark = bss.requests.length;
    expect(await port.balance(gsm)).toMatchObject({ mainBalance: 1 });
    expect(bss.tokensIssued - issued).toBe(3);
    expect(requestsSince(mark).map((request) => request.status)).toEqual([401, 200]);
    // Neither the secret nor a token is logged.
    expect(logLines.join("\n")).not.toMatch(/s3cret|token-\d/);
  });

  test("wrong client credentials: CHARGING_UNAVAILABLE, and the secret is not logged", async () => {
    const { port } = driver({ clientSecret: "wrong-secret", retries: 0 });
    expect(await refusal(port.balance(freshGsm()))).toBe("CHARGING_UNAVAILABLE");
    expect(logLines.join("\n")).not.toContain("wrong-secret");
  });
});

describe("time limits and retries", () => {
  test("a read that times out is tried again and answers", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 42, validUntil: null });
    const { port } = driver({ timeoutMs: 200 });
    await port.balance(gsm); // token fetched
    bss.fault({ kind: "delay", ms: 1000 }, 1);
    const mark = bss.requests.length;
    expect(await port.balance(gsm)).toMatchObject({ mainBalance: 42 });
    expect(requestsSince(mark).map((request) => request.status)).toEqual([-2, 200]);
  });

  test("a top-up that times out is not sent again: CHARGING_UNAVAILABLE after one try", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 0, validUntil: null });
    bss.vouchers.set("33333333333333", { serial: "SN-3", amount: 700, used: false });
    const { port } = driver({ timeoutMs: 200 });
    await port.balance(gsm);
    bss.fault({ kind: "delay", ms: 1000 }, 3, "/tmf-api/prepayBalanceManagement/v4/topupBalance");
    const mark = bss.requests.length;
    expect(await refusal(port.redeemVoucher(gsm, "33333333333333"))).toBe("CHARGING_UNAVAILABLE");
    expect(requestsSince(mark).filter((request) => request.method === "POST")).toHaveLength(1);
    bss.clearFaults();
  });

  test("an order whose answer is lost (done, connection closed) is sent again with the same externalId: one order, one charge", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 10_000, validUntil: "2099-01-01T00:00:00Z" });
    const { port } = driver();
    await port.balance(gsm);
    bss.fault({ kind: "loseAnswer" }, 1, "/tmf-api/productOrdering/v4/productOrder");
    const key = newKey();
    const mark = bss.requests.length;
    const order = await port.activateBundle({ gsm, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: key });
    expect(requestsSince(mark).filter((request) => request.method === "POST").map((request) => request.status)).toEqual([-3, 200]);
    // The BSS answered its earlier order: the subscriber sees it as done (the SMS of a repeat is not sent again).
    expect(order.repeated).toBe(true);
    expect(bss.lines.get(gsm)!.mainBalance).toBe(10_000 - DAILY_DATA.price);
    expect([...bss.orders.values()].filter((item) => item.externalId === key)).toHaveLength(1);
  });

  test("a dropped connection on a read is tried again; a BSS that refuses connections is CHARGING_UNAVAILABLE", async () => {
    const { port } = driver({ retries: 1 });
    const gsm = freshGsm();
    bss.fault({ kind: "drop" }, 1);
    expect(await port.balance(gsm)).toMatchObject({ plan: "prepaid" });
    await bss.down();
    try {
      expect(await refusal(port.balance(freshGsm()))).toBe("CHARGING_UNAVAILABLE");
    } finally {
      await bss.up();
    }
  });
});

describe("circuit breaker", () => {
  test("opens after N failures (no call reaches the BSS), half-opens after the cooldown, closes on a success", async () => {
    const gsm = freshGsm();
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 9, validUntil: null });
    const { port, metrics } = driver({ retries: 0, breakerFailures: 3, breakerCooldownMs: 30_000 });
    await port.balance(gsm);
    bss.fault({ kind: "status", status: 503 }, 3);
    for (let index = 0; index < 3; index += 1) expect(await refusal(port.balance(gsm))).toBe("CHARGING_UNAVAILABLE");
    expect(port.client.breakerState).toBe("open");
    const mark = bss.requests.length;
    const started = performance.now();
    expect(await refusal(port.balance(gsm))).toBe("CHARGING_UNAVAILABLE");
    expect(await refusal(port.activateBundle({ gsm, bundleId: DAILY_DATA.id, renew: false, idempotencyKey: newKey() }))).toBe("CHARGING_UNAVAILABLE");
    expect(requestsSince(mark)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);

    clock += 30_001;
    expect(port.client.breakerState).toBe("half-open");
    // A failed trial opens it again at once.
    bss.fault({ kind: "status", status: 500 }, 1);
    expect(await refusal(port.balance(gsm))).toBe("CHARGING_UNAVAILABLE");
    expect(port.client.breakerState).toBe("open");
    clock += 30_001;
    expect(await port.balance(gsm)).toMatchObject({ mainBalance: 9 });
    expect(port.client.breakerState).toBe("closed");
    expect(requestsSince(mark)).toHaveLength(2);

    const exposition = await metrics.registry.metrics();
    expect(exposition).toMatch(/bss_calls_total\{operation="listBucket",outcome="open"\} 1/);
    expect(exposition).toMatch(/bss_calls_total\{operation="listBucket",outcome="failed"\} 4/);
    expect(exposition).not.toContain(gsm);
  });
});
