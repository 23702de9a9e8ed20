// Call barring and the hotline over real HTTP, in both languages: barring's exclusions and its one-month
// end; the service password set after a fresh code; deactivating and reactivating a line with the
// national ID and the password; failures counted atomically and the lock; 403 for a foreign number.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiMessage, expectFailure, expectSuccess, LANGUAGE_CASES } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { encryptFor, expectNotLogged, freshNumber, insertSession, latestCode, postForm, publicKeyOf } from "../support/subscriber.ts";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let key: string;
const secrets: string[] = [];
beforeAll(async () => {
  // No resend delay and a high IP limit: every request of this file comes from 127.0.0.1.
  server = await startTestServer({ env: { OTP_RESEND_SECONDS: "0", OTP_SENDS_PER_IP_HOUR: "1000" } });
  key = await publicKeyOf(server);
});
afterAll(async () => {
  await server?.stop();
});

async function subscriber() {
  const gsm = freshNumber("0977");
  return { ...(await insertSession(server.databaseUrl, { gsm })), gsm };
}
const post = (path: string, fields: Record<string, string>, token?: string, language?: "ar" | "en") => postForm(server, path, fields, { token, language });
const nationalIdOf = async (gsm: string) => (await send(server.url, `/dev/network-line?gsm=${gsm}`)).json<{ nationalId: string }>().nationalId;

async function setPassword(token: string, gsm: string, password = "correct horse 1") {
  expectSuccess(await post("/core/api/hotline/password/code", { gsm }, token, "en"), "en", "account.codeSent");
  const code = await latestCode(server, gsm);
  secrets.push(code, password);
  return post("/core/api/hotline/password", { gsm, data: encryptFor(key, `${gsm}#${code}`), password }, token, "en");
}

describe("call barring", () => {
  /** Options by type → state, sent at indexes 0, 1, … (the index is the position in the list, not the type). */
  const barring = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).flatMap(([type, state], index) => [[`customerState[${index}].type`, type], [`customerState[${index}].state`, state]]));

  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`show with ${label}: off, five options, free, no end date, texts in ${expected}`, async () => {
      const { token, gsm } = await subscriber();
      const answer = await send(server.url, "/core/api/callBarring/show", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${token}`, ...(asked ? { "accept-language": asked } : {}) },
        body: `gsm=${gsm}`,
      });
      const view = expectSuccess<{ title: string; price: number; customerState: unknown[]; endsAt: string | null }>(answer, expected);
      expect(view.title).toBe(expected === "ar" ? "حظر المكالمات" : "Call barring");
      expect(view.customerState).toHaveLength(5);
      expect(view.endsAt).toBeNull();
    });
  }

  test("a bar ends one month after it is set; an ended bar reads as off", async () => {
    const { token, gsm } = await subscriber();
    const view = expectSuccess<{ serviceState: number; endsAt: string }>(await post("/core/api/callBarring/activate", { gsm, serviceState: "1", ...barring({ 2: "1" }) }, token, "en"), "en", "lineFeatures.saved");
    expect(view.serviceState).toBe(1);
    const days = (Date.parse(view.endsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await withClient(server.databaseUrl, (client) => client.query("update network_line_features set ends_at = now() - interval '1 minute' where gsm = $1", [gsm]));
    const ended = expectSuccess<{ serviceState: number; endsAt: string | null; customerState: { state: number }[] }>(await post("/core/api/callBarring/show", { gsm }, token, "en"), "en");
    expect(ended).toMatchObject({ serviceState: 0, endsAt: null });
    expect(ended.customerState.every((option) => option.state === 0)).toBe(true);
  });

  for (const [name, options, field] of [
    ["'incoming while roaming' with 'all incoming'", { 0: "1", 1: "1" }, "customerState.1.state"],
    ["'outgoing international' with 'all outgoing'", { 2: "1", 3: "1" }, "customerState.1.state"],
    ["both international options", { 3: "1", 4: "1" }, "customerState.1.state"],
  ] as const) {
    test(`refuses ${name} (400 naming the covered option)`, async () => {
      const { token, gsm } = await subscriber();
      for (const language of ["ar", "en"] as const) {
        const body = expectFailure(await post("/core/api/callBarring/activate", { gsm, serviceState: "1", ...barring(options) }, token, language), 400, "BAD_REQUEST", language, "badRequest");
        expect(body.errors?.[field]).toEqual([apiMessage(language, "validation.barringExcluded")]);
      }
    });
  }

  test("a foreign number: 403; a deactivated line: 409", async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    expectFailure(await post("/core/api/callBarring/show", { gsm: theirs.gsm }, mine.token, "ar"), 403, "NOT_YOUR_NUMBER", "ar", "lineFeatures.errors.NOT_YOUR_NUMBER");
    await withClient(server.databaseUrl, (client) => client.query("insert into network_lines (gsm, state, national_id) values ($1, 'deactivated', '1') on conflict (gsm) do update set state = 'deactivated'", [mine.gsm]));
    expectFailure(await post("/core/api/callBarring/activate", { gsm: mine.gsm, serviceState: "1", ...barring({ 0: "1" }) }, mine.token, "en"), 409, "LINE_DEACTIVATED", "en", "lineFeatures.errors.LINE_DEACTIVATED");
  });
});

describe("hotline", () => {
  test("the page says since which day the line is deactivated in the operator's calendar, not in UTC's", async () => {
    const { gsm, cookie } = await subscriber();
    // 22:30 UTC on 22 November is 01:30 on 23 November in Damascus.
    await withClient(server.databaseUrl, (client) =>
      client.query("insert into network_lines (gsm, state, national_id, state_changed_at) values ($1, 'deactivated', '1', '2026-11-22T22:30:00Z') on conflict (gsm) do update set state = 'deactivated', state_changed_at = excluded.state_changed_at", [gsm]),
    );
    const page = (await send(server.url, "/hotline", { headers: { cookie: `${cookie}; lang=en` } })).text;
    expect(page).toContain("23 November 2026");
    expect(page).not.toContain("22 November 2026");
  });

  test("lists the account's lines; sets the service password with a fresh code; deactivates and reactivates the line", async () => {
    const { token, gsm } = await subscriber();
    expect(expectSuccess(await post("/core/api/hotline/show", {}, token, "en"), "en")).toEqual([{ gsm, state: "active", hasServicePassword: false, stateChangedAt: null }]);
    expectFailure(await post("/core/api/hotline/deactivate", { gsm, nationalId: "1", password: "x" }, token, "en"), 409, "PASSWORD_NOT_SET", "en", "lineFeatures.errors.PASSWORD_NOT_SET");
    expectSuccess(await setPassword(token, gsm), "en", "lineFeatures.passwordSet");
    const nationalId = await nationalIdOf(gsm);
    secrets.push(nationalId);
    const off = expectSuccess<{ state: string; hasServicePassword: boolean }>(await post("/core/api/hotline/deactivate", { gsm, nationalId, password: "correct horse 1" }, token, "ar"), "ar", "lineFeatures.lineDeactivated");
    expect(off).toMatchObject({ state: "deactivated", hasServicePassword: true });
    expectFailure(await post("/core/api/hotline/deactivate", { gsm, nationalId, password: "correct horse 1" }, token, "en"), 409, "ALREADY_IN_STATE", "en", "lineFeatures.errors.ALREADY_IN_STATE");
    expect(expectSuccess<{ lineState: string }>(await post("/core/api/callForward/show", { gsm }, token, "en"), "en").lineState).toBe("deactivated");
    const on = expectSuccess<{ state: string }>(await post("/core/api/hotline/activate", { gsm, nationalId, password: "correct horse 1" }, token, "en"), "en", "lineFeatures.lineReactivated");
    expect(on.state).toBe("active");
    const audit = await withClient(server.databaseUrl, async (client) => (await client.query("select feature, action, before, after from line_feature_audit where gsm = $1 order by id", [gsm])).rows);
    expect(audit.map((row) => `${row.feature} ${row.action}`)).toEqual(["service-password set-password", "hotline deactivate-line", "hotline reactivate-line"]);
    expect(JSON.stringify(audit)).not.toContain("correct horse");
    expect(JSON.stringify(audit)).not.toContain(nationalId);
    const stored = await withClient(server.databaseUrl, async (client) => (await client.query("select password_hash from line_service_passwords where gsm = $1", [gsm])).rows[0].password_hash as string);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  test("the spec §5 messages: national ID required, password required; a short new password", async () => {
    const { token, gsm } = await subscriber();
    for (const language of ["ar", "en"] as const) {
      const body = expectFailure(await post("/core/api/hotline/deactivate", { gsm, nationalId: " ", password: "" }, token, language), 400, "BAD_REQUEST", language, "badRequest");
      expect(body.errors).toEqual({ nationalId: [apiMessage(language, "validation.nationalIdRequired")], password: [apiMessage(language, "validation.passwordRequired")] });
    }
    const short = expectFailure(await post("/core/api/hotline/password", { gsm, data: "x", password: "short" }, token, "en"), 400, "BAD_REQUEST", "en", "badRequest");
    expect(short.errors?.password).toEqual([apiMessage("en", "validation.passwordTooShort")]);
  });

  // That no password is hashed for a wrong code is checked where it can be seen: server/line-features/service-password.test.ts.
  test("64 parallel password changes with a wrong code: the code takes 5 tries, then it is void, nothing is set", async () => {
    const { token, gsm } = await subscriber();
    expectSuccess(await post("/core/api/hotline/password/code", { gsm }, token, "en"), "en", "account.codeSent");
    const code = await latestCode(server, gsm);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 64 }, () => post("/core/api/hotline/password", { gsm, data: encryptFor(key, `${gsm}#${wrong}`), password: "a good password" }, token, "en")));
    const elapsedMs = performance.now() - started;
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    const tries = await withClient(server.databaseUrl, async (client) => (await client.query("select wrong_tries, voided_at from one_time_codes where gsm = $1 and purpose = 'service-password' order by id desc limit 1", [gsm])).rows[0]);
    expect(tries.wrong_tries).toBe(5);
    expect(tries.voided_at).not.toBeNull();
    // Informative only (never asserted on time): 64 scrypt hashes of 16 MiB each would take seconds.
    console.log(`64 wrong-code password changes answered in ${elapsedMs.toFixed(0)} ms`);
    expect(expectSuccess<{ hasServicePassword: boolean }[]>(await post("/core/api/hotline/show", {}, token, "en"), "en")[0]!.hasServicePassword).toBe(false);
  });

  test("a wrong code does not set the password", async () => {
    const { token, gsm } = await subscriber();
    expectSuccess(await post("/core/api/hotline/password/code", { gsm }, token, "en"), "en", "account.codeSent");
    const code = await latestCode(server, gsm);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expectFailure(await post("/core/api/hotline/password", { gsm, data: encryptFor(key, `${gsm}#${wrong}`), password: "a good password" }, token, "en"), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
    expect(expectSuccess<{ hasServicePassword: boolean }[]>(await post("/core/api/hotline/show", {}, token, "en"), "en")[0]!.hasServicePassword).toBe(false);
  });

  test("a wrong national ID and a wrong password get one and the same answer, in both languages", async () => {
    const { token, gsm } = await subscriber();
    expectSuccess(await setPassword(token, gsm), "en", "lineFeatures.passwordSet");
    const nationalId = await nationalIdOf(gsm);
    for (const language of ["ar", "en"] as const) {
      const wrongId = await post("/core/api/hotline/deactivate", { gsm, nationalId: "99999999999", password: "correct horse 1" }, token, language);
      const wrongPassword = await post("/core/api/hotline/deactivate", { gsm, nationalId, password: "wrong password" }, token, language);
      expectFailure(wrongId, 400, "HOTLINE_PROOF_WRONG", language, "lineFeatures.errors.HOTLINE_PROOF_WRONG");
      expect(wrongPassword.text, "the answer must not tell which of the two was wrong").toBe(wrongId.text);
    }
  });

  test("30 parallel deactivations, the right password last: at most 5 tries are checked, one lock, the line stays active", async () => {
    const { token, gsm } = await subscriber();
    expectSuccess(await setPassword(token, gsm), "en", "lineFeatures.passwordSet");
    const nationalId = await nationalIdOf(gsm);
    const tries = Array.from({ length: 29 }, () => post("/core/api/hotline/deactivate", { gsm, nationalId, password: "not the password" }, token, "en"));
    tries.push(post("/core/api/hotline/deactivate", { gsm, nationalId, password: "correct horse 1" }, token, "en"));
    const codes = (await Promise.all(tries)).map((answer) => answer.json<{ code?: string }>().code ?? "OK");
    const checked = codes.filter((code) => code !== "PASSWORD_LOCKED");
    expect(checked.length, `answers: ${codes.join(", ")}`).toBeLessThanOrEqual(5);
    expect(codes, "the right password came after the lock and must not get through").not.toContain("OK");
    const row = await withClient(server.databaseUrl, async (client) => (await client.query("select failures, locked_until from line_service_passwords where gsm = $1", [gsm])).rows[0]);
    expect(row.failures).toBe(5);
    expect(row.locked_until).not.toBeNull();
    expect(expectSuccess<{ gsm: string; state: string }[]>(await post("/core/api/hotline/show", {}, token, "en"), "en").find((line) => line.gsm === gsm)!.state).toBe("active");
    const audited = await withClient(server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from line_feature_audit where gsm = $1 and feature = 'hotline'", [gsm])).rows[0].n);
    expect(audited).toBe(0);
  });

  test("wrong tries count before the check; of 20 parallel wrong attempts at most 5 count, then 429 with Retry-After", async () => {
    const { token, gsm } = await subscriber();
    expectSuccess(await setPassword(token, gsm), "en", "lineFeatures.passwordSet");
    const nationalId = await nationalIdOf(gsm);
    expectFailure(await post("/core/api/hotline/deactivate", { gsm, nationalId: "99999999999", password: "correct horse 1" }, token, "ar"), 400, "HOTLINE_PROOF_WRONG", "ar", "lineFeatures.errors.HOTLINE_PROOF_WRONG");
    expectFailure(await post("/core/api/hotline/deactivate", { gsm, nationalId, password: "wrong password" }, token, "en"), 400, "HOTLINE_PROOF_WRONG", "en", "lineFeatures.errors.HOTLINE_PROOF_WRONG");
    const answers = await Promise.all(Array.from({ length: 20 }, () => post("/core/api/hotline/deactivate", { gsm, nationalId, password: "still wrong" }, token, "en")));
    const codes = answers.map((answer) => answer.json<{ code: string }>().code);
    expect(codes.filter((code) => code === "HOTLINE_PROOF_WRONG").length).toBe(2); // 2 counted before; the 5th try locks
    expect(codes.filter((code) => code === "PASSWORD_LOCKED").length).toBe(18);
    const failures = await withClient(server.databaseUrl, async (client) => (await client.query("select failures from line_service_passwords where gsm = $1", [gsm])).rows[0].failures);
    expect(failures).toBe(5);
    // Locked: even the right proof is refused, with the wait.
    const locked = await post("/core/api/hotline/deactivate", { gsm, nationalId, password: "correct horse 1" }, token, "en");
    expectFailure(locked, 429, "PASSWORD_LOCKED", "en", "lineFeatures.errors.PASSWORD_LOCKED");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(60);
  });

  test("another account's number: 403 everywhere, nothing changes", async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    expectFailure(await post("/core/api/hotline/password/code", { gsm: theirs.gsm }, mine.token, "en"), 403, "NOT_YOUR_NUMBER", "en", "lineFeatures.errors.NOT_YOUR_NUMBER");
    expectFailure(await post("/core/api/hotline/deactivate", { gsm: theirs.gsm, nationalId: "1", password: "x" }, mine.token, "ar"), 403, "NOT_YOUR_NUMBER", "ar", "lineFeatures.errors.NOT_YOUR_NUMBER");
    expect(expectSuccess<{ state: string }[]>(await post("/core/api/hotline/show", {}, theirs.token, "en"), "en")[0]!.state).toBe("active");
  });

  test("no code, password or national ID in the server's log lines", () => {
    expectNotLogged(server, secrets);
    expect(server.errors()).toEqual([]);
  });
});
