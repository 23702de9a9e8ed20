// The database goes away while the app serves (step 6, proof 3, first part): its connections are cut and new
// ones refused. Requests then fail fast with 503 and Retry-After (API and pages, never a 500 or a hang),
// /readyz says 503, nothing is logged as an error; when the database accepts connections again the app
// recovers by itself, and what was committed before is still there.
import { afterAll, beforeAll, expect, test } from "vitest";
import { expectFailure, expectSuccess } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { createFirstAdmin, enrolOverHttp } from "../support/console.ts";
import { insertSession, postForm } from "../support/subscriber.ts";
import { PAGE_ACTIONS } from "../../server/edge/limits.ts";
import { api, send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  // Whatever happened, let the database be dropped.
  await withClient(server.databaseUrl.replace(/\/[^/?]+(\?|$)/, "/postgres$1"), (db) => db.query(`alter database "${databaseName()}" allow_connections true`)).catch(() => {});
  await server?.stop();
});

function databaseName(): string {
  return decodeURIComponent(new URL(server.databaseUrl).pathname.slice(1));
}
/** Connects to the server's maintenance database, not the app's. */
const admin = <T>(use: Parameters<typeof withClient<T>>[1]) => withClient(server.databaseUrl.replace(/\/[^/?]+(\?|$)/, "/postgres$1"), use);

test("an outage answers 503 quickly, then the app recovers by itself with nothing committed lost", async () => {
  const gsm = "0944555777";
  const session = await insertSession(server.databaseUrl, { gsm });
  const staffCookie = (await enrolOverHttp(server, await createFirstAdmin(server, "outage@example.com"))).cookie;
  const available = expectSuccess<{ data: { gsm: string }[] }>(await api(server).get("/core/api/numbers/available?pattern=55&size=1", "en"), "en");
  const reserved = available.data[0]!.gsm;
  const { reference } = expectSuccess<{ reference: string }>(
    await postForm(server, "/core/api/reservations", { gsm: reserved, fullName: "Ali Hasan", cityId: "1", birthDate: "1990-01-01", lineType: "prepaid" }, { token: session.token }),
    "ar",
    "reservation.reserved",
  );

  await admin(async (db) => {
    await db.query(`alter database "${databaseName()}" allow_connections false`);
    await db.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [databaseName()]);
  });
  try {
    const started = performance.now();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => api(server).get("/customerCare/api/city/all", "en")),
      ...Array.from({ length: 5 }, () => api(server).page("/products?lang=ar")),
      ...Array.from({ length: 5 }, () => api(server).get("/core/api/reservations", "ar", { authorization: `Bearer ${session.token}` })),
    ]);
    expect(performance.now() - started).toBeLessThan(8_000);
    for (const answer of answers) {
      expect(answer.status, answer.text.slice(0, 200)).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
    }
    expectFailure(answers[0]!, 503, "SERVICE_UNAVAILABLE", "en", "unavailable");
    // Every page action, as a subscriber's form would post it (and as a guest's): 503 with Retry-After, never a 500.
    for (const action of PAGE_ACTIONS) {
      // A staff member's action is asked with a staff session (it goes as far as the database), and without.
      for (const cookie of action.staff ? [staffCookie, undefined] : [session.cookie, undefined]) {
        const answer = await send(server.url, action.path, {
          method: "POST",
          headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
          // One body that every action accepts (each takes its own fields), so each goes as far as the database.
          body: new URLSearchParams({ gsm, intent: "login", code: "123456", serviceState: "0", fullName: "Ali Hasan", email: "ali@example.com", description: "No signal in my street.", evaluation: "4" }).toString(),
        });
        // A guest's POST to a subscriber's page (or a guest's logout) is sent home, and a POST to a staff
        // member's action without a console session to the console login: no database needed.
        if (!cookie && (action.subscriber || action.staff || action.path === "/account/logout" || action.path === "/console/logout")) {
          expect(answer.status, `${action.path} (guest)`).toBe(302);
          continue;
        }
        expect(answer.status, `${action.path}${cookie ? "" : " (guest)"}: ${answer.text.slice(0, 200)}`).toBe(503);
        expect(answer.headers["retry-after"], `${action.path}: ${JSON.stringify(answer.headers)} ${answer.text.slice(0, 300)}`).toBe("5");
      }
    }
    expect((await send(server.url, "/readyz")).status).toBe(503);
    expect((await send(server.url, "/healthz")).status).toBe(200);
  } finally {
    await admin((db) => db.query(`alter database "${databaseName()}" allow_connections true`));
  }

  await expect.poll(async () => (await send(server.url, "/readyz")).status, { timeout: 15_000, interval: 250 }).toBe(200);
  expect((await api(server).get("/customerCare/api/city/all", "en")).status).toBe(200);
  const mine = expectSuccess<{ reference: string; state: string }[]>(await api(server).get("/core/api/reservations", "en", { authorization: `Bearer ${session.token}` }), "en");
  expect(mine).toEqual([expect.objectContaining({ reference, state: "active" })]);
  expect(server.errors()).toEqual([]);
  // Each refused request is logged with the statement and the driver's reason, never the query's values (here a
  // session's hash; elsewhere what a subscriber typed).
  const unavailable = server.output().split("\n").filter((line) => line.includes("database unavailable: answered 503"));
  expect(unavailable.length).toBeGreaterThan(0);
  expect(unavailable.filter((line) => line.includes("params:"))).toEqual([]);
  // No log line names the subscriber's number (a failed query's values, a form's fields).
  expect(server.output().split("\n").filter((line) => line.includes(gsm))).toEqual([]);
});
