// Two app processes on one database (step 6, proof 1, in the default run): a code requested through one is
// verified through the other; a token from one works on the other and logout on one ends it for both; a
// number's sending limit counts requests to both; of parallel reservations of one number spread over both,
// exactly one wins; and a due hold, swept by both every second, is ended exactly once.
import { afterAll, beforeAll, expect, test } from "vitest";
import { expectFailure, expectSuccess } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { afterRuns, METRICS_ENV, periodicRuns } from "../support/periodic.ts";
import { encryptFor, freshNumber, insertSession, latestCode, postForm, publicKeyOf, registerSubscriber } from "../support/subscriber.ts";
import { api, send, startTestServer, type TestServer } from "../support/test-server.ts";

const ENV = { OTP_RESEND_SECONDS: "0", OTP_SENDS_PER_NUMBER_10_MIN: "3", OTP_SENDS_PER_IP_HOUR: "1000", RESERVATION_SWEEP_SECONDS: "1", ...METRICS_ENV };
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ env: ENV });
  b = await startTestServer({ env: ENV, sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

test("a code asked for on one instance is verified on the other; the session works on both; logout ends it on both", async () => {
  const gsm = freshNumber("0955");
  const key = await publicKeyOf(a);
  expect(await publicKeyOf(b)).toBe(key);
  expectSuccess(await postForm(a, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }), "ar", "account.codeSent");
  const signin = await postForm(b, "/api/users/signin", { data: encryptFor(key, `${gsm}#${await latestCode(a, gsm)}`) });
  const { token } = expectSuccess<{ token: string }>(signin, "ar", "account.registered");
  for (const instance of [a, b]) expect((await api(instance).get("/core/api/users/numbers/user", "en", { authorization: `Bearer ${token}` })).status).toBe(200);
  expect((await send(a.url, "/api/users/signout", { method: "POST", headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  for (const instance of [a, b]) expect((await api(instance).get("/core/api/users/numbers/user", "en", { authorization: `Bearer ${token}` })).status).toBe(401);
});

test("a number's sending limit counts the codes asked through both instances", async () => {
  const { gsm } = await registerSubscriber(a); // the first code of the window
  const key = await publicKeyOf(a);
  const login = (instance: TestServer) => postForm(instance, "/core/api/users/login2", { gsm: encryptFor(key, gsm) }, { language: "en" });
  expect((await login(b)).status).toBe(200);
  expect((await login(a)).status).toBe(200);
  const refused = await login(b);
  expectFailure(refused, 429, "RATE_LIMITED", "en", "account.errors.RATE_LIMITED");
});

test("of parallel reservations of one number through both instances exactly one wins", async () => {
  const page = expectSuccess<{ data: { gsm: string }[] }>(await api(a).get("/core/api/numbers/available?pattern=31&size=1", "en"), "en");
  const gsm = page.data[0]!.gsm;
  const sessions = await Promise.all(Array.from({ length: 20 }, () => insertSession(a.databaseUrl)));
  const answers = await Promise.all(
    sessions.map((session, index) =>
      postForm(index % 2 ? a : b, "/core/api/reservations", { gsm, fullName: "Ali Hasan", cityId: "1", birthDate: "1990-01-01", lineType: "prepaid" }, { token: session.token }),
    ),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
});

test("a due hold swept by both instances is ended once", async () => {
  const page = expectSuccess<{ data: { gsm: string }[] }>(await api(b).get("/core/api/numbers/available?pattern=42&size=1", "en"), "en");
  const gsm = page.data[0]!.gsm;
  const session = await insertSession(a.databaseUrl);
  const { reference } = expectSuccess<{ reference: string }>(
    await postForm(a, "/core/api/reservations", { gsm, fullName: "Ali Hasan", cityId: "1", birthDate: "1990-01-01", lineType: "prepaid" }, { token: session.token }),
    "ar",
    "reservation.reserved",
  );
  await withClient(a.databaseUrl, (db) => db.query("update number_reservations set expires_at = now() - interval '1 second' where reference = $1", [reference]));
  const state = () => withClient(a.databaseUrl, async (db) => (await db.query<{ state: string }>("select state from number_inventory where gsm = $1", [gsm])).rows[0]!.state);
  await expect.poll(state, { timeout: 10_000, interval: 200 }).toBe("available");
  // Both keep sweeping: still one expiry event after two more rounds of each.
  await afterRuns([a, b], "reservation-expiry", 2);
  const events = await withClient(a.databaseUrl, async (db) => (await db.query("select e.actor from reservation_events e join number_reservations r on r.id = e.reservation_id where r.reference = $1 and e.to_state = 'expired'", [reference])).rows);
  expect(events).toEqual([{ actor: "system" }]);
});

test("each instance runs every scheduled job, and none of their runs failed", async () => {
  for (const instance of [a, b]) {
    for (const job of ["reservation-expiry", "bundle-renewal", "content-schedule", "content-version"] as const) {
      await expect.poll(async () => (await periodicRuns(instance, job)).ok, { message: `${job} on ${instance.url}` }).toBeGreaterThanOrEqual(1);
      expect((await periodicRuns(instance, job)).failed, `failed runs of ${job} on ${instance.url}`).toBe(0);
    }
  }
});
