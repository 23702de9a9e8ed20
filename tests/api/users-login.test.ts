// Spec §7 users rows over real HTTP, login and registration: publicKey, signup2, login2, signin and
// resendCode, their answers in both languages and every error branch. The limits of sending have their
// own file (users-limits.test.ts). This server raises OTP_SENDS_PER_IP_HOUR to 1000, since every test
// here sends its codes from 127.0.0.1; every other limit keeps its default.
import { createHash, createPublicKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withClient } from "../support/database.ts";
import { expectFailure, expectSuccess, expectTextIn, LANGUAGE_CASES } from "../support/contract.ts";
import { encryptFor, expectNotLogged, freshNumber, latestCode, outboxOf, postForm, publicKeyOf } from "../support/subscriber.ts";
import { api, send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let key: string;
/** Every code and token the tests saw: none may appear in the server's log lines. */
const secrets: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_HOUR: "1000" } });
  key = await publicKeyOf(server);
});
afterAll(async () => {
  await server?.stop();
});

async function codeOf(gsm: string): Promise<string> {
  const code = await latestCode(server, gsm);
  secrets.push(code);
  return code;
}

async function register(gsm: string): Promise<string> {
  expect((await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) })).status).toBe(200);
  const answer = await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${await codeOf(gsm)}`) });
  const token = expectSuccess<{ token: string }>(answer, "ar", "account.registered").token;
  secrets.push(token);
  return token;
}

describe("GET /core/api/users/publicKey", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: a 2048-bit RSA public key in PEM, alg RSA-OAEP-256`, async () => {
      const data = expectSuccess<{ pem: string; alg: string }>(await api(server).get("/core/api/users/publicKey", asked), expected);
      expect(Object.keys(data).sort()).toEqual(["alg", "pem"]);
      expect(data.alg).toBe("RSA-OAEP-256");
      expect(data.pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
      expect(createPublicKey(data.pem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    });
  }

  test("is the same key on every call (generated once, kept in the database)", async () => {
    expect(await publicKeyOf(server)).toBe(key);
  });
});

describe("registration: POST core/api/users/signup2 then POST api/users/signin", () => {
  for (const language of ["ar", "en"] as const) {
    test(`in ${language}: the code arrives by SMS in ${language}, and signin creates the account and a session`, async () => {
      const gsm = freshNumber("0955");
      const sent = await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }, { language });
      expect(expectSuccess(sent, language, "account.codeSent")).toEqual({ resendAfterSeconds: 120, expiresInSeconds: 300 });

      const messages = await outboxOf(server, gsm);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.to).toBe(gsm);
      expectTextIn(language, messages[0]!.text.replace(/\d/g, ""));
      const runs = messages[0]!.text.match(/\d{6,}/g);
      expect(runs, `the SMS "${messages[0]!.text}" should hold exactly one six-digit run`).toHaveLength(1);
      expect(runs![0]).toMatch(/^\d{6}$/);
      secrets.push(runs![0]!);

      const signedIn = await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${runs![0]}`) }, { language });
      const data = expectSuccess<{ token: string; gsm: string }>(signedIn, language, "account.registered");
      expect(Object.keys(data).sort()).toEqual(["gsm", "token"]);
      expect(data.gsm).toBe(gsm);
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      secrets.push(data.token);

      const numbers = await api(server).get("/core/api/users/numbers/user", language, { authorization: `Bearer ${data.token}` });
      expect(expectSuccess(numbers, language)).toEqual([{ gsm }]);
    });
  }

  test("a number that already has an account is refused with 409 ACCOUNT_EXISTS, in both languages", async () => {
    const gsm = freshNumber();
    await register(gsm);
    for (const language of ["ar", "en"] as const) {
      const answer = await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }, { language });
      expectFailure(answer, 409, "ACCOUNT_EXISTS", language, "account.errors.ACCOUNT_EXISTS");
    }
  });

  test("JSON bodies are accepted too", async () => {
    const gsm = freshNumber();
    const answer = await send(server.url, "/core/api/users/signup2", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en" },
      body: JSON.stringify({ gsm: encryptFor(key, gsm) }),
    });
    expectSuccess(answer, "en", "account.codeSent");
  });
});

describe("login: POST core/api/users/login2 then POST api/users/signin", () => {
  test("a registered number gets a code, and signin starts a new session with a new token each time", async () => {
    const gsm = freshNumber();
    const first = await register(gsm);
    for (const language of ["en", "ar"] as const) {
      // The previous code was used, so a new one may be asked for at once.
      expectSuccess(await postForm(server, "/core/api/users/login2", { gsm: encryptFor(key, gsm) }, { language }), language, "account.codeSent");
      const answer = await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${await codeOf(gsm)}`) }, { language });
      const data = expectSuccess<{ token: string; gsm: string }>(answer, language, "account.signedIn");
      secrets.push(data.token);
      expect(data.gsm).toBe(gsm);
      expect(data.token).not.toBe(first);
    }
  });

  for (const language of ["ar", "en"] as const) {
    test(`in ${language}: a number with no account gets 404 NO_ACCOUNT, a message that invites registration`, async () => {
      const answer = await postForm(server, "/core/api/users/login2", { gsm: encryptFor(key, freshNumber("0966")) }, { language });
      const body = expectFailure(answer, 404, "NO_ACCOUNT", language, "account.errors.NO_ACCOUNT");
      expect(body.message).toMatch(language === "en" ? /create an account/i : /أنشئ حساباً/);
    });
  }

  test("the number must be encrypted: a plain number, a ciphertext of garbage or of a number outside the operator's ranges is 400 NUMBER_INVALID", async () => {
    for (const gsm of ["0944123456", "not base64 at all!", encryptFor(key, "hello"), encryptFor(key, "0933123456"), encryptFor(key, "09441234567")]) {
      for (const language of ["ar", "en"] as const) {
        const answer = await postForm(server, "/core/api/users/login2", { gsm }, { language });
        expectFailure(answer, 400, "NUMBER_INVALID", language, "account.errors.NUMBER_INVALID");
      }
    }
  });

  test("a missing gsm is 400 BAD_REQUEST naming the field", async () => {
    for (const path of ["/core/api/users/login2", "/core/api/users/signup2"]) {
      const body = expectFailure(await postForm(server, path, {}, { language: "en" }), 400, "BAD_REQUEST", "en", "badRequest");
      expect(Object.keys(body.errors ?? {})).toEqual(["gsm"]);
    }
    const empty = await send(server.url, "/core/api/users/login2", { method: "POST", headers: { "accept-language": "en" } });
    expectFailure(empty, 400, "BAD_REQUEST", "en", "badRequest");
  });

  test("a body of another type is 415", async () => {
    const answer = await send(server.url, "/core/api/users/login2", { method: "POST", headers: { "content-type": "text/plain", "accept-language": "en" }, body: "gsm=1" });
    expectFailure(answer, 415, "UNSUPPORTED_MEDIA_TYPE", "en", "unsupportedType");
  });
});

describe("POST api/users/signin errors", () => {
  test("a ciphertext that does not decrypt and one of the wrong shape get the very same 400 CODE_INVALID", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const code = await codeOf(gsm);
    const bodies: string[] = [];
    for (const data of [
      "AAAA" + encryptFor(key, `${gsm}#${code}`).slice(4),
      encryptFor(key, `${gsm}${code}`),
      encryptFor(key, `${gsm}#${code}0`),
      encryptFor(key, `0933123456#${code}`),
      encryptFor(key, "anything"),
      "%%%",
    ]) {
      const answer = await postForm(server, "/api/users/signin", { data }, { language: "en" });
      expectFailure(answer, 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
      bodies.push(answer.text);
    }
    expect(new Set(bodies).size).toBe(1);
    // None of those counted against the code: it still works.
    expectSuccess(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }), "ar", "account.registered");
  });

  test("a wrong code, a used code and a number with no pending code are 400 CODE_INVALID in both languages", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const code = await codeOf(gsm);
    const wrong = code === "000000" ? "000001" : "000000";
    expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrong}`) }, { language: "ar" }), 400, "CODE_INVALID", "ar", "account.errors.CODE_INVALID");
    expectSuccess(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }), "ar", "account.registered");
    expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
    expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${freshNumber()}#123456`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
  });

  test("a missing data field is 400 BAD_REQUEST", async () => {
    const body = expectFailure(await postForm(server, "/api/users/signin", {}, { language: "en" }), 400, "BAD_REQUEST", "en", "badRequest");
    expect(Object.keys(body.errors ?? {})).toEqual(["data"]);
  });
});

describe("what the database keeps", () => {
  test("only a hash of a code and of a token: neither appears in any stored row", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const code = await codeOf(gsm);
    const answer = await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) });
    const { token } = expectSuccess<{ token: string }>(answer, "ar", "account.registered");
    secrets.push(token);
    await withClient(server.databaseUrl, async (client) => {
      const codes = await client.query<{ code_hash: string }>("select code_hash from one_time_codes where gsm = $1", [gsm]);
      expect(codes.rows).toHaveLength(1);
      expect(codes.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      const sessions = await client.query<{ token_hash: string }>(
        "select s.token_hash from sessions s join accounts a on a.id = s.account_id where a.main_gsm = $1",
        [gsm],
      );
      expect(sessions.rows.map((row) => row.token_hash)).toEqual([createHash("sha256").update(token).digest("hex")]);
      const codeRows = await client.query<{ row: string }>(
        "select row_to_json(t)::text as row from one_time_codes t",
      );
      for (const { row } of codeRows.rows) expect(row).not.toContain(`"${code}"`);
      const sessionRows = await client.query<{ row: string }>("select row_to_json(s)::text as row from sessions s");
      for (const { row } of sessionRows.rows) expect(row).not.toContain(token);
    });
  });

  test("an expired code is refused with 400 CODE_INVALID", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const code = await codeOf(gsm);
    // Five minutes pass.
    await withClient(server.databaseUrl, (client) => client.query("update one_time_codes set expires_at = now() - interval '1 second' where gsm = $1", [gsm]));
    expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
  });
});

describe("POST api/users/resendCode", () => {
  test("before the 120-second countdown ends: 429 RESEND_TOO_SOON with Retry-After, in both languages", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    for (const language of ["ar", "en"] as const) {
      const answer = await postForm(server, "/api/users/resendCode", { gsm }, { language });
      expectFailure(answer, 429, "RESEND_TOO_SOON", language, "account.errors.RESEND_TOO_SOON");
      const retryAfter = Number(answer.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(100);
      expect(retryAfter).toBeLessThanOrEqual(120);
    }
    // Asking again through signup2 is a resend too.
    expectFailure(await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }, { language: "en" }), 429, "RESEND_TOO_SOON", "en", "account.errors.RESEND_TOO_SOON");
    expect(await outboxOf(server, gsm)).toHaveLength(1);
  });

  test("a number with no code requested is 400 NO_PENDING_CODE; a malformed number is 400 NUMBER_INVALID", async () => {
    for (const language of ["ar", "en"] as const) {
      expectFailure(await postForm(server, "/api/users/resendCode", { gsm: freshNumber() }, { language }), 400, "NO_PENDING_CODE", language, "account.errors.NO_PENDING_CODE");
      expectFailure(await postForm(server, "/api/users/resendCode", { gsm: "0912" }, { language }), 400, "NUMBER_INVALID", language, "account.errors.NUMBER_INVALID");
    }
  });

  test("after a code was used there is nothing to resend", async () => {
    const gsm = freshNumber();
    await register(gsm);
    expectFailure(await postForm(server, "/api/users/resendCode", { gsm }, { language: "en" }), 400, "NO_PENDING_CODE", "en", "account.errors.NO_PENDING_CODE");
  });
});

describe("secrets stay out of the logs", () => {
  // Its own registration and login first, so that it checks codes and tokens also when it runs alone; with the
  // other tests of the file, every code and token they saw too.
  test("no code or token the tests saw appears in any server log line", async () => {
    const before = secrets.length;
    const gsm = freshNumber();
    await register(gsm);
    expectSuccess(await postForm(server, "/core/api/users/login2", { gsm: encryptFor(key, gsm) }), "ar", "account.codeSent");
    const answer = await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${await codeOf(gsm)}`) });
    secrets.push(expectSuccess<{ token: string }>(answer, "ar", "account.signedIn").token);
    expect(secrets.length - before, "two codes and two tokens of its own").toBe(4);
    expectNotLogged(server, secrets);
  });
});

describe("the web UI's first step: POST /account/code (spec §6: the number travels encrypted)", () => {
  const askCode = (fields: Record<string, string>, language: "ar" | "en") =>
    send(server.url, `/account/code?lang=${language}`, {
      method: "POST",
      headers: { origin: server.url, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  test("a login or a registration with the number in plain text is refused with the number message, and no SMS leaves", async () => {
    for (const intent of ["login", "register"]) {
      for (const language of ["ar", "en"] as const) {
        const gsm = freshNumber();
        const answer = await askCode({ intent, gsm }, language);
        expect(answer.status, answer.text).toBe(400);
        const body = answer.json<{ ok: boolean; message: string }>();
        expect(body.ok).toBe(false);
        expectTextIn(language, body.message);
        expect(await outboxOf(server, gsm)).toEqual([]);
      }
    }
  });

  test("the same number encrypted with the site's key gets its code; a ciphertext of garbage is refused", async () => {
    const gsm = freshNumber();
    const asked = await askCode({ intent: "register", gsm: encryptFor(key, gsm) }, "en");
    expect(asked.status, asked.text).toBe(200);
    expect(await outboxOf(server, gsm)).toHaveLength(1);
    const garbage = await askCode({ intent: "login", gsm: encryptFor(key, "hello") }, "en");
    expect(garbage.status, garbage.text).toBe(400);
  });
});
