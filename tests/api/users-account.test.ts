// Spec §7 users rows that need a session, over real HTTP: numbers/user, new and new/verify, profile,
// updateProfile, signout (and the extra signoutOthers), session expiry, and the Origin check of page
// forms. This server raises OTP_SENDS_PER_IP_HOUR to 1000, since every test sends its codes from
// 127.0.0.1; every other limit keeps its default.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withClient } from "../support/database.ts";
import { expectFailure, expectSuccess, expectTextIn, LANGUAGE_CASES } from "../support/contract.ts";
import { encryptFor, expectNotLogged, freshNumber, insertSession, latestCode, loginSubscriber, postForm, publicKeyOf, registerSubscriber } from "../support/subscriber.ts";
import { api, send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let key: string;
const secrets: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_HOUR: "1000" } });
  key = await publicKeyOf(server);
});
afterAll(async () => {
  await server?.stop();
});

async function subscriber(gsm = freshNumber()) {
  const signedIn = await registerSubscriber(server, gsm);
  secrets.push(signedIn.token);
  return signedIn;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const numbersOf = (token: string, language: "ar" | "en" = "en") => api(server).get("/core/api/users/numbers/user", language, bearer(token));

/** Asks for an add-number code with `token` and answers it (read from the outbox). */
async function addNumberCode(token: string, gsm: string): Promise<string> {
  expectSuccess(await postForm(server, "/core/api/users/new", { gsm }, { token }), "ar", "account.codeSent");
  const code = await latestCode(server, gsm);
  secrets.push(code);
  return code;
}

describe("a request without a live session", () => {
  const guarded: [string, string, Record<string, string>][] = [
    ["GET", "/core/api/users/numbers/user", {}],
    ["POST", "/core/api/users/new", { gsm: "0944000001" }],
    ["POST", "/core/api/users/new/verify", { data: "x" }],
    ["POST", "/core/api/users/profile", { gsm: "0944000001" }],
    ["PUT", "/core/api/users/updateProfile", { gsm: "0944000001" }],
    ["POST", "/api/users/signout", {}],
    ["POST", "/api/users/signoutOthers", {}],
  ];
  for (const [method, path, fields] of guarded) {
    test(`${method} ${path}: 401 with status 0, SESSION_EXPIRED, in both languages`, async () => {
      for (const { asked, expected } of LANGUAGE_CASES) {
        const answer = await postForm(server, path, fields, { method, ...(asked ? { language: asked } : {}) });
        expectFailure(answer, 401, "SESSION_EXPIRED", expected, "account.errors.SESSION_EXPIRED");
      }
      const garbage = await postForm(server, path, fields, { method, token: "not-a-token", language: "en" });
      expectFailure(garbage, 401, "SESSION_EXPIRED", "en", "account.errors.SESSION_EXPIRED");
    });
  }

  test("an expired, an idle (8 days unused) and a revoked session are 401 status 0; one used 6 days ago works", async () => {
    const day = 24 * 60 * 60 * 1000;
    const expired = await insertSession(server.databaseUrl, { expiresAt: new Date(Date.now() - 1000) });
    const idle = await insertSession(server.databaseUrl, { lastSeenAt: new Date(Date.now() - 8 * day), expiresAt: new Date(Date.now() + 20 * day) });
    const revoked = await insertSession(server.databaseUrl, { revokedAt: new Date(Date.now() - 1000) });
    for (const session of [expired, idle, revoked]) {
      expectFailure(await numbersOf(session.token, "ar"), 401, "SESSION_EXPIRED", "ar", "account.errors.SESSION_EXPIRED");
    }
    const recent = await insertSession(server.databaseUrl, { lastSeenAt: new Date(Date.now() - 6 * day), expiresAt: new Date(Date.now() + 20 * day) });
    expect(expectSuccess<{ gsm: string }[]>(await numbersOf(recent.token), "en")).toHaveLength(1);
    // Using it moved its idle clock.
    const lastSeen = await withClient(server.databaseUrl, (client) => client.query<{ last_seen_at: Date }>("select last_seen_at from sessions where id = $1", [recent.sessionId]));
    expect(Date.now() - lastSeen.rows[0]!.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  test("the web UI's session cookie is not accepted by the API", async () => {
    const session = await insertSession(server.databaseUrl);
    const answer = await api(server).get("/core/api/users/numbers/user", "en", { cookie: session.cookie });
    expectFailure(answer, 401, "SESSION_EXPIRED", "en", "account.errors.SESSION_EXPIRED");
  });
});

describe("adding a number: POST core/api/users/new then POST core/api/users/new/verify", () => {
  test("the number is added after its code; numbers/user lists the main number first, then added ones in order", async () => {
    const main = await subscriber();
    const second = freshNumber("0955");
    const third = freshNumber("0966");
    for (const [gsm, language] of [[second, "en"], [third, "ar"]] as const) {
      const code = await addNumberCode(main.token, gsm);
      const answer = await postForm(server, "/core/api/users/new/verify", { data: encryptFor(key, `${gsm}#${code}`) }, { token: main.token, language });
      expect(expectSuccess(answer, language, "account.numberAdded")).toEqual({ gsm });
    }
    expect(expectSuccess(await numbersOf(main.token), "en")).toEqual([{ gsm: main.gsm }, { gsm: second }, { gsm: third }]);
    // An added number logs in to the account that owns it.
    const viaAdded = await loginSubscriber(server, second);
    secrets.push(viaAdded.token);
    expect(expectSuccess(await numbersOf(viaAdded.token), "en")).toEqual([{ gsm: main.gsm }, { gsm: second }, { gsm: third }]);
  });

  test("a number that belongs to an account (another's or one's own) is 409 NUMBER_TAKEN, in both languages", async () => {
    const owner = await subscriber();
    const other = await subscriber();
    for (const language of ["ar", "en"] as const) {
      for (const gsm of [owner.gsm, other.gsm]) {
        expectFailure(await postForm(server, "/core/api/users/new", { gsm }, { token: other.token, language }), 409, "NUMBER_TAKEN", language, "account.errors.NUMBER_TAKEN");
      }
    }
  });

  test("a malformed number is 400 NUMBER_INVALID; a missing one 400 BAD_REQUEST", async () => {
    const { token } = await subscriber();
    expectFailure(await postForm(server, "/core/api/users/new", { gsm: "0933123456" }, { token, language: "en" }), 400, "NUMBER_INVALID", "en", "account.errors.NUMBER_INVALID");
    expectFailure(await postForm(server, "/core/api/users/new", {}, { token, language: "en" }), 400, "BAD_REQUEST", "en", "badRequest");
  });

  test("a wrong code or a bad ciphertext is 400 CODE_INVALID, and nothing is added", async () => {
    const { token, gsm: main } = await subscriber();
    const gsm = freshNumber("0977");
    const code = await addNumberCode(token, gsm);
    for (const data of [encryptFor(key, `${gsm}#${wrongCode(code)}`), "bm9wZQ==", encryptFor(key, gsm)]) {
      expectFailure(await postForm(server, "/core/api/users/new/verify", { data }, { token, language: "ar" }), 400, "CODE_INVALID", "ar", "account.errors.CODE_INVALID");
    }
    expect(expectSuccess(await numbersOf(token), "en")).toEqual([{ gsm: main }]);
  });

  test("another account's pending number is 403 NOT_YOUR_NUMBER and changes nothing: its code still works for the asker", async () => {
    const asker = await subscriber();
    const intruder = await subscriber();
    const gsm = freshNumber("0955");
    const code = await addNumberCode(asker.token, gsm);
    for (const language of ["ar", "en"] as const) {
      const answer = await postForm(server, "/core/api/users/new/verify", { data: encryptFor(key, `${gsm}#${code}`) }, { token: intruder.token, language });
      expectFailure(answer, 403, "NOT_YOUR_NUMBER", language, "account.errors.NOT_YOUR_NUMBER");
    }
    expect(expectSuccess(await numbersOf(intruder.token), "en")).toEqual([{ gsm: intruder.gsm }]);
    expectSuccess(await postForm(server, "/core/api/users/new/verify", { data: encryptFor(key, `${gsm}#${code}`) }, { token: asker.token }), "ar", "account.numberAdded");
  });

  test("a login code does not add a number, and an add-number code does not log in", async () => {
    const { token } = await subscriber();
    const gsm = freshNumber("0966");
    const code = await addNumberCode(token, gsm);
    expectFailure(await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) }, { language: "en" }), 400, "CODE_INVALID", "en", "account.errors.CODE_INVALID");
  });
});

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

const profileFields = { gender: "1", cityId: "3", jobId: "2", birthDate: "1990-04-21", address: "Main street 5", email: "layla@example.com" };
const PROFILE_KEYS = ["activeBundles", "activeServices", "address", "balance", "birthDate", "cityId", "email", "gender", "gsm", "jobId", "lineType", "name"];

describe("the profile: POST core/api/users/profile and PUT core/api/users/updateProfile", () => {
  test("a new number's profile: the network's name in the asked language, the charging port's empty prepaid line, unset fields null", async () => {
    const { token, gsm } = await subscriber();
    for (const language of ["ar", "en"] as const) {
      const data = expectSuccess<Record<string, unknown>>(await postForm(server, "/core/api/users/profile", { gsm }, { token, language }), language);
      expect(Object.keys(data).sort()).toEqual(PROFILE_KEYS);
      expectTextIn(language, data.name as string);
      expect(data).toMatchObject({ gsm, gender: null, cityId: null, jobId: null, birthDate: null, address: null, email: null });
      // Plan, balance and bundles are the charging port's: a line it did not know is prepaid with nothing on it
      // (none is made up from the number).
      expect(data).toMatchObject({ lineType: "prepaid", balance: 0, activeBundles: [] });
      // A new line has no feature switched on, so no service (none is made up).
      expect(data.activeServices).toEqual([]);
    }
  });

  test("a saved profile is read back; it belongs to that number only", async () => {
    const { token, gsm } = await subscriber();
    const added = freshNumber("0977");
    const code = await addNumberCode(token, added);
    await postForm(server, "/core/api/users/new/verify", { data: encryptFor(key, `${added}#${code}`) }, { token });
    for (const language of ["ar", "en"] as const) {
      const answer = await postForm(server, "/core/api/users/updateProfile", { gsm, ...profileFields }, { token, language, method: "PUT" });
      expect(expectSuccess(answer, language, "account.profileUpdated")).toBeNull();
    }
    const data = expectSuccess(await postForm(server, "/core/api/users/profile", { gsm }, { token }), "ar");
    expect(data).toMatchObject({ gsm, gender: 1, cityId: 3, jobId: 2, birthDate: "1990-04-21", address: "Main street 5", email: "layla@example.com" });
    const other = expectSuccess(await postForm(server, "/core/api/users/profile", { gsm: added }, { token }), "ar");
    expect(other).toMatchObject({ gsm: added, gender: null, email: null });
  });

  test("every rule of spec §5: 400 VALIDATION with a localised message per field, in both languages", async () => {
    const { token, gsm } = await subscriber();
    const cases: [Record<string, string>, Record<string, { ar: string; en: string }>][] = [
      [{ gsm }, {
        gender: { en: "Gender is required", ar: "" },
        cityId: { en: "City is required", ar: "" },
        jobId: { en: "Job is required", ar: "" },
        birthDate: { en: "Birthdate is required", ar: "" },
        address: { en: "Address is required", ar: "" },
        email: { en: "Email is required", ar: "" },
      }],
      [{ ...profileFields, gsm, email: "not-an-email" }, { email: { en: "Email not valid", ar: "" } }],
      [{ ...profileFields, gsm, birthDate: "1990-02-30" }, { birthDate: { en: "Enter the birth date as yyyy-mm-dd", ar: "" } }],
      [{ ...profileFields, gsm, gender: "2" }, { gender: { en: "Gender is required", ar: "" } }],
      [{ ...profileFields, gsm, cityId: "999999" }, { cityId: { en: "City is required", ar: "" } }],
      [{ ...profileFields, gsm, jobId: "999999" }, { jobId: { en: "Job is required", ar: "" } }],
    ];
    for (const [fields, expected] of cases) {
      for (const language of ["ar", "en"] as const) {
        const answer = await postForm(server, "/core/api/users/updateProfile", fields, { token, language, method: "PUT" });
        const body = expectFailure(answer, 400, "VALIDATION", language, "account.errors.VALIDATION");
        expect(Object.keys(body.errors ?? {}).sort()).toEqual(Object.keys(expected).sort());
        for (const [field, messages] of Object.entries(expected)) {
          if (language === "en") expect(body.errors![field]).toEqual([messages.en]);
          else for (const message of body.errors![field]!) expectTextIn("ar", message);
        }
      }
    }
  });

  test("a number the session does not own: 403 NOT_YOUR_NUMBER on profile and updateProfile, and nothing changes", async () => {
    const owner = await subscriber();
    const other = await subscriber();
    for (const language of ["ar", "en"] as const) {
      expectFailure(await postForm(server, "/core/api/users/profile", { gsm: owner.gsm }, { token: other.token, language }), 403, "NOT_YOUR_NUMBER", language, "account.errors.NOT_YOUR_NUMBER");
      const answer = await postForm(server, "/core/api/users/updateProfile", { gsm: owner.gsm, ...profileFields }, { token: other.token, language, method: "PUT" });
      expectFailure(answer, 403, "NOT_YOUR_NUMBER", language, "account.errors.NOT_YOUR_NUMBER");
    }
    expectFailure(await postForm(server, "/core/api/users/profile", { gsm: freshNumber() }, { token: other.token, language: "en" }), 403, "NOT_YOUR_NUMBER", "en", "account.errors.NOT_YOUR_NUMBER");
    const data = expectSuccess(await postForm(server, "/core/api/users/profile", { gsm: owner.gsm }, { token: owner.token }), "ar");
    expect(data).toMatchObject({ gender: null, cityId: null, address: null, email: null });
  });
});

describe("signing out: POST api/users/signout and POST api/users/signoutOthers", () => {
  test("signout answers 200 with its message and the token is refused at once", async () => {
    for (const language of ["ar", "en"] as const) {
      const { token } = await subscriber();
      const answer = await postForm(server, "/api/users/signout", {}, { token, language });
      expect(expectSuccess(answer, language, "account.signedOut")).toBeNull();
      expectFailure(await numbersOf(token, language), 401, "SESSION_EXPIRED", language, "account.errors.SESSION_EXPIRED");
      expectFailure(await postForm(server, "/api/users/signout", {}, { token, language }), 401, "SESSION_EXPIRED", language, "account.errors.SESSION_EXPIRED");
    }
  });

  test("signing out of the other devices ends every other session of the account, and only those", async () => {
    const first = await subscriber();
    const second = await loginSubscriber(server, first.gsm);
    const third = await loginSubscriber(server, first.gsm);
    const stranger = await subscriber();
    secrets.push(second.token, third.token);
    const answer = await postForm(server, "/api/users/signoutOthers", {}, { token: second.token, language: "en" });
    expect(expectSuccess(answer, "en", "account.signedOutOthers")).toEqual({ ended: 2 });
    for (const token of [first.token, third.token]) expectFailure(await numbersOf(token), 401, "SESSION_EXPIRED", "en", "account.errors.SESSION_EXPIRED");
    expectSuccess(await numbersOf(second.token), "en");
    expectSuccess(await numbersOf(stranger.token), "en");
  });
});

describe("the Origin check of page forms", () => {
  test("a page POST carrying the session cookie from another site is refused with 403 and a localised text", async () => {
    const session = await insertSession(server.databaseUrl);
    const host = new URL(server.url).host;
    for (const language of ["ar", "en"] as const) {
      const refused = await send(server.url, `/home?lang=${language}`, {
        method: "POST",
        headers: { cookie: session.cookie, origin: "https://evil.example", host, "content-type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(refused.status).toBe(403);
      expectTextIn(language, refused.text);
    }
    const noOrigin = await send(server.url, "/home", { method: "POST", headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(noOrigin.status).toBe(403);
    const foreignReferer = await send(server.url, "/home", { method: "POST", headers: { cookie: session.cookie, referer: "https://evil.example/form" }, body: "" });
    expect(foreignReferer.status).toBe(403);
  });

  test("the same page POST from the site itself passes the check; a guest's POST from another site is refused too (login CSRF)", async () => {
    const session = await insertSession(server.databaseUrl);
    const same = await send(server.url, "/home", { method: "POST", headers: { cookie: session.cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(same.status).not.toBe(403);
    const viaReferer = await send(server.url, "/home", { method: "POST", headers: { cookie: session.cookie, referer: `${server.url}/profile` }, body: "" });
    expect(viaReferer.status).not.toBe(403);
    const guest = await send(server.url, "/home", { method: "POST", headers: { origin: "https://evil.example" }, body: "" });
    expect(guest.status).toBe(403);
    const guestAtHome = await send(server.url, "/home", { method: "POST", headers: { origin: server.url }, body: "" });
    expect(guestAtHome.status).not.toBe(403);
  });
});

describe("OpenAPI", () => {
  test("documents every users row with its error answers", async () => {
    const document = (await api(server).get("/api-docs/openapi.json")).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    const rows: [string, string, string[]][] = [
      ["post", "/core/api/users/login2", ["200", "400", "404", "429", "503"]],
      ["post", "/core/api/users/signup2", ["200", "400", "409", "429", "503"]],
      ["post", "/api/users/signin", ["200", "400", "404", "409", "429"]],
      ["post", "/api/users/resendCode", ["200", "400", "429", "503"]],
      ["post", "/core/api/users/new", ["200", "400", "401", "409", "429", "503"]],
      ["post", "/core/api/users/new/verify", ["200", "400", "401", "403", "409", "429"]],
      ["post", "/core/api/users/profile", ["200", "400", "401", "403"]],
      ["get", "/core/api/users/numbers/user", ["200", "401"]],
      ["post", "/api/users/signout", ["200", "401"]],
      ["put", "/core/api/users/updateProfile", ["200", "400", "401", "403"]],
      ["get", "/core/api/users/publicKey", ["200"]],
    ];
    for (const [method, path, statuses] of rows) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path} is not in the OpenAPI document`).toBeDefined();
      for (const status of statuses) expect(Object.keys(operation!.responses), `${path} ${status}`).toContain(status);
    }
  });
});

describe("secrets stay out of the logs", () => {
  test("no code or token the tests saw appears in any server log line", () => {
    expect(secrets.length).toBeGreaterThan(5);
    expectNotLogged(server, secrets);
  });
});
