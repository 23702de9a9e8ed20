// The tmf charging driver end to end (issue 16): the built app started with CHARGING_DRIVER=tmf against a
// TMF-shaped BSS started by the test (tests/support/tmf-server.ts). charging/balance/show answers the BSS's
// balance; with the BSS away it answers 503 with Retry-After and the localised "balance system not
// available" in both languages (the My line page 503 too), at once once the breaker is open, while /healthz stays 200; when the BSS is
// back (after the cooldown) the balance answers again. My line's confirmation key holds across two tabs (one order). The client secret and tokens are never logged.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectFailure, expectSuccess, htmlLanguage, LANGUAGE_CASES } from "../support/contract.ts";
import { expectNotLogged, freshNumber, insertSession, postForm } from "../support/subscriber.ts";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";
import { startTmfServer, TMF_CLIENT, type TmfServer } from "../support/tmf-server.ts";

/** Long enough that the checks made while the breaker is open always end before it half-opens, even on a loaded machine. */
const BREAKER_COOLDOWN_MS = 5_000;

let bss: TmfServer;
let server: TestServer;
beforeAll(async () => {
  bss = await startTmfServer();
  server = await startTestServer({
    env: {
      CHARGING_DRIVER: "tmf",
      BSS_URL: bss.url,
      BSS_TOKEN_URL: bss.tokenUrl,
      BSS_CLIENT_ID: TMF_CLIENT.id,
      BSS_CLIENT_SECRET: TMF_CLIENT.secret,
      BSS_TIMEOUT_MS: "500",
      BSS_RETRIES: "1",
      BSS_BREAKER_FAILURES: "2",
      BSS_BREAKER_COOLDOWN_MS: String(BREAKER_COOLDOWN_MS),
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await bss?.stop();
});

const TOP_UP_PATH = "/tmf-api/prepayBalanceManagement/v4/topupBalance";
const showBalance = (token: string, gsm: string, language?: "ar" | "en") => postForm(server, "/core/api/charging/balance/show", { gsm }, { token, language });

describe("charging through the TM Forum driver", () => {
  test("balance/show answers the BSS's TMF654 balance (prepaid and postpaid)", async () => {
    const prepaid = freshNumber("0944");
    bss.lines.set(prepaid, { plan: "prepaid", mainBalance: 12_345, validUntil: "2099-06-30T12:00:00Z" });
    const { token } = await insertSession(server.databaseUrl, { gsm: prepaid });
    expect(expectSuccess(await showBalance(token, prepaid, "en"), "en", "charging.balanceShown")).toEqual({
      gsm: prepaid,
      plan: "prepaid",
      mainBalance: 12_345,
      validUntil: "2099-06-30",
      expired: false,
      unbilled: null,
      creditLimit: null,
      available: 12_345,
    });
    const postpaid = freshNumber("0955");
    bss.lines.set(postpaid, { plan: "postpaid", unbilled: 2_000, creditLimit: 30_000 });
    const other = await insertSession(server.databaseUrl, { gsm: postpaid });
    expect(expectSuccess(await showBalance(other.token, postpaid, "ar"), "ar", "charging.balanceShown")).toMatchObject({ plan: "postpaid", unbilled: 2_000, creditLimit: 30_000, available: 28_000 });
    expect(bss.requests.filter((request) => request.path.endsWith("/bucket")).every((request) => request.auth === "Bearer" && request.status === 200)).toBe(true);
    expect(bss.violations).toEqual([]);
  });

  test("My line's confirmation has one key in two tabs until the line buys something: both confirmed are one BSS order and one charge", async () => {
    const gsm = freshNumber("0944");
    bss.offerings.set("bundle-102", { name: "Weekly 5 GB", price: 6000, validityDays: 7, eligibility: "both", allowances: [{ kind: "data", amount: 5, units: "GB" }] });
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 20_000, validUntil: "2099-06-30T12:00:00Z" });
    const { cookie } = await insertSession(server.databaseUrl, { gsm });
    const keyShown = async () => {
      const page = await send(server.url, "/my-line?activate=102", { headers: { cookie } });
      expect(page.status, page.text.slice(0, 300)).toBe(200);
      return /name="idempotencyKey" value="([^"]+)"/.exec(page.text)?.[1];
    };
    const [firstTab, secondTab] = [await keyShown(), await keyShown()];
    expect(firstTab).toBeDefined();
    expect(secondTab).toBe(firstTab);
    for (const key of [firstTab!, secondTab!]) {
      const answer = await send(server.url, "/my-line", {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "activate", gsm, bundleId: "102", renew: "1", idempotencyKey: key }).toString(),
      });
      expect(answer.status, answer.text.slice(0, 300)).toBe(302);
    }
    expect(bss.lines.get(gsm)!.mainBalance).toBe(20_000 - 6000);
    expect([...bss.orders.values()].filter((order) => JSON.stringify(order).includes(gsm))).toHaveLength(1);
    expect(await keyShown()).not.toBe(firstTab);
    expect(bss.violations).toEqual([]);
  });

  test("with the BSS away: 503 with Retry-After and a localised message in both languages, /healthz still 200; back after the cooldown", async () => {
    const gsm = freshNumber("0966");
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 77, validUntil: null });
    const { token } = await insertSession(server.databaseUrl, { gsm });
    await bss.down();
    try {
      for (const { asked, expected } of LANGUAGE_CASES) {
        const answer = await send(server.url, "/core/api/charging/balance/show", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${token}`, ...(asked ? { "accept-language": asked } : {}) },
          body: `gsm=${gsm}`,
        });
        expectFailure(answer, 503, "CHARGING_UNAVAILABLE", expected, "charging.errors.CHARGING_UNAVAILABLE");
        expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      }
      // The My line page says so too (503, Retry-After), in the visitor's language, rather than failing.
      for (const language of ["ar", "en"] as const) {
        const page = await send(server.url, "/my-line", { headers: { cookie: `session=${token}; lang=${language}`, accept: "text/html" } });
        expect(page.status, page.text.slice(0, 300)).toBe(503);
        expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
        expect(htmlLanguage(page.text).lang).toBe(language);
      }
      expect((await send(server.url, "/healthz")).status).toBe(200);
      expect(server.errors()).toEqual([]);
    } finally {
      await bss.up();
    }
    // The breaker is open (two failures): the BSS is not asked until the cooldown has passed.
    const mark = bss.requests.length;
    expectFailure(await showBalance(token, gsm, "en"), 503, "CHARGING_UNAVAILABLE", "en", "charging.errors.CHARGING_UNAVAILABLE");
    expect(bss.requests.length).toBe(mark);
    await expect
      .poll(async () => (await showBalance(token, gsm, "en")).status, { timeout: BREAKER_COOLDOWN_MS * 3, interval: 250 })
      .toBe(200);
    expect(expectSuccess(await showBalance(token, gsm, "en"), "en", "charging.balanceShown")).toMatchObject({ mainBalance: 77 });
    expectNotLogged(server, [TMF_CLIENT.secret]);
    expect(server.output()).not.toMatch(/token-\d+-/);
  });

  test("a wrong voucher the BSS refuses in a way we do not know still counts against the line: no answer of the BSS gives free guesses", async () => {
    const gsm = freshNumber("0966");
    bss.lines.set(gsm, { plan: "prepaid", mainBalance: 0, validUntil: null });
    const { token } = await insertSession(server.databaseUrl, { gsm });
    bss.fault({ kind: "status", status: 400 }, 5, TOP_UP_PATH);
    for (let i = 0; i < 5; i++) {
      const answer = await postForm(server, "/core/api/charging/vouchers/redeem", { gsm, voucher: "12345678901234" }, { token, language: "en" });
      expectFailure(answer, 503, "CHARGING_UNAVAILABLE", "en", "charging.errors.CHARGING_UNAVAILABLE");
    }
    // Five tries counted: the sixth is refused before the BSS is asked.
    const mark = bss.requests.length;
    expectFailure(await postForm(server, "/core/api/charging/vouchers/redeem", { gsm, voucher: "12345678901234" }, { token, language: "ar" }), 429, "VOUCHER_LOCKED", "ar", "charging.errors.VOUCHER_LOCKED");
    expect(bss.requests.length).toBe(mark);
    expectNotLogged(server, ["12345678901234"]);
  });
});
