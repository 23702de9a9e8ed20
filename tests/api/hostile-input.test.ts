// Hostile input (issue 14): any request, however crafted, to any route — every operation of the OpenAPI
// document and every page action of server/edge/limits.ts — gets a clear 4xx (never a 5xx), and after each
// one the service still serves: /healthz, a guest page and a subscriber's call all answer 200, and the server
// logged no error. Field names walk into __proto__, constructor and prototype, nest deep, number 10,000;
// arrays hold 10,000 elements; bodies come in every encoding, with and without a session (the console's
// actions with a staff member's session holding every role, at real paths: an offer, a feedback message, a
// hold of the staff member's centre). The metric series stay bounded over 1,000 random paths. Reproducible:
// HOSTILE_SEED; HOSTILE_RUNS cases (default 120).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PAGE_ACTIONS } from "../../server/edge/limits.ts";
import { createFirstAdmin, enrolOverHttp, pageGet, pagePost } from "../support/console.ts";
import { withClient } from "../support/database.ts";
import { insertSession, postForm, type SessionFixture } from "../support/subscriber.ts";
import { send, startTestServer, type HttpAnswer, type TestServer } from "../support/test-server.ts";

const SEED = Number(process.env.HOSTILE_SEED ?? 20261125);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 120);
const METRICS_TOKEN = "hostile-metrics-token";
const GSM = "0944888001";

let server: TestServer;
let session: SessionFixture;
let operations: { method: string; path: string }[] = [];
/** A staff member holding every role, an agent of centre 1 (Damascus). */
let staffCookie: string;
/** Real values for the console's paths and fields: a feedback message's reference, a hold in Damascus. */
let feedbackReference: string;
let holdReference: string;
/** The item the content actions are posted to (PAGE_ACTIONS names the pattern). */
const OFFER_KEY = "1";

beforeAll(async () => {
  server = await startTestServer({
    env: { METRICS_TOKEN, OTP_SENDS_PER_IP_HOUR: "1000000", OTP_SENDS_PER_NUMBER_10_MIN: "100000", OTP_SENDS_PER_NUMBER_HOUR: "100000", FEEDBACK_PER_IP_HOUR: "100000" },
  });
  session = await insertSession(server.databaseUrl, { gsm: GSM });
  staffCookie = (await enrolOverHttp(server, await createFirstAdmin(server, "hostile@example.com"))).cookie;
  const staffId = await withClient(server.databaseUrl, async (db) => String((await db.query("select id from staff_accounts where email = 'hostile@example.com'")).rows[0].id));
  const allRoles = await pagePost(server, "/console/staff", { intent: "update", staffId, roleEditor: "on", rolePublisher: "on", roleCentreAgent: "on", roleAdmin: "on", centres: "1" }, { cookie: staffCookie });
  expect(allRoles.status, allRoles.text.slice(0, 200)).toBe(302);
  const feedback = new FormData();
  for (const [name, value] of Object.entries({ fullName: "Ali Hasan", gsm: GSM, email: "ali@example.com", description: "The signal drops every evening.", evaluation: "2" })) feedback.set(name, value);
  feedback.set("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00])], { type: "image/png" }), "signal.png");
  const sent = await fetch(`${server.url}/customerCare/api/feedback`, { method: "POST", body: feedback });
  const answer = (await sent.json()) as { data: { reference: string } };
  expect(sent.status, JSON.stringify(answer)).toBe(200);
  feedbackReference = answer.data.reference;
  const available = (await send(server.url, "/core/api/numbers/available?pattern=3&size=5")).json<{ data: { data: { gsm: string }[] } }>().data.data;
  const reserved = await postForm(server, "/core/api/reservations", { gsm: available[0]!.gsm, fullName: "Samer Khoury", cityId: "1", birthDate: "1991-03-07", lineType: "postpaid" }, { token: session.token, language: "en" });
  expect(reserved.status, reserved.text).toBe(200);
  holdReference = reserved.json<{ data: { reference: string } }>().data.reference;
  const document = (await send(server.url, "/api-docs/openapi.json")).json<{ paths: Record<string, Record<string, unknown>> }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      // Signing out would end the session the invariant uses.
      .filter(() => !/signout/i.test(path))
      .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1") })),
  );
});
afterAll(async () => {
  await server?.stop();
});

/** The service still serves, for everyone, after whatever came before. */
async function expectStillServing(after: string): Promise<void> {
  const health = await send(server.url, "/healthz");
  expect(health.status, `/healthz after ${after}`).toBe(200);
  const page = await send(server.url, "/home?lang=en");
  expect(page.status, `a guest page after ${after}`).toBe(200);
  const call = await send(server.url, "/core/api/callForward/show", {
    method: "POST",
    headers: { authorization: `Bearer ${session.token}`, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
    body: `gsm=${GSM}`,
  });
  expect(call.status, `a subscriber's call after ${after}: ${call.text.slice(0, 200)}`).toBe(200);
  const home = await pageGet(server, "/console", { cookie: staffCookie, language: "en" });
  expect(home.status, `the console's home after ${after}`).toBe(200);
  expect(server.errors(), `the server logged an error after ${after}`).toEqual([]);
}

/** A page action's path with its pattern filled with real values (PAGE_ACTIONS writes `:kind/:key`, `:reference`). */
function realPath(path: string): string {
  return path
    .replace("/console/content/:kind/:key", `/console/content/offers/${OFFER_KEY}`)
    .replace("/console/content/:kind/new", "/console/content/offers/new")
    .replace("/console/feedback/:reference", `/console/feedback/${feedbackReference}`);
}

function expectRefusedCleanly(answer: HttpAnswer, label: string): void {
  expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
}

const POISON = ["__proto__", "__proto__.x", "__proto__[0]", "constructor", "constructor.prototype.polluted", "prototype", "a.__proto__.polluted", "a[0].constructor", "customerState[0].__proto__"];
const fieldName = fc.oneof(
  fc.constantFrom(...POISON),
  fc.constantFrom("gsm", "serviceState", "customerState[0].state", "customerState[3].number", "others[0].numbers[0]", "generalMessage", "data", "code", "intent", "file", "fullName"),
  // The console's fields: the desk's, the inbox's, the staff page's and the content form's.
  fc.constantFrom("reference", "idChecked", "note", "staffId", "email", "roleAdmin", "centres", "revision", "publishAt", "endAt", "titleAr", "allowances[0].amount", "id"),
  fc.integer({ min: 1, max: 40 }).map((depth) => `a${"[0]".repeat(depth)}`),
  fc.integer({ min: 1, max: 40 }).map((depth) => Array.from({ length: depth }, (_, index) => `k${index}`).join(".")),
  fc.constantFrom("a[99999]", "a[-1]", "a[]", "a]", "[0]", "a..b", "", "%00", "a b", "ا"),
  fc.string({ maxLength: 12 }),
);
const fieldValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(GSM, "٠٩٤٤٨٨٨٠٠١", "1", "0", "", "on", "1".repeat(3000)),
  // The console's intents, and the real references of the hold and the message (filled in at run time).
  fc.constantFrom("collect", "cancel", "save", "publish", "schedule", "discard", "unpublish", "rollback", "invite", "update", "disable", "reset-factor", "2099-01-01T10:00"),
  fc.constantFrom("hold", "feedback").map((which) => (which === "hold" ? holdReference : feedbackReference)),
);
const poisonedJson = fc.constantFrom(
  '{"__proto__":{"polluted":1},"gsm":"0944888001"}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"customerState":[{"__proto__":{"state":1}}]}',
  `{"a":${"[".repeat(200)}${"]".repeat(200)}}`,
  '["gsm"]',
  '"gsm"',
  "null",
  '{"gsm":',
  "{}",
);
const bigBody = fc.constantFrom(
  { kind: "10,000 fields", type: "application/x-www-form-urlencoded", body: Array.from({ length: 10_000 }, (_, index) => `k${index}=1`).join("&") },
  { kind: "a 10,000-element array (form)", type: "application/x-www-form-urlencoded", body: Array.from({ length: 10_000 }, (_, index) => `others[0].numbers[${index}]=0944888001`).join("&") },
  { kind: "a 10,000-element array (JSON)", type: "application/json", body: JSON.stringify({ gsm: GSM, others: [{ message: "x", numbers: Array(10_000).fill(GSM) }] }) },
  { kind: "10,000 JSON keys", type: "application/json", body: JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`k${index}`, 1]))) },
);
const encoded = fc.oneof(
  fc.dictionary(fieldName, fieldValue, { maxKeys: 8 }).map((fields) => ({ kind: "form", type: "application/x-www-form-urlencoded", body: Object.entries(fields).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&") })),
  fc.dictionary(fieldName, fieldValue, { maxKeys: 8 }).map((fields) => ({ kind: "form, names raw", type: "application/x-www-form-urlencoded", body: Object.entries(fields).map(([name, value]) => `${name}=${value}`).join("&") })),
  poisonedJson.map((body) => ({ kind: "json", type: "application/json", body })),
  fc.constantFrom(
    { kind: "multipart to a route without a file", type: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="gsm"\r\n\r\n0944888001\r\n--x--\r\n' },
    { kind: "a broken multipart", type: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data; name=\r\n\r\n" },
    { kind: "xml", type: "text/xml", body: "<gsm>0944888001</gsm>" },
    { kind: "no type", type: "", body: "gsm=0944888001" },
  ),
  bigBody,
);

describe("every route against crafted bodies", () => {
  test(`${RUNS} random cases over every OpenAPI operation and page action: a 4xx each, and the service still serves after each (seed ${SEED})`, { timeout: 600_000 }, async () => {
    // Logging out (a well-formed form to /account/logout) would end the session the invariant uses, as signout would.
    const pageActions = PAGE_ACTIONS.filter((action) => !/\/logout$/.test(action.path));
    const targets = [
      ...operations.map((operation) => ({ ...operation, page: false, staff: false })),
      ...pageActions.map((action) => ({ method: "POST", path: realPath(action.path), page: true, staff: action.staff === true })),
    ];
    expect(targets.length).toBeGreaterThan(60);
    expect(targets.filter((target) => /:[a-z]/i.test(target.path) && !target.path.startsWith("/console/enrol/")), "a pattern left unfilled").toEqual([]);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), encoded, fc.boolean(), async (target, body, signedIn) => {
        const headers: Record<string, string> = { "accept-language": "en", ...(body.type ? { "content-type": body.type } : {}) };
        // Signed in: the subscriber's session for a subscriber's page, the staff member's for a console action.
        if (signedIn) Object.assign(headers, target.page ? { cookie: target.staff ? staffCookie : session.cookie, origin: server.url } : { authorization: `Bearer ${session.token}` });
        else if (target.page) headers.origin = server.url;
        const label = `${target.method} ${target.path} ${body.kind}${signedIn ? " signed in" : ""}`;
        const answer = await send(server.url, target.path, { method: target.method, headers, body: target.method === "GET" ? undefined : body.body });
        expectRefusedCleanly(answer, label);
        expect(({} as Record<string, unknown>).polluted, "Object.prototype was polluted in the test process").toBeUndefined();
        await expectStillServing(label);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("the reproducers of issue 14", () => {
  test("finding 1: __proto__.x with a session, to the API and to the page form, and /healthz still answers 200", async () => {
    const api = await send(server.url, "/core/api/callForward/show", {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}`, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
      body: `gsm=${GSM}&__proto__.x=1`,
    });
    expect(api.status).toBe(400);
    expect(api.json<{ code: string }>().code).toBe("BAD_REQUEST");
    const page = await send(server.url, "/call-forward", {
      method: "POST",
      headers: { cookie: session.cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: "serviceState=1&__proto__.x=1",
    });
    expect(page.status).toBe(400);
    await expectStillServing("__proto__.x");
    expect((await send(server.url, "/readyz")).status).toBe(200);
  });

  test("finding 3: huge bodies are refused before they are parsed, while /healthz keeps answering", async () => {
    const cases = [
      { path: "/support/Feedback", type: "application/x-www-form-urlencoded", body: Array.from({ length: 675_000 }, (_, index) => `k${index}=1`).join("&"), cookie: false },
      {
        path: "/support/Feedback",
        type: "multipart/form-data; boundary=b",
        body: `${Array.from({ length: 150_000 }, (_, index) => `--b\r\nContent-Disposition: form-data; name="k${index}"\r\n\r\n1\r\n`).join("")}--b--\r\n`,
        cookie: false,
      },
      { path: "/core/api/superClip/show", type: "application/x-www-form-urlencoded", body: `gsm=${GSM}&${Array.from({ length: 100_000 }, (_, index) => `k${index}=1`).join("&")}`, cookie: true },
      {
        path: "/core/api/superClip/autoReply/activate",
        type: "application/x-www-form-urlencoded",
        body: `gsm=${GSM}&others[0].message=x&${Array.from({ length: 80_000 }, (_, index) => `others[0].numbers[${index}]=0944888001`).join("&")}`,
        cookie: true,
      },
    ];
    for (const { path, type, body, cookie } of cases) {
      const health: number[] = [];
      let done = false;
      const probing = (async () => {
        while (!done) {
          const started = performance.now();
          expect((await send(server.url, "/healthz")).status).toBe(200);
          health.push(performance.now() - started);
        }
      })();
      const started = performance.now();
      let answer: HttpAnswer;
      let elapsed: number;
      try {
        answer = await send(server.url, path, {
          method: "POST",
          headers: { "content-type": type, origin: server.url, "accept-language": "en", ...(cookie ? { authorization: `Bearer ${session.token}` } : {}) },
          body,
        });
        elapsed = performance.now() - started;
      } finally {
        // The probes stop whatever the answer: a failed send leaves none running behind the test.
        done = true;
        await probing;
      }
      expect([400, 413], `${path} (${(body.length / 1e6).toFixed(1)} MB): ${answer.text.slice(0, 200)}`).toContain(answer.status);
      // Informative: figures go to the report, never a timed assertion that could flake.
      console.log(`${path} ${(body.length / 1e6).toFixed(1)} MB refused ${answer.status} in ${elapsed.toFixed(0)} ms; /healthz during it: max ${Math.max(...health, 0).toFixed(0)} ms over ${health.length} probes`);
    }
    await expectStillServing("the huge bodies");
  });
});

describe("metric series", () => {
  async function seriesCount(): Promise<number> {
    const answer = await send(server.url, "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    return answer.text.split("\n").filter((line) => line && !line.startsWith("#")).length;
  }

  test("1,000 random paths (API and pages, long, with numbers, odd methods) add at most a constant number of series", { timeout: 300_000 }, async () => {
    const randomPaths = (seed: number, numRuns: number) =>
      fc.sample(
        fc.tuple(
          fc.constantFrom("/core/api/bundles/web/", "/core/api/", "/customerCare/api/", "/api/users/", "/bundle-details/data/", "/products/", "/news-details/news/", "/", "/assets/", "/personal/"),
          fc.string({ minLength: 1, maxLength: 300 }),
          fc.integer({ min: 0, max: 1e9 }),
          fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "FOO"),
        ),
        { numRuns, seed },
      );
    const visit = async (paths: ReturnType<typeof randomPaths>) => {
      for (const [prefix, text, number, method] of paths) {
        const answer = await send(server.url, `${prefix}${encodeURIComponent(text)}${number}`, { method, headers: method === "GET" ? {} : { origin: server.url } });
        expect(answer.status).toBeLessThan(500);
      }
    };
    // A first round meets every kind of answer (route × method × status) once; the series of those are
    // as many as the routes, methods and statuses. A second round of other paths must add (almost) none.
    await visit(randomPaths(SEED, 300));
    const before = await seriesCount();
    await visit(randomPaths(SEED + 1, 1000));
    const after = await seriesCount();
    console.log(`metric series: ${before} before, ${after} after 1,000 random paths`);
    expect(after - before, "series must not grow with the paths clients send").toBeLessThanOrEqual(50);
    await expectStillServing("1,000 random paths");
  });
});
