// My line and charging over real HTTP (issue 16, part 1): the rows core/api/charging/{balance/show,
// bundles/show, bundles/activate, bundles/stopRenewal} in both languages, every branch (ownership 403 with
// nothing changed, 401, bad input, unknown bundle, plan, deactivated line, insufficient balance, the
// idempotency key), the SMS and the audit of an order, and the races: one key 20 times at once is one order
// and one debit; two bundles at once with money for one is exactly one order. For every charging row (the
// voucher and usage rows too): its refusals in the OpenAPI document, and a localised 400 naming each bad field.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_CHARGING_LINES } from "../../server/charging/demo-lines.ts";
import { apiMessage, expectFailure, expectSuccess, LANGUAGE_CASES } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { freshNumber, insertSession, postForm, setChargingLine, type SessionFixture } from "../support/subscriber.ts";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Balance {
  gsm: string;
  plan: "prepaid" | "postpaid";
  mainBalance: number | null;
  validUntil: string | null;
  expired: boolean | null;
  unbilled: number | null;
  creditLimit: number | null;
  available: number;
}
interface ActiveBundle {
  id: number;
  bundleId: number;
  name: string;
  price: number;
  startedAt: string;
  endsAt: string;
  renews: boolean;
  allowances: { kind: string; unit: string; total: number | null; remaining: number | null }[];
}
interface Order {
  orderId: number;
  subscriptionId: number;
  bundleId: number;
  price: number;
  renews: boolean;
  createdAt: string;
  repeated: boolean;
  balance: Balance;
}

/** Catalogue bundles of the demo content (content/bundles.json). */
const WEEKLY_DATA = { id: 102, price: 6000, days: 7, en: "Weekly internet 5 GB" }; // auto, both
const DAILY_DATA = { id: 101, price: 1500 }; // once, both
const POSTPAID_PLUS = { id: 402, price: 45000 }; // postpaid only, unlimited minutes
const MONTHLY_SMS = { id: 302, price: 3500 }; // auto, both

async function subscriber(): Promise<SessionFixture & { gsm: string }> {
  const gsm = freshNumber("0966");
  return { ...(await insertSession(server.databaseUrl, { gsm })), gsm };
}

/** The line's whole money, replaced: what is not given is a new line's (prepaid, nothing, valid 30 days). */
async function setMoney(gsm: string, money: { plan?: "prepaid" | "postpaid"; mainBalance?: number; unbilled?: number; creditLimit?: number }): Promise<void> {
  await setChargingLine(server.databaseUrl, gsm, { plan: "prepaid", mainBalance: 0, unbilled: 0, creditLimit: 0, validForDays: 30, ...money });
}

const counts = (gsm: string) =>
  withClient(server.databaseUrl, async (client) => {
    const row = (
      await client.query<{ orders: string; subscriptions: string; balance: number | null }>(
        `select (select count(*) from charging_orders where gsm = $1) as orders, (select count(*) from charging_subscriptions where gsm = $1) as subscriptions,
                (select main_balance from charging_lines where gsm = $1) as balance`,
        [gsm],
      )
    ).rows[0]!;
    return { orders: Number(row.orders), subscriptions: Number(row.subscriptions), balance: row.balance };
  });

const auditOf = (gsm: string) =>
  withClient(server.databaseUrl, async (client) => (await client.query("select action, bundle_id, amount, result, account_id, client_ip from charging_audit where gsm = $1 order by id", [gsm])).rows);

const post = (path: string, fields: Record<string, string>, token?: string, language?: "ar" | "en") => postForm(server, path, fields, { token, language });
let keySeed = 0;
const newKey = () => `test-key-${process.pid}-${keySeed++}-${Date.now()}`;
const activate = (token: string, gsm: string, bundleId: number, options: { renew?: string; key?: string; language?: "ar" | "en" } = {}) =>
  post("/core/api/charging/bundles/activate", { gsm, bundleId: String(bundleId), renew: options.renew ?? "1", idempotencyKey: options.key ?? newKey() }, token, options.language);

describe("balance/show", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: a line the charging system did not know is prepaid with nothing on it (nothing made up)`, async () => {
      const { token, gsm } = await subscriber();
      const answer = await send(server.url, "/core/api/charging/balance/show", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${token}`, ...(asked ? { "accept-language": asked } : {}) },
        body: `gsm=${gsm}`,
      });
      expect(expectSuccess<Balance>(answer, expected, "charging.balanceShown")).toEqual({ gsm, plan: "prepaid", mainBalance: 0, validUntil: null, expired: false, unbilled: null, creditLimit: null, available: 0 });
    });
  }

  test("prepaid shows the main balance and its validity; postpaid the unbilled amount, the credit limit and what is left", async () => {
    const prepaid = await subscriber();
    await setMoney(prepaid.gsm, { mainBalance: 7000 });
    const shown = expectSuccess<Balance>(await post("/core/api/charging/balance/show", { gsm: prepaid.gsm }, prepaid.token, "en"), "en", "charging.balanceShown");
    expect(shown).toMatchObject({ plan: "prepaid", mainBalance: 7000, expired: false, unbilled: null, creditLimit: null, available: 7000 });
    expect(shown.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const postpaid = await subscriber();
    await setMoney(postpaid.gsm, { plan: "postpaid", unbilled: 12000, creditLimit: 50000 });
    expect(expectSuccess<Balance>(await post("/core/api/charging/balance/show", { gsm: postpaid.gsm }, postpaid.token, "ar"), "ar", "charging.balanceShown")).toEqual({
      gsm: postpaid.gsm,
      plan: "postpaid",
      mainBalance: null,
      validUntil: null,
      expired: null,
      unbilled: 12000,
      creditLimit: 50000,
      available: 38000,
    });
  });

  test("the demo lines have their explicit seeded money (server/charging/demo-lines.ts), not anything derived from the number", async () => {
    for (const line of DEMO_CHARGING_LINES) {
      const { token } = await insertSession(server.databaseUrl, { gsm: line.gsm });
      const shown = expectSuccess<Balance>(await post("/core/api/charging/balance/show", { gsm: line.gsm }, token, "en"), "en", "charging.balanceShown");
      expect(shown).toMatchObject(line.plan === "prepaid" ? { plan: "prepaid", mainBalance: line.mainBalance } : { plan: "postpaid", unbilled: line.unbilled, creditLimit: line.creditLimit });
    }
  });

  test("a number typed in Arabic-Indic digits is the same number", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 321 });
    const arabicDigits = gsm.replace(/\d/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]!);
    expect(expectSuccess<Balance>(await post("/core/api/charging/balance/show", { gsm: arabicDigits }, token, "en"), "en", "charging.balanceShown").mainBalance).toBe(321);
  });
});

describe("bundles/activate", () => {
  for (const language of ["ar", "en"] as const) {
    test(`in ${language}: the bundle is active at once, the price is the catalogue's and is taken once, an SMS confirms it, the order is audited`, async () => {
      const { token, gsm, accountId } = await subscriber();
      await setMoney(gsm, { mainBalance: 10000 });
      const order = expectSuccess<Order>(await activate(token, gsm, WEEKLY_DATA.id, { language }), language, "charging.activated");
      expect(order).toMatchObject({ bundleId: WEEKLY_DATA.id, price: WEEKLY_DATA.price, renews: true, repeated: false });
      expect(order.balance).toMatchObject({ plan: "prepaid", mainBalance: 10000 - WEEKLY_DATA.price, available: 10000 - WEEKLY_DATA.price });

      const bundles = expectSuccess<ActiveBundle[]>(await post("/core/api/charging/bundles/show", { gsm }, token, language), language, "charging.bundlesShown");
      expect(bundles).toHaveLength(1);
      expect(bundles[0]).toMatchObject({ id: order.subscriptionId, bundleId: WEEKLY_DATA.id, price: WEEKLY_DATA.price, renews: true, allowances: [{ kind: "data", unit: "GB", total: 5, remaining: 5 }] });
      if (language === "en") expect(bundles[0]!.name).toBe(WEEKLY_DATA.en);
      else expect(bundles[0]!.name).toMatch(/[\u0621-\u064A]/);
      const days = (Date.parse(bundles[0]!.endsAt) - Date.parse(bundles[0]!.startedAt)) / 86_400_000;
      expect(Math.round(days)).toBe(WEEKLY_DATA.days);

      const sms = await send(server.url, `/dev/sms-outbox?gsm=${gsm}`, { headers: { accept: "application/json" } });
      const texts = sms.json<{ to: string; text: string }[]>();
      expect(texts).toHaveLength(1);
      // Without the isolates that keep numbers whole inside Arabic (common/bidi.ts isolateForSms).
      expect(texts[0]!.text.replace(/[\u2066-\u2069]/g, "")).toContain(bundles[0]!.name);
      if (language === "ar") expect(texts[0]!.text).toMatch(/[\u0621-\u064A]/);
      else expect(texts[0]!.text).toMatch(/^Your bundle/);

      expect(await auditOf(gsm)).toEqual([{ action: "activate-bundle", bundle_id: WEEKLY_DATA.id, amount: WEEKLY_DATA.price, result: "completed", account_id: String(accountId), client_ip: expect.any(String) }]);
    });
  }

  test("asking again with the same key answers the same order and charges nothing; the key of another bundle is refused", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 20000 });
    const key = newKey();
    const first = expectSuccess<Order>(await activate(token, gsm, WEEKLY_DATA.id, { key, language: "en" }), "en", "charging.activated");
    const again = expectSuccess<Order>(await activate(token, gsm, WEEKLY_DATA.id, { key, language: "en" }), "en", "charging.alreadyActivated");
    expect(again).toMatchObject({ orderId: first.orderId, subscriptionId: first.subscriptionId, repeated: true });
    expect(again.balance.mainBalance).toBe(20000 - WEEKLY_DATA.price);
    for (const language of ["ar", "en"] as const) {
      expectFailure(await activate(token, gsm, MONTHLY_SMS.id, { key, language }), 409, "IDEMPOTENCY_KEY_REUSED", language, "charging.errors.IDEMPOTENCY_KEY_REUSED");
    }
    expect(await counts(gsm)).toEqual({ orders: 1, subscriptions: 1, balance: 20000 - WEEKLY_DATA.price });
    expect((await auditOf(gsm)).map((row) => row.result)).toEqual(["completed", "repeated", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_REUSED"]);
    const sms = await send(server.url, `/dev/sms-outbox?gsm=${gsm}`, { headers: { accept: "application/json" } });
    expect(sms.json<unknown[]>()).toHaveLength(1);
  });

  test("insufficient balance: a clear 409 in both languages, nothing charged or added, the refusal audited; the same key works after a top-up", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: WEEKLY_DATA.price - 1 });
    const key = newKey();
    for (const language of ["ar", "en"] as const) {
      expectFailure(await activate(token, gsm, WEEKLY_DATA.id, { key, language }), 409, "INSUFFICIENT_BALANCE", language, "charging.errors.INSUFFICIENT_BALANCE");
    }
    expect(await counts(gsm)).toEqual({ orders: 0, subscriptions: 0, balance: WEEKLY_DATA.price - 1 });
    expect((await auditOf(gsm)).map((row) => row.result)).toEqual(["INSUFFICIENT_BALANCE", "INSUFFICIENT_BALANCE"]);
    await setMoney(gsm, { mainBalance: WEEKLY_DATA.price });
    expect(expectSuccess<Order>(await activate(token, gsm, WEEKLY_DATA.id, { key }), "ar", "charging.activated").balance.mainBalance).toBe(0);
  });

  test("a prepaid balance past its validity is kept but cannot be spent: available 0, BALANCE_EXPIRED in both languages, nothing charged, the refusal audited", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 50000 });
    // The last valid day was yesterday in the operator's time zone (two days back: whatever the server's zone).
    await withClient(server.databaseUrl, (client) => client.query("update charging_lines set valid_until = current_date - 2 where gsm = $1", [gsm]));
    const shown = expectSuccess<Balance>(await post("/core/api/charging/balance/show", { gsm }, token, "en"), "en", "charging.balanceShown");
    expect(shown).toMatchObject({ plan: "prepaid", mainBalance: 50000, expired: true, available: 0 });
    for (const language of ["ar", "en"] as const) {
      expectFailure(await activate(token, gsm, WEEKLY_DATA.id, { language }), 409, "BALANCE_EXPIRED", language, "charging.errors.BALANCE_EXPIRED");
    }
    expect(await counts(gsm)).toEqual({ orders: 0, subscriptions: 0, balance: 50000 });
    expect((await auditOf(gsm)).map((row) => row.result)).toEqual(["BALANCE_EXPIRED", "BALANCE_EXPIRED"]);
    // Its last day is still valid: today is not past it.
    await withClient(server.databaseUrl, (client) => client.query("update charging_lines set valid_until = current_date + 1 where gsm = $1", [gsm]));
    expect(expectSuccess<Order>(await activate(token, gsm, WEEKLY_DATA.id), "ar", "charging.activated").balance).toMatchObject({ expired: false, mainBalance: 50000 - WEEKLY_DATA.price });
  });

  test("a deactivated line (hotline) is refused and nothing changes", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 50000 });
    await withClient(server.databaseUrl, (client) => client.query("insert into network_lines (gsm, national_id, state) values ($1, '12345678901', 'deactivated')", [gsm]));
    for (const language of ["ar", "en"] as const) {
      expectFailure(await activate(token, gsm, WEEKLY_DATA.id, { language }), 409, "LINE_DEACTIVATED", language, "charging.errors.LINE_DEACTIVATED");
    }
    expect(await counts(gsm)).toEqual({ orders: 0, subscriptions: 0, balance: 50000 });
  });

  test("an unknown bundle is 404; a bundle of the other plan is 409; postpaid adds the price to the unbilled amount within the credit limit", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 100000 });
    for (const language of ["ar", "en"] as const) {
      expectFailure(await activate(token, gsm, 999999, { language }), 404, "BUNDLE_NOT_FOUND", language, "charging.errors.BUNDLE_NOT_FOUND");
      expectFailure(await activate(token, gsm, POSTPAID_PLUS.id, { language }), 409, "BUNDLE_NOT_ELIGIBLE", language, "charging.errors.BUNDLE_NOT_ELIGIBLE");
    }
    const postpaid = await subscriber();
    await setMoney(postpaid.gsm, { plan: "postpaid", unbilled: 10000, creditLimit: 60000 });
    const order = expectSuccess<Order>(await activate(postpaid.token, postpaid.gsm, POSTPAID_PLUS.id, { language: "en" }), "en", "charging.activated");
    expect(order.balance).toMatchObject({ plan: "postpaid", unbilled: 55000, creditLimit: 60000, available: 5000 });
    const [bundle] = expectSuccess<ActiveBundle[]>(await post("/core/api/charging/bundles/show", { gsm: postpaid.gsm }, postpaid.token, "en"), "en", "charging.bundlesShown");
    expect(bundle!.allowances).toContainEqual({ kind: "voice", unit: "unlimited", total: null, remaining: null });
    expectFailure(await activate(postpaid.token, postpaid.gsm, WEEKLY_DATA.id, { language: "en" }), 409, "INSUFFICIENT_BALANCE", "en", "charging.errors.INSUFFICIENT_BALANCE");
  });

  test("a bundle the catalogue sells once never renews, whatever is asked; renew=0 is kept", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 100000 });
    expect(expectSuccess<Order>(await activate(token, gsm, DAILY_DATA.id, { renew: "1" }), "ar", "charging.activated").renews).toBe(false);
    expect(expectSuccess<Order>(await activate(token, gsm, WEEKLY_DATA.id, { renew: "0" }), "ar", "charging.activated").renews).toBe(false);
  });

  test("bad input is a 400 naming the field, in both languages", async () => {
    const { token, gsm } = await subscriber();
    for (const language of ["ar", "en"] as const) {
      const bad: Record<string, string>[] = [
        { gsm, bundleId: "abc", renew: "1", idempotencyKey: newKey() },
        { gsm, bundleId: "102", renew: "2", idempotencyKey: newKey() },
        { gsm, bundleId: "102", renew: "1", idempotencyKey: "short" },
        { gsm, bundleId: "102", renew: "1", idempotencyKey: "has spaces in it!" },
        { gsm, bundleId: "102", renew: "1" },
      ];
      for (const fields of bad) {
        const failure = expectFailure(await post("/core/api/charging/bundles/activate", fields, token, language), 400, "BAD_REQUEST", language, "api.badRequest");
        expect(Object.keys(failure.errors ?? {}).length, JSON.stringify(fields)).toBe(1);
      }
    }
  });
});

describe("bundles/stopRenewal", () => {
  test("stops the renewal of an active bundle (again: no change); another line's or an unknown subscription is 404", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 10000 });
    const order = expectSuccess<Order>(await activate(token, gsm, WEEKLY_DATA.id), "ar", "charging.activated");
    for (const language of ["en", "ar"] as const) {
      const stopped = expectSuccess<ActiveBundle>(await post("/core/api/charging/bundles/stopRenewal", { gsm, subscriptionId: String(order.subscriptionId) }, token, language), language, "charging.renewalStopped");
      expect(stopped).toMatchObject({ id: order.subscriptionId, renews: false });
    }
    const [shown] = expectSuccess<ActiveBundle[]>(await post("/core/api/charging/bundles/show", { gsm }, token), "ar", "charging.bundlesShown");
    expect(shown!.renews).toBe(false);
    const other = await subscriber();
    for (const language of ["ar", "en"] as const) {
      expectFailure(await post("/core/api/charging/bundles/stopRenewal", { gsm: other.gsm, subscriptionId: String(order.subscriptionId) }, other.token, language), 404, "SUBSCRIPTION_NOT_FOUND", language, "charging.errors.SUBSCRIPTION_NOT_FOUND");
      expectFailure(await post("/core/api/charging/bundles/stopRenewal", { gsm, subscriptionId: "987654321" }, token, language), 404, "SUBSCRIPTION_NOT_FOUND", language, "charging.errors.SUBSCRIPTION_NOT_FOUND");
    }
    expect((await auditOf(gsm)).map((row) => `${row.action} ${row.result}`)).toEqual(["activate-bundle completed", "stop-renewal completed", "stop-renewal completed", "stop-renewal SUBSCRIPTION_NOT_FOUND", "stop-renewal SUBSCRIPTION_NOT_FOUND"]);
  });
});

describe("ownership and sessions on every row", () => {
  test("a number the session does not own is 403 NOT_YOUR_NUMBER on each row, in both languages, and nothing changes", async () => {
    const owner = await subscriber();
    await setMoney(owner.gsm, { mainBalance: 30000 });
    const order = expectSuccess<Order>(await activate(owner.token, owner.gsm, WEEKLY_DATA.id), "ar", "charging.activated");
    const intruder = await subscriber();
    const rows: [string, Record<string, string>][] = [
      ["/core/api/charging/balance/show", { gsm: owner.gsm }],
      ["/core/api/charging/bundles/show", { gsm: owner.gsm }],
      ["/core/api/charging/bundles/activate", { gsm: owner.gsm, bundleId: String(MONTHLY_SMS.id), renew: "1", idempotencyKey: newKey() }],
      ["/core/api/charging/bundles/stopRenewal", { gsm: owner.gsm, subscriptionId: String(order.subscriptionId) }],
    ];
    for (const [path, fields] of rows) {
      for (const language of ["ar", "en"] as const) {
        expectFailure(await post(path, fields, intruder.token, language), 403, "NOT_YOUR_NUMBER", language, "charging.errors.NOT_YOUR_NUMBER");
      }
    }
    expect(await counts(owner.gsm)).toEqual({ orders: 1, subscriptions: 1, balance: 30000 - WEEKLY_DATA.price });
    const [bundle] = expectSuccess<ActiveBundle[]>(await post("/core/api/charging/bundles/show", { gsm: owner.gsm }, owner.token), "ar", "charging.bundlesShown");
    expect(bundle!.renews).toBe(true);
  });

  test("without a session each row is 401 SESSION_EXPIRED", async () => {
    const gsm = freshNumber("0966");
    for (const path of ["/core/api/charging/balance/show", "/core/api/charging/bundles/show", "/core/api/charging/bundles/activate", "/core/api/charging/bundles/stopRenewal"]) {
      for (const language of ["ar", "en"] as const) {
        expectFailure(await post(path, { gsm }, undefined, language), 401, "SESSION_EXPIRED", language, "account.errors.SESSION_EXPIRED");
      }
    }
  });
});

describe("every charging row", () => {
  const SHOW_BALANCE = "/core/api/charging/balance/show";
  const SHOW_BUNDLES = "/core/api/charging/bundles/show";
  const ACTIVATE = "/core/api/charging/bundles/activate";
  const STOP_RENEWAL = "/core/api/charging/bundles/stopRenewal";
  const REDEEM = "/core/api/charging/vouchers/redeem";
  const USAGE_SUMMARY = "/core/api/charging/usage/summary";
  const USAGE_RECORDS = "/core/api/charging/usage/records";
  /** Every row asks the charging port, whose BSS driver answers 503 CHARGING_UNAVAILABLE while the BSS is away. */
  const common = { 400: ["BAD_REQUEST"], 401: ["SESSION_EXPIRED"], 403: ["NOT_YOUR_NUMBER"], 503: ["CHARGING_UNAVAILABLE"] };
  const rows: [string, Record<number, string[]>][] = [
    [SHOW_BALANCE, common],
    [SHOW_BUNDLES, common],
    [ACTIVATE, { ...common, 404: ["BUNDLE_NOT_FOUND"], 409: ["LINE_DEACTIVATED", "BUNDLE_NOT_ELIGIBLE", "BALANCE_EXPIRED", "INSUFFICIENT_BALANCE", "IDEMPOTENCY_KEY_REUSED"] }],
    [STOP_RENEWAL, { ...common, 404: ["SUBSCRIPTION_NOT_FOUND"] }],
    [REDEEM, { ...common, 400: ["BAD_REQUEST", "VOUCHER_INVALID"], 409: ["VOUCHER_NOT_ELIGIBLE", "LINE_DEACTIVATED"], 429: ["VOUCHER_LOCKED"] }],
    [USAGE_SUMMARY, common],
    [USAGE_RECORDS, common],
  ];

  test("the OpenAPI document has each row, and only these, under POST with each refusal under its status", async () => {
    const document = (await send(server.url, "/api-docs/openapi.json")).json<{ paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, { description: string }> }>> }>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/core/api/charging/")).sort(), "a charging row missing from this table, or from the document").toEqual(rows.map(([path]) => path).sort());
    for (const [path, refusals] of rows) {
      const operation = document.paths[path]?.post;
      expect(operation, `POST ${path} is not in the OpenAPI document`).toBeDefined();
      expect(operation!.tags).toEqual(["My line and charging"]);
      expect(Object.keys(operation!.responses).sort(), path).toEqual(["200", ...Object.keys(refusals)].sort());
      for (const [status, codes] of Object.entries(refusals)) {
        for (const code of codes) expect(operation!.responses[status]!.description, `${path} ${status}`).toContain(code);
      }
    }
  });

  test("bad input is a 400 naming the field with its localised message, in both languages, on each row", async () => {
    const { token, gsm } = await subscriber();
    const numberInvalid = "validation.numberInvalid";
    const choiceInvalid = "validation.choiceInvalid";
    const activation = { gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: newKey() };
    const cases: { path: string; fields: Record<string, string>; field: string; message: string }[] = [
      { path: SHOW_BALANCE, fields: { gsm: "" }, field: "gsm", message: numberInvalid },
      { path: SHOW_BALANCE, fields: {}, field: "gsm", message: numberInvalid },
      { path: SHOW_BUNDLES, fields: { gsm: "0".repeat(21) }, field: "gsm", message: numberInvalid },
      { path: SHOW_BUNDLES, fields: {}, field: "gsm", message: numberInvalid },
      { path: ACTIVATE, fields: { ...activation, bundleId: "abc" }, field: "bundleId", message: choiceInvalid },
      { path: ACTIVATE, fields: { ...activation, renew: "2" }, field: "renew", message: choiceInvalid },
      { path: ACTIVATE, fields: { ...activation, idempotencyKey: "short" }, field: "idempotencyKey", message: "validation.idempotencyKeyInvalid" },
      { path: STOP_RENEWAL, fields: { gsm, subscriptionId: "0" }, field: "subscriptionId", message: choiceInvalid },
      { path: STOP_RENEWAL, fields: { gsm, subscriptionId: "99999999999" }, field: "subscriptionId", message: choiceInvalid },
      { path: STOP_RENEWAL, fields: { subscriptionId: "12" }, field: "gsm", message: numberInvalid },
      { path: REDEEM, fields: { gsm, voucher: "1234" }, field: "voucher", message: "validation.voucherInvalid" },
      { path: REDEEM, fields: { gsm: "", voucher: "1234 5678 9012 34" }, field: "gsm", message: numberInvalid },
      { path: USAGE_SUMMARY, fields: { gsm, days: "7" }, field: "days", message: "validation.usageDaysInvalid" },
      { path: USAGE_SUMMARY, fields: { days: "30" }, field: "gsm", message: numberInvalid },
      { path: USAGE_RECORDS, fields: { gsm, days: "30", page: "0" }, field: "page", message: "validation.pageInvalid" },
      { path: USAGE_RECORDS, fields: { gsm, days: "60", page: "1" }, field: "days", message: "validation.usageDaysInvalid" },
      { path: USAGE_RECORDS, fields: { gsm: "", page: "1" }, field: "gsm", message: numberInvalid },
    ];
    expect(new Set(cases.map((row) => row.path)), "a row without a bad-input case").toEqual(new Set(rows.map(([path]) => path)));
    for (const { path, fields, field, message } of cases) {
      for (const language of ["ar", "en"] as const) {
        const failure = expectFailure(await post(path, fields, token, language), 400, "BAD_REQUEST", language, "api.badRequest");
        expect(failure.errors, `${path} ${JSON.stringify(fields)} in ${language}`).toEqual({ [field]: [apiMessage(language, message)] });
      }
    }
    expect(await counts(gsm)).toEqual({ orders: 0, subscriptions: 0, balance: null });
  });
});

describe("races", () => {
  test("the same idempotency key 20 times at once: one order, one subscription, one debit, one SMS; every answer is that order", async () => {
    const { token, gsm } = await subscriber();
    await setMoney(gsm, { mainBalance: 100000 });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(token, gsm, WEEKLY_DATA.id, { key })));
    const orders = answers.map((answer) => expectSuccess<Order>(answer, "ar", answer.json<{ data: Order }>().data.repeated ? "charging.alreadyActivated" : "charging.activated"));
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(1);
    expect(orders.filter((order) => !order.repeated)).toHaveLength(1);
    expect(await counts(gsm)).toEqual({ orders: 1, subscriptions: 1, balance: 100000 - WEEKLY_DATA.price });
    const sms = await send(server.url, `/dev/sms-outbox?gsm=${gsm}`, { headers: { accept: "application/json" } });
    expect(sms.json<unknown[]>()).toHaveLength(1);
  });

  test("two different bundles at once with money for either but not both: exactly one is bought, the other is INSUFFICIENT_BALANCE", async () => {
    const SOCIAL = { id: 601, price: 5000 };
    for (let round = 0; round < 5; round++) {
      const { token, gsm } = await subscriber();
      await setMoney(gsm, { mainBalance: WEEKLY_DATA.price });
      const answers = await Promise.all([activate(token, gsm, WEEKLY_DATA.id, { language: "en" }), activate(token, gsm, SOCIAL.id, { language: "en" })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expectFailure(answers.find((answer) => answer.status === 409)!, 409, "INSUFFICIENT_BALANCE", "en", "charging.errors.INSUFFICIENT_BALANCE");
      const won = answers.find((answer) => answer.status === 200)!.json<{ data: Order }>().data;
      expect(await counts(gsm)).toEqual({ orders: 1, subscriptions: 1, balance: WEEKLY_DATA.price - won.price });
    }
  });
});

describe("the My line page's forms (/my-line)", () => {
  const postPage = (cookie: string, fields: Record<string, string>) =>
    send(server.url, "/my-line", {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  test("a confirmation pays for the number it was shown for, not the one selected since; a number the session does not own is 403 and nothing changes", async () => {
    const shown = await subscriber();
    const selectedSince = freshNumber("0966");
    await withClient(server.databaseUrl, (client) => client.query("insert into account_numbers (gsm, account_id, is_main) values ($1, $2, false)", [selectedSince, shown.accountId]));
    await setMoney(shown.gsm, { mainBalance: 20_000 });
    await setMoney(selectedSince, { mainBalance: 20_000 });
    const cookie = `${shown.cookie}; selected_gsm=${selectedSince}`;
    const answer = await postPage(cookie, { intent: "activate", gsm: shown.gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: newKey() });
    expect(answer.status, answer.text).toBe(302);
    expect((await counts(shown.gsm)).balance).toBe(20_000 - WEEKLY_DATA.price);
    expect((await counts(selectedSince)).orders).toBe(0);

    const stranger = await subscriber();
    await setMoney(stranger.gsm, { mainBalance: 20_000 });
    const refused = await postPage(cookie, { intent: "activate", gsm: stranger.gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: newKey() });
    expect(refused.status, refused.text).toBe(403);
    expect(await counts(stranger.gsm)).toEqual({ orders: 0, subscriptions: 0, balance: 20_000 });
  });

  /** The idempotency key of the confirmation My line shows for `bundleId` (its hidden field). */
  const keyShown = async (cookie: string, bundleId: number) => {
    const page = await send(server.url, `/my-line?activate=${bundleId}`, { headers: { cookie } });
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.text)?.[1];
    expect(key, "the confirmation has no idempotencyKey field").toBeDefined();
    return key!;
  };

  test("two tabs (a reload, the dialog opened again, another session) show one key until the line buys something: both confirmed are one order and one debit; a confirmation after that order has a new key and buys again", async () => {
    const line = await subscriber();
    await setMoney(line.gsm, { mainBalance: 20_000 });
    const firstTab = await keyShown(line.cookie, WEEKLY_DATA.id);
    const secondTab = await keyShown(line.cookie, WEEKLY_DATA.id);
    const otherSession = await insertSession(server.databaseUrl, { gsm: line.gsm });
    expect(secondTab, "a second tab shows another key: confirming both would charge twice").toBe(firstTab);
    expect(await keyShown(otherSession.cookie, WEEKLY_DATA.id)).toBe(firstTab);
    expect(await keyShown(line.cookie, MONTHLY_SMS.id), "another bundle's confirmation has the same key").not.toBe(firstTab);
    for (const key of [firstTab, secondTab]) {
      const answer = await postPage(line.cookie, { intent: "activate", gsm: line.gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: key });
      expect(answer.status, answer.text.slice(0, 300)).toBe(302);
    }
    expect(await counts(line.gsm)).toEqual({ orders: 1, subscriptions: 1, balance: 20_000 - WEEKLY_DATA.price });
    expect((await auditOf(line.gsm)).map((row) => row.result)).toEqual(["completed", "repeated"]);

    // Bought: a confirmation shown now is a new purchase, on purpose, with a key of its own.
    const later = await keyShown(line.cookie, WEEKLY_DATA.id);
    expect(later).not.toBe(firstTab);
    expect(await keyShown(line.cookie, WEEKLY_DATA.id)).toBe(later);
    expect((await postPage(line.cookie, { intent: "activate", gsm: line.gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: later })).status).toBe(302);
    expect(await counts(line.gsm)).toEqual({ orders: 2, subscriptions: 2, balance: 20_000 - 2 * WEEKLY_DATA.price });
  });

  test("?activate= with an id no bundle can have (beyond int4) shows My line without a confirmation, not a 500", async () => {
    const line = await subscriber();
    for (const asked of ["9999999999", "2147483648", "1e3", "-5"]) {
      const page = await send(server.url, `/my-line?activate=${asked}`, { headers: { cookie: line.cookie } });
      expect(page.status, `?activate=${asked}`).toBe(200);
    }
  });
});
