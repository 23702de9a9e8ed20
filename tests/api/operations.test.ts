// Operating the app (step 6, first part): Prometheus metrics behind a token, and a statement that would
// hang — here one waiting on a lock another session holds — answered 503 with Retry-After within the
// configured statement timeout, in the API and on a page, never a 500 or a hang; the next request works.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiMessage, expectFailure } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { encryptFor, latestCode, postForm, publicKeyOf, registerSubscriber } from "../support/subscriber.ts";
import { api, send, startTestServer, type TestServer } from "../support/test-server.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";
let server: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [server, plain] = await Promise.all([
    startTestServer({ env: { METRICS_TOKEN: TOKEN, DATABASE_STATEMENT_TIMEOUT_MS: "300", OTP_SENDS_PER_IP_HOUR: "1000" } }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), plain?.stop()]);
});

const metrics = (target: TestServer, token?: string) => send(target.url, "/metrics", { headers: token ? { authorization: `Bearer ${token}` } : {} });
const value = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);

describe("GET /metrics", () => {
  test("does not exist without METRICS_TOKEN; refuses a missing or wrong token", async () => {
    expect((await metrics(plain, TOKEN)).status).toBe(404);
    expect((await metrics(server)).status).toBe(401);
    expect((await metrics(server, `${TOKEN.slice(0, -1)}x`)).status).toBe(401);
  });

  test("counts requests by route (ids folded), codes sent and refused, and shows the pool", async () => {
    await api(server).get("/core/api/bundles/web/101", "en");
    await api(server).get("/core/api/bundles/web/102", "en");
    await api(server).page("/news-details/news/1");
    // A registration (a code sent and verified), then a login code and a wrong code for it.
    const { gsm } = await registerSubscriber(server);
    const key = await publicKeyOf(server);
    expect((await postForm(server, "/core/api/users/login2", { gsm: encryptFor(key, gsm) })).status).toBe(200);
    const code = await latestCode(server, gsm);
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await postForm(server, "/api/users/signin", { data: encryptFor(key, `${gsm}#${wrong}`) })).status).toBe(400);
    const answer = await metrics(server, TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    const text = answer.text;
    expect(value(text, /http_requests_total\{route="\/core\/api\/bundles\/web\/:id",method="GET",status="200"\} (\d+)/)).toBe(2);
    expect(text).toMatch(/http_requests_total\{route="\/news-details\/:type\/:id",method="GET",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",route="\/core\/api\/bundles\/web\/:id",method="GET"\} \d+/);
    expect(text).toMatch(/^db_pool_connections \d+$/m);
    expect(text).toMatch(/^otp_codes_sent_total\{purpose="register"\} 1$/m);
    expect(text).toMatch(/^otp_codes_sent_total\{purpose="login"\} 1$/m);
    expect(text).toMatch(/^otp_codes_verified_total\{purpose="register"\} 1$/m);
    expect(text).toMatch(/^otp_codes_failed_total\{reason="wrong"\} 1$/m);
    expect(text).toMatch(/^otp_verified_to_sent_ratio 0\.5$/m);
    expect(text).toMatch(/^reservation_holds_expired_total \d+$/m);
    // The runs of the scheduled jobs, by outcome (their counts: many-instances.test.ts).
    expect(text).toMatch(/^periodic_runs_total\{job="reservation-expiry",outcome="ok"\} \d+$/m);
    expect(text).toMatch(/^periodic_runs_total\{job="content-version",outcome="failed"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // No label made from a raw number or an unknown path.
    expect(text).not.toMatch(/route="[^"]*\d{3,}/);
  });
});

describe("a statement that would hang", () => {
  test("answers 503 with Retry-After within the timeout (API and page), and the next request works", async () => {
    await withClient(server.databaseUrl, async (db) => {
      await db.query("begin");
      await db.query("lock table cities in access exclusive mode");
      try {
        const started = performance.now();
        const answer = await api(server).get("/customerCare/api/city/all", "ar");
        expect(performance.now() - started).toBeLessThan(3_000);
        expectFailure(answer, 503, "SERVICE_UNAVAILABLE", "ar", "unavailable");
        expect(answer.headers["retry-after"]).toBe("5");
        const page = await api(server).page("/support/Services-Centers?lang=en");
        expect(page.status).toBe(503);
        expect(page.headers["retry-after"]).toBe("5");
        expect(page.text).toContain("<html");
      } finally {
        await db.query("rollback");
      }
    });
    const again = await api(server).get("/customerCare/api/city/all", "en");
    expect(again.status).toBe(200);
    expect(server.errors()).toEqual([]);
    expect(apiMessage("en", "unavailable")).toMatch(/unavailable/);
  });
});
