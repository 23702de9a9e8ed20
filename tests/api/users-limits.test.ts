// The security rules of one-time codes over real HTTP (issue 3, "Security and reliability"): single use
// under parallel submissions, wrong tries that void a code, failures that add up across resends and
// lock the number, the sending limits per number and per client IP, the trusted-proxy rule for
// X-Forwarded-For, and a gateway failure that costs the sender nothing. Each server below says which
// limits it changes from the defaults, and why.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectFailure, expectSuccess } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { encryptFor, freshNumber, latestCode, outboxOf, postForm, publicKeyOf } from "../support/subscriber.ts";
import { api, send, startTestServer, type TestServer } from "../support/test-server.ts";

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function started(env: Record<string, string>): Promise<{ server: TestServer; key: string }> {
  const server = await startTestServer({ env });
  servers.push(server);
  return { server, key: await publicKeyOf(server) };
}

function wrongCodeFor(code: string, n = 0): string {
  return String((Number(code) + 1 + n) % 1_000_000).padStart(6, "0");
}

describe("a code", () => {
  // No resend delay, so one number can get several codes in a row; a high IP limit, since every
  // request comes from 127.0.0.1. The per-number limits keep their defaults (3 per 10 minutes).
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    ({ server, key } = await started({ OTP_RESEND_SECONDS: "0", OTP_SENDS_PER_IP_HOUR: "1000" }));
  });

  test("is single use: of 20 parallel signins with the right code exactly one succeeds", async () => {
    const gsm = freshNumber();
    expectSuccess(await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }), "ar", "account.codeSent");
    const code = await latestCode(server, gsm);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }, { language: "en" })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200), `statuses: ${statuses.join(", ")}`).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expectFailure(answer, 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
  });

  test("is voided by 5 wrong tries: the right code then fails too", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const code = await latestCode(server, gsm);
    for (let i = 0; i < 5; i++) {
      expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrongCodeFor(code, i)}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
    }
    expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
    // A resend gives a working code again.
    expectSuccess(await postForm(server, "/api/users/resendCode", { gsm }), "ar", "account.codeSent");
    expectSuccess(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${await latestCode(server, gsm)}`) }), "ar", "account.registered");
  });

  test("4 wrong tries leave the code usable; a resend voids the previous code", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const first = await latestCode(server, gsm);
    for (let i = 0; i < 4; i++) await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrongCodeFor(first, i)}`) });
    expectSuccess(await postForm(server, "/api/users/resendCode", { gsm }), "ar", "account.codeSent");
    const second = await latestCode(server, gsm);
    if (second !== first) {
      expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${first}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
    }
    expectSuccess(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${second}`) }), "ar", "account.registered");
  });

  test("a 4th code for one number within 10 minutes is 429 RATE_LIMITED with Retry-After, in both languages", async () => {
    const gsm = freshNumber();
    expectSuccess(await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }), "ar", "account.codeSent");
    expectSuccess(await postForm(server, "/api/users/resendCode", { gsm }), "ar", "account.codeSent");
    expectSuccess(await postForm(server, "/api/users/resendCode", { gsm }), "ar", "account.codeSent");
    for (const language of ["ar", "en"] as const) {
      const answer = await postForm(server, "/api/users/resendCode", { gsm }, { language });
      expectFailure(answer, 429, "RATE_LIMITED", language, "account.errors.RATE_LIMITED");
      const retryAfter = Number(answer.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    expect(await outboxOf(server, gsm)).toHaveLength(3);
  });
});

describe("wrong codes of a number", () => {
  // No resend delay and room for many codes per number, so that one number can collect wrong tries
  // over several codes; 8 failures a day lock it (default 20) to keep the test short. The hourly
  // per-number limit stays 5 (its own test below) and the IP limit is raised for 127.0.0.1.
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    ({ server, key } = await started({
      OTP_RESEND_SECONDS: "0",
      OTP_SENDS_PER_NUMBER_10_MIN: "100",
      OTP_FAILURES_PER_NUMBER_DAY: "8",
      OTP_SENDS_PER_IP_HOUR: "1000",
    }));
  });

  test("add up across resends and lock the number: no code is sent or accepted, 429 NUMBER_LOCKED with Retry-After", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const first = await latestCode(server, gsm);
    for (let i = 0; i < 4; i++) await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrongCodeFor(first, i)}`) });
    expectSuccess(await postForm(server, "/api/users/resendCode", { gsm }), "ar", "account.codeSent");
    const second = await latestCode(server, gsm);
    for (let i = 0; i < 3; i++) {
      expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrongCodeFor(second, i)}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
    }
    // The 8th wrong code of the day: locked for the first wait of the schedule, 15 minutes.
    const locking = await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrongCodeFor(second, 3)}`) }, { language: "en" });
    expectFailure(locking, 429, "NUMBER_LOCKED", "en", "account.errors.NUMBER_LOCKED");
    expect(Number(locking.headers["retry-after"])).toBeGreaterThan(890);
    expect(Number(locking.headers["retry-after"])).toBeLessThanOrEqual(900);

    for (const language of ["ar", "en"] as const) {
      const right = await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${second}`) }, { language });
      expectFailure(right, 429, "NUMBER_LOCKED", language, "account.errors.NUMBER_LOCKED");
      expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
      expectFailure(await postForm(server, "/api/users/resendCode", { gsm }, { language }), 429, "NUMBER_LOCKED", language, "account.errors.NUMBER_LOCKED");
      expectFailure(await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }, { language }), 429, "NUMBER_LOCKED", language, "account.errors.NUMBER_LOCKED");
    }
    expect(await outboxOf(server, gsm)).toHaveLength(2);
  });

  test("40 parallel wrong codes: the code takes exactly 5 tries, counted once each against the number, then it is void", async () => {
    const gsm = freshNumber();
    await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
    const code = await latestCode(server, gsm);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrongCodeFor(code, n)}`) }, { language: "en" })));
    expect(answers.every((answer) => answer.status === 400), answers.map((answer) => answer.status).join(",")).toBe(true);
    const { tries, voided, failures, locks } = await withClient(server.databaseUrl, async (client) => {
      const row = (await client.query("select wrong_tries, voided_at from one_time_codes where gsm = $1", [gsm])).rows[0];
      const counted = (await client.query("select failures, locks from code_failures where gsm = $1", [gsm])).rows[0];
      return { tries: row.wrong_tries, voided: row.voided_at, failures: counted.failures, locks: counted.locks };
    });
    expect(tries).toBe(5);
    expect(voided).not.toBeNull();
    expect(failures, "each wrong try the code took counts once against the number, and only those").toBe(5);
    expect(locks).toBe(0);
    // Void: the right code fails too.
    expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
  });

  test("two bursts of 40 parallel wrong codes over two codes lock the number once, not twice", async () => {
    const gsm = freshNumber();
    for (let burst = 0; burst < 2; burst++) {
      if (burst === 0) await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) });
      else expectSuccess(await postForm(server, "/api/users/resendCode", { gsm }), "ar", "account.codeSent");
      const code = await latestCode(server, gsm);
      await Promise.all(Array.from({ length: 40 }, (_, n) => postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrongCodeFor(code, n)}`) }, { language: "en" })));
    }
    const counted = await withClient(server.databaseUrl, async (client) => (await client.query("select failures, locks, locked_until from code_failures where gsm = $1", [gsm])).rows[0]);
    // 5 + 5 wrong tries against a limit of 8: one lock, for the first wait of the schedule.
    expect(counted.locks).toBe(1);
    expect(new Date(counted.locked_until).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  test("a 6th code for one number within an hour is 429 RATE_LIMITED", async () => {
    const gsm = freshNumber();
    expectSuccess(await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }), "ar", "account.codeSent");
    for (let i = 0; i < 4; i++) expectSuccess(await postForm(server, "/api/users/resendCode", { gsm }), "ar", "account.codeSent");
    const answer = await postForm(server, "/api/users/resendCode", { gsm }, { language: "en" });
    expectFailure(answer, 429, "RATE_LIMITED", "en", "account.errors.RATE_LIMITED");
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(3000);
  });
});

describe("codes per client IP", () => {
  // Every default limit (10 codes per IP per hour, no trusted proxy).
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    ({ server, key } = await started({}));
  });

  test("the 11th code from one IP within an hour is 429 RATE_LIMITED, and X-Forwarded-For does not change who is asking", async () => {
    for (let i = 0; i < 10; i++) {
      expectSuccess(await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, freshNumber("0977")) }), "ar", "account.codeSent");
    }
    for (const language of ["ar", "en"] as const) {
      const answer = await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, freshNumber("0977")) }, { language });
      expectFailure(answer, 429, "RATE_LIMITED", language, "account.errors.RATE_LIMITED");
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(3000);
    }
    const spoofed = await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, freshNumber("0977")) }, { language: "en", headers: { "x-forwarded-for": "203.0.113.9" } });
    expectFailure(spoofed, 429, "RATE_LIMITED", "en", "account.errors.RATE_LIMITED");
    // The limit is checked before the body is read: an oversized or broken body changes nothing, API or page.
    const oversized = await api(server).request("/api/users/resendCode", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "en" }, body: `gsm=${"1".repeat(100_000)}` });
    expectFailure(oversized, 429, "RATE_LIMITED", "en", "account.errors.RATE_LIMITED");
    const page = await send(server.url, "/account/code", { method: "POST", headers: { origin: server.url, "content-type": "application/json" }, body: "{broken" });
    expect(page.status).toBe(429);
  });
});

describe("behind one trusted proxy", () => {
  // TRUSTED_PROXY_HOPS=1 and one code per IP per hour: the proxy's X-Forwarded-For entry is the client.
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    ({ server, key } = await started({ TRUSTED_PROXY_HOPS: "1", OTP_SENDS_PER_IP_HOUR: "1" }));
  });

  test("the client is the entry the proxy appended; what the client wrote before it is ignored", async () => {
    const from = (xff: string) => postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, freshNumber("0966")) }, { language: "en", headers: { "x-forwarded-for": xff } });
    expect((await from("198.51.100.1")).status).toBe(200);
    expect((await from("198.51.100.1")).status).toBe(429);
    expect((await from("10.9.9.9, 198.51.100.1")).status).toBe(429);
    expect((await from("198.51.100.1, 198.51.100.2")).status).toBe(200);
  });

  test("IPv6 clients are counted by their /64: a new address in the same network does not get a new allowance", async () => {
    const from = (xff: string) => postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, freshNumber("0966")) }, { language: "en", headers: { "x-forwarded-for": xff } });
    expect((await from("2001:db8:77:1::1")).status).toBe(200);
    expect((await from("2001:db8:77:1::2")).status).toBe(429);
    expect((await from("2001:db8:77:1:abcd:1234:5678:9abc")).status).toBe(429);
    expect((await from("2001:db8:77:2::1")).status).toBe(200);
  });
});

describe("an SMS gateway that does not answer", () => {
  // The smpp driver pointed at a closed port, and one code per IP per hour: a failed send must not
  // use it up, nor start the resend countdown.
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    ({ server, key } = await started({ SMS_DRIVER: "smpp", SMPP_URL: "smpp://test:test@127.0.0.1:9", OTP_SENDS_PER_IP_HOUR: "1" }));
  });

  test("answers 503 SMS_UNAVAILABLE in both languages, and the failed sends count against nothing", async () => {
    const gsm = freshNumber();
    for (const language of ["ar", "en"] as const) {
      const answer = await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }, { language });
      expectFailure(answer, 503, "SMS_UNAVAILABLE", language, "account.errors.SMS_UNAVAILABLE");
    }
    // Nothing was sent, so there is nothing to resend, and no code to sign in with.
    expectFailure(await postForm(server, "/api/users/resendCode", { gsm }, { language: "en" }), 400, "NO_PENDING_CODE", "en", "account.errors.NO_PENDING_CODE");
  }, 60_000);

  test("the development outbox does not exist with another driver", async () => {
    const answer = await api(server).get("/dev/sms-outbox?gsm=0944123456");
    expect(answer.status).toBe(404);
  });
});
