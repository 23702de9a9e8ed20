// Top up by voucher over real HTTP (issue 16): core/api/charging/vouchers/redeem in both languages — a
// right voucher is credited once, extends the validity, is confirmed by SMS and audited; Arabic-Indic and
// grouped digits are the same voucher; an unknown, used, void or expired voucher is one answer; postpaid and
// deactivated lines are refused; a stranger's number is 403 with nothing counted — and the fraud rules:
// 5 wrong vouchers within an hour lock the line's voucher entry for an hour (a right voucher then too), the
// lock lifts after the hour, a right voucher takes its try back, 40 wrong at once count exactly 5 and lock
// once, and one client's tries across several lines meet the per-IP limit before its body is read. The
// races: 50 redemptions of one voucher at once, from one line or from 50 accounts' lines, credit it once.
// The /top-up page's form is the same rule (a plain form: redirect to /my-line).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatAmount } from "../../common/format.ts";
import { voucherSecretHash } from "../../server/charging/voucher-secret.ts";
import { apiMessage, expectFailure, expectSuccess, LANGUAGE_CASES } from "../support/contract.ts";
import { rootDir } from "../support/database-setup.ts";
import { withClient } from "../support/database.ts";
import { expectNotLogged, freshNumber, insertSession, outboxOf, postForm, setChargingLine, TEST_VOUCHER_HASH_KEY, type SessionFixture } from "../support/subscriber.ts";
import { scriptEnv, send, startTestServer, type TestServer } from "../support/test-server.ts";

const REDEEM = "/core/api/charging/vouchers/redeem";
const MAX_WRONG = 5;
const IP_TRIES = 20;

/** The server under the default limits; each test speaks from its own client IP (X-Forwarded-For behind one trusted proxy). */
let server: TestServer;
/**
 * A second instance on the same database whose limits do not get in the way of the races: 50 tries of one
 * line at once would otherwise meet the line's 5 wrong tries (that rule has its own tests on `server`).
 */
let raceServer: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUSTED_PROXY_HOPS: "1", VOUCHER_HASH_KEY: TEST_VOUCHER_HASH_KEY } });
  raceServer = await startTestServer({ sameDatabaseAs: server, env: { TRUSTED_PROXY_HOPS: "1", VOUCHER_HASH_KEY: TEST_VOUCHER_HASH_KEY, VOUCHER_MAX_WRONG_PER_LINE_HOUR: "1000", VOUCHER_TRIES_PER_IP_HOUR: "100000" } });
});
afterAll(async () => {
  await raceServer?.stop();
  await server?.stop();
});

interface Balance {
  gsm: string;
  plan: "prepaid" | "postpaid";
  mainBalance: number | null;
  validUntil: string | null;
  available: number;
}
interface TopUp {
  topUpId: number;
  amount: number;
  voucherSerial: string;
  createdAt: string;
  balance: Balance;
}

let ipSeed = 1;
/** A client address of its own for each test (TEST-NET-2 and 10/8, never a real client). */
const newIp = () => {
  const n = ipSeed++;
  return `10.${(process.pid >> 8) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

async function subscriber(): Promise<SessionFixture & { gsm: string }> {
  const gsm = freshNumber("0966");
  return { ...(await insertSession(server.databaseUrl, { gsm })), gsm };
}

let serialSeed = 0;
/** A voucher as the operator's voucher system makes it: only the hash of its 14 digits is stored. */
async function makeVoucher(options: { amount?: number; validityDays?: number; state?: "unused" | "redeemed" | "void"; expiresInDays?: number } = {}): Promise<{ secret: string; serial: string }> {
  const secret = String(10_000_000_000_000 + Math.floor(Math.random() * 89_999_999_999_999)).slice(0, 14);
  const serial = `T${process.pid}-${serialSeed++}-${Date.now()}`;
  await withClient(server.databaseUrl, (client) =>
    client.query("insert into charging_vouchers (serial, secret_hash, amount, validity_days, state, expires_at) values ($1, $2, $3, $4, $5, now() + make_interval(days => $6))", [
      serial,
      voucherSecretHash(TEST_VOUCHER_HASH_KEY, secret),
      options.amount ?? 5000,
      options.validityDays ?? 30,
      options.state ?? "unused",
      options.expiresInDays ?? 365,
    ]),
  );
  return { secret, serial };
}

/** A voucher nobody made. */
const unknownVoucher = () => String(90_000_000_000_000 + Math.floor(Math.random() * 9_999_999_999_999)).slice(0, 14);

async function setLine(gsm: string, line: { plan?: "prepaid" | "postpaid"; mainBalance?: number; validForDays?: number | null }): Promise<void> {
  await setChargingLine(server.databaseUrl, gsm, {
    plan: line.plan ?? "prepaid",
    mainBalance: line.mainBalance ?? 0,
    validForDays: line.validForDays === undefined ? 10 : line.validForDays,
    creditLimit: line.plan === "postpaid" ? 50000 : 0,
  });
}

const query = <T>(text: string, values: unknown[]) => withClient(server.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);
const lineOf = async (gsm: string) => (await query<{ main_balance: number; valid_until: string | null }>("select main_balance, valid_until::text from charging_lines where gsm = $1", [gsm]))[0];
const dayFromToday = async (days: number) => (await query<{ day: string }>("select ((now() at time zone 'Asia/Damascus')::date + $1::int)::text as day", [days]))[0]!.day;
const voucherOf = async (secret: string) => (await query<{ state: string; redeemed_by: string | null }>("select state, redeemed_by from charging_vouchers where secret_hash = $1", [voucherSecretHash(TEST_VOUCHER_HASH_KEY, secret)]))[0]!;
const topUpsOf = async (gsm: string) => (await query<{ amount: number }>("select amount from charging_top_ups where gsm = $1", [gsm])).map((row) => row.amount);
const triesOf = async (gsm: string) => (await query<{ failures: number; locked: boolean }>("select failures, coalesce(locked_until > now(), false) as locked from charging_voucher_tries where gsm = $1", [gsm]))[0] ?? null;
/** Moves the line's counted tries (and a lock) back in time, as if they had been made `minutes` earlier. */
const backdateTries = (gsm: string, minutes: number) =>
  query("update charging_voucher_tries set wrong_tries_at = array(select tried_at - make_interval(mins => $2) from unnest(wrong_tries_at) as tried_at), locked_until = locked_until - make_interval(mins => $2) where gsm = $1", [gsm, minutes]);
const auditOf = (gsm: string) => query<{ action: string; amount: number | null; result: string }>("select action, amount, result from charging_audit where gsm = $1 order by id", [gsm]);

function redeem(target: TestServer, line: { token: string; gsm: string }, voucher: string, options: { language?: "ar" | "en"; ip: string }) {
  return postForm(target, REDEEM, { gsm: line.gsm, voucher }, { token: line.token, language: options.language, headers: { "x-forwarded-for": options.ip } });
}

describe("a right voucher", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: the amount is credited once, the validity extended, an SMS confirms it and the top-up is audited (never the secret)`, async () => {
      const line = await subscriber();
      const ip = newIp();
      await setLine(line.gsm, { mainBalance: 2000, validForDays: 10 });
      const { secret, serial } = await makeVoucher({ amount: 5000, validityDays: 30 });
      const answer = await send(server.url, REDEEM, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${line.token}`, "x-forwarded-for": ip, ...(asked ? { "accept-language": asked } : {}) },
        body: new URLSearchParams({ gsm: line.gsm, voucher: secret }).toString(),
      });
      const topUp = expectSuccess<TopUp>(answer, expected, "charging.toppedUp");
      const validUntil = await dayFromToday(30);
      expect(topUp).toMatchObject({ amount: 5000, voucherSerial: serial, balance: { gsm: line.gsm, plan: "prepaid", mainBalance: 7000, validUntil, available: 7000 } });
      expect(await lineOf(line.gsm)).toEqual({ main_balance: 7000, valid_until: validUntil });
      expect(await voucherOf(secret)).toEqual({ state: "redeemed", redeemed_by: line.gsm });

      // Again from the same line: that top-up, repeated; nothing more is credited.
      expect(expectSuccess<{ repeated: boolean }>(await redeem(server, line, secret, { language: expected, ip }), expected, "charging.alreadyToppedUp").repeated).toBe(true);
      expect(await lineOf(line.gsm)).toMatchObject({ main_balance: 7000 });
      expect(await topUpsOf(line.gsm)).toEqual([5000]);

      const sms = await outboxOf(server, line.gsm);
      expect(sms).toHaveLength(1);
      const text = sms[0]!.text.replace(/[\u2066-\u2069]/g, "");
      const currency = expected === "ar" ? "ل.س" : "SYP";
      expect(text).toContain(formatAmount(expected, 5000, currency));
      expect(text).toContain(formatAmount(expected, 7000, currency));
      if (expected === "ar") expect(text).toMatch(/[\u0621-\u064A]/);
      else expect(text).toMatch(/^Your line was topped up/);

      expect(await auditOf(line.gsm)).toEqual([
        { action: "voucher-top-up", amount: 5000, result: "completed" },
        { action: "voucher-top-up", amount: 0, result: "repeated" },
      ]);
      const audited = JSON.stringify(await query("select * from charging_audit where gsm = $1", [line.gsm]));
      expect(audited).not.toContain(secret);
      expectNotLogged(server, [secret]);
    });
  }

  test("the validity never shortens: a line valid longer keeps its date; a line never topped up is valid for the voucher's days", async () => {
    const longer = await subscriber();
    await setLine(longer.gsm, { mainBalance: 100, validForDays: 200 });
    const ninety = await makeVoucher({ amount: 1000, validityDays: 90 });
    expect(expectSuccess<TopUp>(await redeem(server, longer, ninety.secret, { language: "en", ip: newIp() }), "en", "charging.toppedUp").balance).toMatchObject({ mainBalance: 1100, validUntil: await dayFromToday(200) });

    const fresh = await subscriber();
    const thirty = await makeVoucher({ amount: 10000, validityDays: 30 });
    expect(expectSuccess<TopUp>(await redeem(server, fresh, thirty.secret, { language: "en", ip: newIp() }), "en", "charging.toppedUp").balance).toMatchObject({
      mainBalance: 10000,
      validUntil: await dayFromToday(30),
    });
  });

  test("typed in Arabic-Indic or Persian digits, or grouped by spaces and dashes as printed, it is the same voucher", async () => {
    const line = await subscriber();
    const ip = newIp();
    const arabicIndic = (digits: string) => digits.replace(/\d/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]!);
    const persian = (digits: string) => digits.replace(/\d/g, (digit) => "۰۱۲۳۴۵۶۷۸۹"[Number(digit)]!);
    const grouped = (digits: string, separator: string) => digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`);
    const typings = [(s: string) => arabicIndic(s), (s: string) => persian(grouped(s, " ")), (s: string) => grouped(s, "-"), (s: string) => arabicIndic(grouped(s, " "))];
    for (const typed of typings) {
      const { secret } = await makeVoucher({ amount: 1000 });
      expectSuccess<TopUp>(await redeem(server, line, typed(secret), { language: "ar", ip }), "ar", "charging.toppedUp");
      expect(await voucherOf(secret)).toEqual({ state: "redeemed", redeemed_by: line.gsm });
    }
    expect(await topUpsOf(line.gsm)).toEqual([1000, 1000, 1000, 1000]);
  });
});

describe("refusals", () => {
  test("an unknown, used, void or expired voucher is one answer, VOUCHER_INVALID, in both languages; nothing is credited", async () => {
    const owner = await subscriber();
    const used = await makeVoucher();
    expectSuccess(await redeem(server, owner, used.secret, { ip: newIp() }), "ar", "charging.toppedUp");
    const voided = await makeVoucher({ state: "void" });
    const expired = await makeVoucher({ expiresInDays: -1 });
    for (const language of ["ar", "en"] as const) {
      for (const secret of [unknownVoucher(), used.secret, voided.secret, expired.secret]) {
        // A fresh line and client each time, so the answers are the voucher's, not a lock's.
        const line = await subscriber();
        expectFailure(await redeem(server, line, secret, { language, ip: newIp() }), 400, "VOUCHER_INVALID", language, "charging.errors.VOUCHER_INVALID");
        expect(await lineOf(line.gsm)).toMatchObject({ main_balance: 0 });
      }
    }
    expect((await voucherOf(voided.secret)).state).toBe("void");
    expect((await voucherOf(expired.secret)).state).toBe("unused");
  });

  test("a postpaid line is 409 VOUCHER_NOT_ELIGIBLE and a deactivated line 409 LINE_DEACTIVATED: the voucher stays unused and no try is counted", async () => {
    const postpaid = await subscriber();
    await setLine(postpaid.gsm, { plan: "postpaid", validForDays: null });
    const deactivated = await subscriber();
    await setLine(deactivated.gsm, { mainBalance: 300 });
    await query("insert into network_lines (gsm, national_id, state) values ($1, '12345678901', 'deactivated')", [deactivated.gsm]);
    const { secret } = await makeVoucher();
    for (const language of ["ar", "en"] as const) {
      expectFailure(await redeem(server, postpaid, secret, { language, ip: newIp() }), 409, "VOUCHER_NOT_ELIGIBLE", language, "charging.errors.VOUCHER_NOT_ELIGIBLE");
      expectFailure(await redeem(server, deactivated, secret, { language, ip: newIp() }), 409, "LINE_DEACTIVATED", language, "charging.errors.LINE_DEACTIVATED");
    }
    expect(await voucherOf(secret)).toEqual({ state: "unused", redeemed_by: null });
    expect(await lineOf(deactivated.gsm)).toMatchObject({ main_balance: 300 });
    expect(await triesOf(postpaid.gsm)).toMatchObject({ failures: 0, locked: false });
    expect(await triesOf(deactivated.gsm)).toMatchObject({ failures: 0, locked: false });
    expect((await auditOf(postpaid.gsm)).map((row) => row.result)).toEqual(["VOUCHER_NOT_ELIGIBLE", "VOUCHER_NOT_ELIGIBLE"]);
  });

  test("a number the session does not own is 403 NOT_YOUR_NUMBER in both languages: nothing changes, no try is counted (a stranger cannot lock someone's line), nothing audited", async () => {
    const owner = await subscriber();
    await setLine(owner.gsm, { mainBalance: 400 });
    const intruder = await subscriber();
    const { secret } = await makeVoucher();
    const ip = newIp();
    for (let i = 0; i < MAX_WRONG + 1; i++) {
      for (const language of ["ar", "en"] as const) {
        expectFailure(await redeem(server, { token: intruder.token, gsm: owner.gsm }, i === 0 ? secret : unknownVoucher(), { language, ip }), 403, "NOT_YOUR_NUMBER", language, "charging.errors.NOT_YOUR_NUMBER");
      }
    }
    expect(await voucherOf(secret)).toEqual({ state: "unused", redeemed_by: null });
    expect(await lineOf(owner.gsm)).toMatchObject({ main_balance: 400 });
    expect(await triesOf(owner.gsm)).toBeNull();
    expect(await auditOf(owner.gsm)).toEqual([]);
    // The owner tops up as usual.
    expectSuccess(await redeem(server, owner, secret, { ip: newIp() }), "ar", "charging.toppedUp");
  });

  test("bad input is a 400 naming the voucher field with its localised message, and no try is counted", async () => {
    const line = await subscriber();
    const ip = newIp();
    for (const language of ["ar", "en"] as const) {
      for (const voucher of ["", "1234", "123456789012345", "1234 5678 9012 3x", "12345678901234; drop table"]) {
        const failure = expectFailure(await redeem(server, line, voucher, { language, ip }), 400, "BAD_REQUEST", language, "api.badRequest");
        expect(failure.errors).toEqual({ voucher: [language === "ar" ? "أدخل رقم بطاقة الشحن: 14 رقمًا كما هو مطبوع تحت طبقة الخدش" : "Enter the voucher number: the 14 digits printed under the scratch layer"] });
      }
    }
    expect(await triesOf(line.gsm)).toBeNull();
  });

  test("without a session it is 401 SESSION_EXPIRED", async () => {
    for (const language of ["ar", "en"] as const) {
      expectFailure(await postForm(server, REDEEM, { gsm: freshNumber("0966"), voucher: unknownVoucher() }, { language }), 401, "SESSION_EXPIRED", language, "account.errors.SESSION_EXPIRED");
    }
  });
});

describe("voucher guessing", () => {
  test(`${MAX_WRONG} wrong vouchers lock the line's voucher entry: the next, even a right one, is 429 VOUCHER_LOCKED with Retry-After and the voucher stays unused; the lock lifts after the hour`, async () => {
    const line = await subscriber();
    await setLine(line.gsm, { mainBalance: 0 });
    const { secret } = await makeVoucher({ amount: 5000 });
    for (let i = 0; i < MAX_WRONG; i++) {
      // A different client each time: the line's count is the line's, whoever asks.
      expectFailure(await redeem(server, line, unknownVoucher(), { language: "en", ip: newIp() }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    }
    expect(await triesOf(line.gsm)).toEqual({ failures: MAX_WRONG, locked: true });
    for (const language of ["ar", "en"] as const) {
      const locked = await redeem(server, line, secret, { language, ip: newIp() });
      expectFailure(locked, 429, "VOUCHER_LOCKED", language, "charging.errors.VOUCHER_LOCKED");
      const wait = Number(locked.headers["retry-after"]);
      expect(wait).toBeGreaterThan(59 * 60);
      expect(wait).toBeLessThanOrEqual(60 * 60);
    }
    expect(await voucherOf(secret)).toEqual({ state: "unused", redeemed_by: null });
    expect(await lineOf(line.gsm)).toMatchObject({ main_balance: 0 });
    expect(await triesOf(line.gsm)).toEqual({ failures: MAX_WRONG, locked: true });
    expect((await auditOf(line.gsm)).map((row) => row.result)).toEqual([...Array(MAX_WRONG).fill("VOUCHER_INVALID"), "VOUCHER_LOCKED", "VOUCHER_LOCKED"]);

    // An hour later (the lock and the window moved back): the right voucher is credited, and its try taken back.
    await backdateTries(line.gsm, 61);
    await query("update charging_voucher_tries set locked_until = now() - interval '1 second' where gsm = $1", [line.gsm]);
    expectSuccess<TopUp>(await redeem(server, line, secret, { language: "en", ip: newIp() }), "en", "charging.toppedUp");
    expect(await lineOf(line.gsm)).toMatchObject({ main_balance: 5000 });
    expect(await triesOf(line.gsm)).toEqual({ failures: 0, locked: false });
  });

  test("the hour slides: 1 wrong try 61 minutes ago and 3 two minutes ago, then the 2nd wrong try now is the 5th within the hour and locks", async () => {
    const line = await subscriber();
    const wrong = () => redeem(server, line, unknownVoucher(), { language: "en", ip: newIp() });
    expectFailure(await wrong(), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    await backdateTries(line.gsm, 59);
    for (let i = 0; i < 3; i++) expectFailure(await wrong(), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    await backdateTries(line.gsm, 2);
    // In the last hour: 3 (the first is 61 minutes old). The next makes 4, the one after 5: that one locks.
    expectFailure(await wrong(), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    expect(await triesOf(line.gsm), "a try 61 minutes old no longer counts").toMatchObject({ locked: false });
    expectFailure(await wrong(), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    expect(await triesOf(line.gsm), "5 wrong tries within the last hour lock the line, whenever the first try of the line was").toMatchObject({ locked: true });
    expectFailure(await wrong(), 429, "VOUCHER_LOCKED", "en", "charging.errors.VOUCHER_LOCKED");
  });

  for (const { minutes, locked } of [
    { minutes: 59, locked: true },
    { minutes: 61, locked: false },
  ]) {
    test(`4 wrong tries ${minutes} minutes ago and 1 now: ${locked ? "5 within the hour, locked" : "only 1 within the hour, not locked"}`, async () => {
      const line = await subscriber();
      for (let i = 0; i < MAX_WRONG - 1; i++) expectFailure(await redeem(server, line, unknownVoucher(), { language: "en", ip: newIp() }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
      await backdateTries(line.gsm, minutes);
      expectFailure(await redeem(server, line, unknownVoucher(), { language: "ar", ip: newIp() }), 400, "VOUCHER_INVALID", "ar", "charging.errors.VOUCHER_INVALID");
      expect(await triesOf(line.gsm)).toMatchObject({ locked });
      const next = await redeem(server, line, unknownVoucher(), { language: "ar", ip: newIp() });
      if (locked) expectFailure(next, 429, "VOUCHER_LOCKED", "ar", "charging.errors.VOUCHER_LOCKED");
      else expectFailure(next, 400, "VOUCHER_INVALID", "ar", "charging.errors.VOUCHER_INVALID");
    });
  }

  test("tries on a locked line count nothing against the client either: it may still make its 20 tries on other lines", async () => {
    const locked = await subscriber();
    for (let i = 0; i < MAX_WRONG; i++) expectFailure(await redeem(server, locked, unknownVoucher(), { language: "en", ip: newIp() }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    const ip = newIp();
    for (let i = 0; i < 3; i++) expectFailure(await redeem(server, locked, unknownVoucher(), { language: "en", ip }), 429, "VOUCHER_LOCKED", "en", "charging.errors.VOUCHER_LOCKED");
    const lines = await Promise.all(Array.from({ length: IP_TRIES / (MAX_WRONG - 1) }, () => subscriber()));
    for (let i = 0; i < IP_TRIES; i++) {
      const answer = await redeem(server, lines[Math.floor(i / (MAX_WRONG - 1))]!, unknownVoucher(), { language: "en", ip });
      expectFailure(answer, 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    }
    expectFailure(await redeem(server, lines[0]!, unknownVoucher(), { language: "en", ip }), 429, "VOUCHER_LOCKED", "en", "charging.errors.VOUCHER_LOCKED");
  });

  test("only wrong vouchers count: a right one takes its try back, even the one that would have reached the limit", async () => {
    const line = await subscriber();
    for (let i = 0; i < MAX_WRONG - 1; i++) {
      expectFailure(await redeem(server, line, unknownVoucher(), { language: "en", ip: newIp() }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    }
    const first = await makeVoucher({ amount: 1000 });
    expectSuccess(await redeem(server, line, first.secret, { language: "en", ip: newIp() }), "en", "charging.toppedUp");
    expect(await triesOf(line.gsm)).toEqual({ failures: MAX_WRONG - 1, locked: false });
    const second = await makeVoucher({ amount: 1000 });
    expectSuccess(await redeem(server, line, second.secret, { language: "en", ip: newIp() }), "en", "charging.toppedUp");
    // The next wrong one is the fifth: it is answered, and locks.
    expectFailure(await redeem(server, line, unknownVoucher(), { language: "en", ip: newIp() }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    expect(await triesOf(line.gsm)).toEqual({ failures: MAX_WRONG, locked: true });
    expect(await topUpsOf(line.gsm)).toEqual([1000, 1000]);
  });

  test(`40 wrong vouchers at once for one line: exactly ${MAX_WRONG} are looked at and counted, the lock is set once, the rest are VOUCHER_LOCKED`, async () => {
    const line = await subscriber();
    const answers = await Promise.all(Array.from({ length: 40 }, () => redeem(server, line, unknownVoucher(), { language: "en", ip: newIp() })));
    const codes = answers.map((answer) => answer.json<{ code: string }>().code);
    expect(codes.filter((code) => code === "VOUCHER_INVALID")).toHaveLength(MAX_WRONG);
    expect(codes.filter((code) => code === "VOUCHER_LOCKED")).toHaveLength(40 - MAX_WRONG);
    expect(await triesOf(line.gsm)).toEqual({ failures: MAX_WRONG, locked: true });
    const results = (await auditOf(line.gsm)).map((row) => row.result);
    expect(results.filter((result) => result === "VOUCHER_INVALID")).toHaveLength(MAX_WRONG);
    expect(results.filter((result) => result === "VOUCHER_LOCKED")).toHaveLength(40 - MAX_WRONG);
  });

  test(`one client's wrong vouchers across several lines meet the per-IP limit (${IP_TRIES} an hour): then 429 before its body is read; another client is not affected`, async () => {
    const ip = newIp();
    const lines = await Promise.all(Array.from({ length: IP_TRIES / (MAX_WRONG - 1) + 1 }, () => subscriber()));
    let tries = 0;
    for (const line of lines.slice(0, -1)) {
      for (let i = 0; i < MAX_WRONG - 1; i++, tries++) {
        expectFailure(await redeem(server, line, unknownVoucher(), { language: "en", ip }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
      }
    }
    expect(tries).toBe(IP_TRIES);
    const last = lines.at(-1)!;
    const { secret } = await makeVoucher();
    for (const language of ["ar", "en"] as const) {
      const refused = await redeem(server, last, secret, { language, ip });
      expectFailure(refused, 429, "VOUCHER_LOCKED", language, "charging.errors.VOUCHER_LOCKED");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Refused before the body is read: a body that would be a 400 is a 429 too.
      expectFailure(await postForm(server, REDEEM, { gsm: last.gsm, voucher: "not a voucher" }, { token: last.token, language, headers: { "x-forwarded-for": ip } }), 429, "VOUCHER_LOCKED", language, "charging.errors.VOUCHER_LOCKED");
    }
    // Nothing of the last line was counted or changed.
    expect(await triesOf(last.gsm)).toBeNull();
    expect(await voucherOf(secret)).toEqual({ state: "unused", redeemed_by: null });
    expectSuccess(await redeem(server, last, secret, { language: "en", ip: newIp() }), "en", "charging.toppedUp");
  });

  test("a right voucher gives the client's try back too: after 19 wrong ones and a right one, the 20th wrong one is still answered, the 21st is not", async () => {
    const ip = newIp();
    const lines = await Promise.all(Array.from({ length: Math.ceil((IP_TRIES - 1) / (MAX_WRONG - 1)) }, () => subscriber()));
    for (let i = 0; i < IP_TRIES - 1; i++) {
      expectFailure(await redeem(server, lines[Math.floor(i / (MAX_WRONG - 1))]!, unknownVoucher(), { language: "en", ip }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    }
    const owner = await subscriber();
    const { secret } = await makeVoucher();
    expectSuccess(await redeem(server, owner, secret, { language: "en", ip }), "en", "charging.toppedUp");
    expectFailure(await redeem(server, owner, unknownVoucher(), { language: "en", ip }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
    expectFailure(await redeem(server, owner, unknownVoucher(), { language: "en", ip }), 429, "VOUCHER_LOCKED", "en", "charging.errors.VOUCHER_LOCKED");
  });
});

describe("the same right voucher again from the line it credited", () => {
  test("a retry or a double submit answers that top-up (repeated), credits nothing more, sends no second SMS and counts no wrong try: six in a row never lock", async () => {
    const line = await subscriber();
    const ip = newIp();
    const { secret, serial } = await makeVoucher({ amount: 3000 });
    const first = expectSuccess<TopUp & { repeated: boolean }>(await redeem(server, line, secret, { language: "en", ip }), "en", "charging.toppedUp");
    expect(first.repeated).toBe(false);
    for (let i = 0; i < 6; i++) {
      const again = expectSuccess<TopUp & { repeated: boolean }>(await redeem(server, line, secret, { language: i % 2 ? "ar" : "en", ip }), i % 2 ? "ar" : "en", "charging.alreadyToppedUp");
      expect(again).toMatchObject({ repeated: true, topUpId: first.topUpId, amount: 3000, voucherSerial: serial });
    }
    const both = await Promise.all([redeem(server, line, secret, { language: "en", ip }), redeem(server, line, secret, { language: "en", ip })]);
    for (const answer of both) expect(expectSuccess<{ repeated: boolean }>(answer, "en", "charging.alreadyToppedUp").repeated).toBe(true);
    expect(await lineOf(line.gsm)).toMatchObject({ main_balance: 3000 });
    expect(await topUpsOf(line.gsm)).toEqual([3000]);
    expect(await outboxOf(server, line.gsm)).toHaveLength(1);
    expect(await triesOf(line.gsm)).toMatchObject({ failures: 0, locked: false });
    expect((await auditOf(line.gsm)).map((row) => `${row.result} ${row.amount}`)).toEqual(["completed 3000", ...Array.from({ length: 8 }, () => "repeated 0")]);
    // Anyone else entering it still learns only that it is not a voucher for them.
    const stranger = await subscriber();
    expectFailure(await redeem(server, stranger, secret, { language: "en", ip: newIp() }), 400, "VOUCHER_INVALID", "en", "charging.errors.VOUCHER_INVALID");
  });
});

describe("the logs", () => {
  test("a try that cannot be taken back is logged without the failed query's values: no params, no number, no voucher; the top-up is still answered", async () => {
    const line = await subscriber();
    const { secret } = await makeVoucher({ amount: 1000 });
    // The line's first try inserts its row; the take-back of a right voucher is the only update of it, and fails.
    const trigger = `refuse_take_back_${line.gsm}`;
    await query(`create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'take-back refused by the test'; end $$`, []);
    await query(`create trigger ${trigger} before update on charging_voucher_tries for each row when (new.gsm = '${line.gsm}') execute function ${trigger}()`, []);
    try {
      expectSuccess<TopUp>(await redeem(server, line, secret, { language: "en", ip: newIp() }), "en", "charging.toppedUp");
    } finally {
      await query(`drop trigger ${trigger} on charging_voucher_tries`, []);
      await query(`drop function ${trigger}()`, []);
    }
    const logged = await expect
      .poll(() => server.output().split("\n").filter((entry) => entry.includes("voucher try not taken back")), { timeout: 5000 })
      .toHaveLength(1)
      .then(() => server.output().split("\n").find((entry) => entry.includes("voucher try not taken back"))!);
    const { err } = JSON.parse(logged) as { err: string };
    expect(err).toContain("take-back refused by the test");
    expect(err).not.toContain("params:");
    expect(err, "no subscriber number, no time a try was made").not.toMatch(new RegExp(`${line.gsm}|\\d{4}-\\d{2}-\\d{2}`));
    expectNotLogged(server, [secret, line.gsm]);
  });
});

describe("races", () => {
  test("50 redemptions of one voucher at once from one line: one credit; every other answer is that same top-up, repeated", async () => {
    const line = await subscriber();
    const { secret } = await makeVoucher({ amount: 10000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(raceServer, line, secret, { language: "en", ip: newIp() })));
    const topUps = answers.map((answer) => expectSuccess<TopUp & { repeated: boolean }>(answer, "en", answer.json<{ message: string }>().message === apiMessage("en", "charging.toppedUp") ? "charging.toppedUp" : "charging.alreadyToppedUp"));
    expect(topUps.filter((topUp) => !topUp.repeated)).toHaveLength(1);
    expect(new Set(topUps.map((topUp) => topUp.topUpId)).size).toBe(1);
    expect(await lineOf(line.gsm)).toMatchObject({ main_balance: 10000 });
    expect(await topUpsOf(line.gsm)).toEqual([10000]);
    expect(await outboxOf(server, line.gsm)).toHaveLength(1);
  });

  test("50 redemptions of one voucher at once from 50 accounts' lines: one line is credited, once", async () => {
    const lines: Awaited<ReturnType<typeof subscriber>>[] = [];
    for (let i = 0; i < 50; i++) lines.push(await subscriber());
    const { secret } = await makeVoucher({ amount: 5000 });
    const answers = await Promise.all(lines.map((line) => redeem(raceServer, line, secret, { language: "ar", ip: newIp() })));
    const winners = lines.filter((_, index) => answers[index]!.status === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expectFailure(answer, 400, "VOUCHER_INVALID", "ar", "charging.errors.VOUCHER_INVALID");
    expect(await voucherOf(secret)).toEqual({ state: "redeemed", redeemed_by: winners[0]!.gsm });
    const credited = await query<{ total: string; top_ups: string }>(
      "select coalesce(sum(main_balance), 0)::text as total, (select count(*) from charging_top_ups where gsm = any($1))::text as top_ups from charging_lines where gsm = any($1)",
      [lines.map((line) => line.gsm)],
    );
    expect(credited[0]).toEqual({ total: "5000", top_ups: "1" });
  });
});

describe("the top-up page's form (/top-up)", () => {
  const postPage = (cookie: string, fields: Record<string, string>, ip: string) =>
    send(server.url, "/top-up", {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      body: new URLSearchParams(fields).toString(),
    });

  test("a right voucher redirects to /my-line; a wrong one is answered in place; a number the session does not own is 403 and nothing changes", async () => {
    const line = await subscriber();
    const { secret } = await makeVoucher({ amount: 1000 });
    const done = await postPage(line.cookie, { gsm: line.gsm, voucher: secret.replace(/(\d{4})(?=\d)/g, "$1 ") }, newIp());
    expect(done.status, done.text).toBe(302);
    expect(done.headers.location).toBe("/my-line");
    expect(await lineOf(line.gsm)).toMatchObject({ main_balance: 1000 });

    const wrong = await postPage(line.cookie, { gsm: line.gsm, voucher: unknownVoucher() }, newIp());
    expect(wrong.status).toBe(400);

    const stranger = await subscriber();
    const other = await makeVoucher();
    const refused = await postPage(line.cookie, { gsm: stranger.gsm, voucher: other.secret }, newIp());
    expect(refused.status, refused.text).toBe(403);
    expect(await voucherOf(other.secret)).toEqual({ state: "unused", redeemed_by: null });
    expect(await triesOf(stranger.gsm)).toBeNull();
  });

  test("a guest opening /top-up is sent to log in, with /top-up remembered", async () => {
    const answer = await send(server.url, "/top-up");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/home?login=1");
    expect(answer.cookies.some((cookie) => cookie.startsWith("next_route=%2Ftop-up") || cookie.startsWith("next_route=/top-up"))).toBe(true);
  });
});

describe("npm run vouchers:demo", () => {
  test("makes fresh unused vouchers in the app's database and prints their 14 digits (stored only as a hash): each tops a line up", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(rootDir, "scripts", "vouchers-demo.ts"), "3"], { cwd: rootDir, env: scriptEnv({ DATABASE_URL: server.databaseUrl, VOUCHER_HASH_KEY: TEST_VOUCHER_HASH_KEY }) });
    const printed = [...stdout.matchAll(/^(SV\d{10})\s+(\d{4} \d{4} \d{4} \d{2})\s+(\d+)\s+(\d+) days\s+(\d{4}-\d{2}-\d{2})$/gm)].map((match) => ({ serial: match[1]!, secret: match[2]!.replace(/ /g, ""), amount: Number(match[3]) }));
    expect(printed, stdout).toHaveLength(3);
    const stored = await query<{ serial: string; secret_hash: string; state: string }>("select serial, secret_hash, state from charging_vouchers where serial = any($1) order by id", [printed.map((voucher) => voucher.serial)]);
    expect(stored.map((row) => row.state)).toEqual(["unused", "unused", "unused"]);
    expect(JSON.stringify(stored)).not.toContain(printed[0]!.secret);
    const line = await subscriber();
    for (const voucher of printed) expectSuccess<TopUp>(await redeem(server, line, grouped(voucher.secret), { language: "en", ip: newIp() }), "en", "charging.toppedUp");
    expect(await topUpsOf(line.gsm)).toEqual(printed.map((voucher) => voucher.amount));
  });
});

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");
