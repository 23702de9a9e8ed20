// The console's feedback inbox and reservation desk over real HTTP (issue 17): feedback sent through the public
// API and reservations made through the spec API, then read and worked by staff with console cookies. Role
// refusals (a localised 403), no session → the console login, the inbox's filters, paging and FB- search, the
// attachment (headers, bytes, never without a session), "handled" decided by the database (two at once → one
// write, the other told who), the desk's lookups by R- reference and by number (Arabic-Indic digits), another
// city's hold refused (403) as an unknown one, collect (the number is taken and no longer offered), cancel (it is
// offered again), an expired hold, two agents collecting at once → one, and the ID-check tick required.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FEEDBACK_PAGE_SIZE } from "../../common/console-desk.ts";
import { catalogs, expectSuccess } from "../support/contract.ts";
import { createFirstAdmin, enrolOverHttp, pageGet, pagePost, type Enrolled, inviteAndEnrol } from "../support/console.ts";
import { withClient } from "../support/database.ts";
import { insertSession, postForm } from "../support/subscriber.ts";
import { api, send, startTestServer, type ApiClient, type HttpAnswer, type TestServer } from "../support/test-server.ts";

type Language = "ar" | "en";
type ConsoleCatalog = {
  errors: Record<string, string>;
  validation: Record<string, string>;
  feedback: Record<string, string>;
  desk: Record<string, string>;
  nav: Record<string, string>;
};
const consoleText = (language: Language) => (catalogs[language] as unknown as { console: ConsoleCatalog }).console;
const reservationText = (language: Language) => (catalogs[language] as unknown as { reservation: { lineTypes: Record<string, string>; states: Record<string, string> } }).reservation;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
/** A page says `message` (as React escapes text; a Latin run or number inside Arabic is isolated in a <bdi>). */
function expectMessage(answer: HttpAnswer, message: string): void {
  const escaped = message.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
  expect(answer.text.replace(/<bdi dir="ltr">([^<]*)<\/bdi>/g, "$1"), `status ${answer.status}: the page should say "${message}"`).toContain(escaped);
}
/** A number as the desk writes it (094 412 3456). */
const spacedNumber = (gsm: string) => `${gsm.slice(0, 3)} ${gsm.slice(3, 6)} ${gsm.slice(6)}`;
const toArabicDigits = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("a small image of a signal map")]);

let server: TestServer;
let client: ApiClient;
let admin: Enrolled;
let editor: Enrolled;
let publisher: Enrolled;
let secondPublisher: Enrolled;
/** Two agents of a Damascus centre (content id 1, city 1), one of an Aleppo centre (content id 4, city 2). */
let agent: Enrolled;
let secondAgent: Enrolled;
let aleppoAgent: Enrolled;
let staffIds: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000", FEEDBACK_PER_IP_HOUR: "100000" } });
  client = api(server);
  admin = await enrolOverHttp(server, await createFirstAdmin(server, "admin@example.com"));
  const invite = (email: string, roles: Record<string, string>, centres = "") => inviteAndEnrol(server, admin, email, roles, centres);
  [editor, publisher, secondPublisher, agent, secondAgent, aleppoAgent] = await Promise.all([
    invite("editor@example.com", { roleEditor: "on" }),
    invite("publisher@example.com", { rolePublisher: "on" }),
    invite("second-publisher@example.com", { rolePublisher: "on" }),
    invite("agent@example.com", { roleCentreAgent: "on" }, "1"),
    invite("second-agent@example.com", { roleCentreAgent: "on" }, "2"),
    invite("aleppo-agent@example.com", { roleCentreAgent: "on" }, "4"),
  ]);
  staffIds = await withClient(server.databaseUrl, async (db) => Object.fromEntries((await db.query<{ email: string; id: string }>("select email, id from staff_accounts")).rows.map((row) => [row.email, Number(row.id)])));
});
afterAll(async () => {
  await server?.stop();
});

/** A guest's feedback through the public API: its reference. */
async function sendFeedback(description = "The signal at my home in Mezzeh drops every evening.", fullName = "Ali Hasan"): Promise<string> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ fullName, gsm: "0944123456", email: "ali@example.com", description, evaluation: "2" })) body.set(name, value);
  body.set("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "signal.png");
  const response = await fetch(`${server.url}/customerCare/api/feedback`, { method: "POST", body, headers: { "accept-language": "en" } });
  const answer = (await response.json()) as { data: { reference: string } };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.data.reference;
}

let numbersUsed = 0;
/** A subscriber's reservation through the spec API (a fresh account each: at most two active holds each). */
async function reserveNumber(cityId: number): Promise<{ reference: string; gsm: string; accountGsm: string }> {
  const page = expectSuccess<{ data: { gsm: string }[] }>(await client.get("/core/api/numbers/available?pattern=3&size=100", "en"), "en");
  const gsm = page.data[numbersUsed++]!.gsm;
  const session = await insertSession(server.databaseUrl);
  const accountGsm = await withClient(server.databaseUrl, async (db) => (await db.query<{ main_gsm: string }>("select main_gsm from accounts where id = $1", [session.accountId])).rows[0]!.main_gsm);
  const fields = { gsm, fullName: "Samer Khoury", cityId: String(cityId), birthDate: "1991-03-07", lineType: "postpaid" };
  const { reference } = expectSuccess<{ reference: string }>(await postForm(server, "/core/api/reservations", fields, { token: session.token, language: "en" }), "en", "reservation.reserved");
  return { reference, gsm, accountGsm };
}

const inventoryState = (gsm: string) => withClient(server.databaseUrl, async (db) => (await db.query<{ state: string }>("select state from number_inventory where gsm = $1", [gsm])).rows[0]!.state);
const reservationState = (reference: string) => withClient(server.databaseUrl, async (db) => (await db.query<{ state: string }>("select state from number_reservations where reference = $1", [reference])).rows[0]!.state);
async function isOffered(gsm: string): Promise<boolean> {
  const page = expectSuccess<{ data: { gsm: string }[] }>(await client.get(`/core/api/numbers/available?pattern=${gsm.slice(3)}&match=endsWith&prefix=${gsm.slice(0, 3)}&size=50`, "en"), "en");
  return page.data.some((number) => number.gsm === gsm);
}
const auditRows = (target: string) =>
  withClient(server.databaseUrl, async (db) => (await db.query<{ action: string; actor_email: string; before: unknown; after: Record<string, unknown> }>("select action, actor_email, before, after from staff_audit where target = $1 order by id", [target])).rows);
const desk = (staff: Enrolled, lookup: string, language: Language = "en") => pageGet(server, `/console/desk?q=${encodeURIComponent(lookup)}`, { cookie: staff.cookie, language });
const collect = (staff: Enrolled, reference: string, language: Language = "en", tick = true) => pagePost(server, "/console/desk", { intent: "collect", reference, ...(tick ? { idChecked: "on" } : {}) }, { cookie: staff.cookie, language });
const cancel = (staff: Enrolled, reference: string, language: Language = "en") => pagePost(server, "/console/desk", { intent: "cancel", reference }, { cookie: staff.cookie, language });

describe("who reaches the inbox and the desk", () => {
  test("without a console session (or with only a subscriber's) every page, the attachment and both actions send to /console/login and change nothing", async () => {
    const reference = await sendFeedback();
    const hold = await reserveNumber(1);
    const subscriber = await insertSession(server.databaseUrl);
    for (const cookie of [undefined, subscriber.cookie]) {
      for (const path of ["/console/feedback", `/console/feedback/${reference}`, `/console/feedback/${reference}/attachment`, `/console/desk?q=${hold.reference}`]) {
        const answer = await pageGet(server, path, { cookie });
        expect(answer.status, `${path} ${cookie ? "with a subscriber's session" : "without a session"}`).toBe(302);
        expect(answer.headers.location).toBe("/console/login");
        expect(answer.raw.includes(PNG)).toBe(false);
      }
      expect((await pagePost(server, `/console/feedback/${reference}`, { note: "done" }, { cookie })).headers.location).toBe("/console/login");
      expect((await pagePost(server, "/console/desk", { intent: "collect", reference: hold.reference, idChecked: "on" }, { cookie })).headers.location).toBe("/console/login");
    }
    const handled = await withClient(server.databaseUrl, async (db) => (await db.query("select handled_at from feedback where reference = $1", [reference])).rows[0].handled_at);
    expect(handled).toBeNull();
    expect(await reservationState(hold.reference)).toBe("active");
  });

  test.each(["ar", "en"] as const)("an editor gets a localised 403 on both; an agent on the inbox; a publisher and an admin on the desk (%s)", async (language) => {
    const reference = await sendFeedback();
    const hold = await reserveNumber(1);
    const forbidden = consoleText(language).errors.ROLE_REQUIRED!;
    const inbox = ["/console/feedback", `/console/feedback/${reference}`, `/console/feedback/${reference}/attachment`];
    const refusals: [Enrolled, string[], boolean, boolean][] = [
      [editor, [...inbox, "/console/desk"], true, true],
      [agent, inbox, true, false],
      [publisher, ["/console/desk"], false, true],
      [admin, ["/console/desk"], false, true],
    ];
    for (const [staff, paths, refusedInbox, refusedDesk] of refusals) {
      for (const path of paths) {
        const answer = await pageGet(server, path, { cookie: staff.cookie, language });
        expect(answer.status, path).toBe(403);
        expect(answer.raw.includes(PNG), `${path} gave the file away`).toBe(false);
        // A page says it in the console's frame; the download (a resource route) as its JSON message.
        if (path.endsWith("/attachment")) expect(answer.json<{ message: string }>().message).toBe(forbidden);
        else expectMessage(answer, forbidden);
      }
      if (refusedInbox) {
        const post = await pagePost(server, `/console/feedback/${reference}`, { note: "done" }, { cookie: staff.cookie, language });
        expect(post.status).toBe(403);
        expectMessage(post, forbidden);
      }
      if (refusedDesk) {
        const post = await collect(staff, hold.reference, language);
        expect(post.status).toBe(403);
        expectMessage(post, forbidden);
      }
    }
    expect(await reservationState(hold.reference)).toBe("active");
    expect((await pageGet(server, "/console/feedback", { cookie: admin.cookie, language })).status).toBe(200);
    expect((await pageGet(server, "/console/feedback", { cookie: publisher.cookie, language })).status).toBe(200);
    expect((await pageGet(server, "/console/desk", { cookie: agent.cookie, language })).status).toBe(200);
  });

  test("the console home and navigation link each role to what it may open", async () => {
    const linksOf = async (staff: Enrolled) => {
      const home = await pageGet(server, "/console", { cookie: staff.cookie, language: "en" });
      return { feedback: home.text.includes('href="/console/feedback"'), desk: home.text.includes('href="/console/desk"') };
    };
    expect(await linksOf(publisher)).toEqual({ feedback: true, desk: false });
    expect(await linksOf(admin)).toEqual({ feedback: true, desk: false });
    expect(await linksOf(agent)).toEqual({ feedback: false, desk: true });
    expect(await linksOf(editor)).toEqual({ feedback: false, desk: false });
  });

  test("the inbox, a message, its attachment and the desk are never stored and never indexed", async () => {
    const reference = await sendFeedback();
    for (const [staff, path] of [
      [publisher, "/console/feedback"],
      [publisher, `/console/feedback/${reference}`],
      [publisher, `/console/feedback/${reference}/attachment`],
      [agent, "/console/desk"],
    ] as const) {
      const answer = await pageGet(server, path, { cookie: staff.cookie });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toContain("no-store");
      expect(answer.headers["x-robots-tag"], path).toContain("noindex");
    }
  });
});

describe("the feedback inbox", () => {
  test("new messages newest first, 25 a page with a next page; handled and all filters; the columns", async () => {
    const references: string[] = [];
    for (let i = 0; i < FEEDBACK_PAGE_SIZE + 1; i++) references.push(await sendFeedback(`Message number ${i} about the coverage in my street, with more words after.`, `Guest ${String.fromCharCode(65 + i)}`));
    const newest = references.at(-1)!;
    const first = await pageGet(server, "/console/feedback?state=new", { cookie: publisher.cookie, language: "en" });
    expect(first.status).toBe(200);
    const rowsOf = (answer: HttpAnswer) => [...answer.text.matchAll(/data-testid="feedback-row"[\s\S]*?(FB-[2-9A-HJKMNP-Z]{8})/g)].map((match) => match[1]!);
    const firstRows = rowsOf(first);
    expect(firstRows).toHaveLength(FEEDBACK_PAGE_SIZE);
    expect(firstRows[0]).toBe(newest);
    expect(firstRows.indexOf(references.at(-2)!)).toBe(1);
    expect(first.text).toContain("Guest Z");
    expect(first.text).toContain("Message number 25 about the coverage");
    expect(first.text).toContain(consoleText("en").feedback.yes);
    expect(first.text).toContain('href="/console/feedback?state=new&amp;page=2"');
    const second = await pageGet(server, "/console/feedback?state=new&page=2", { cookie: publisher.cookie, language: "en" });
    expect(rowsOf(second).length).toBeGreaterThan(0);
    expect(rowsOf(second)).not.toContain(newest);

    const handled = await pagePost(server, `/console/feedback/${newest}`, { note: "Called back, signal fixed." }, { cookie: publisher.cookie, language: "en" });
    expect(handled.status, handled.text.slice(0, 300)).toBe(200);
    expect(rowsOf(await pageGet(server, "/console/feedback", { cookie: publisher.cookie }))).not.toContain(newest);
    expect(rowsOf(await pageGet(server, "/console/feedback?state=handled", { cookie: publisher.cookie }))).toContain(newest);
    expect(rowsOf(await pageGet(server, "/console/feedback?state=all", { cookie: publisher.cookie }))[0]).toBe(newest);
  });

  test.each(["ar", "en"] as const)("a reference typed in any case, with Arabic-Indic digits, goes straight to the message; an unknown one says so (%s)", async (language) => {
    const reference = await sendFeedback();
    const typed = toArabicDigits(reference.toLowerCase());
    const found = await pageGet(server, `/console/feedback?q=${encodeURIComponent(` ${typed} `)}`, { cookie: publisher.cookie, language });
    expect(found.status).toBe(302);
    expect(found.headers.location).toBe(`/console/feedback/${reference}`);
    const unknown = await pageGet(server, "/console/feedback?q=FB-ZZZZZZZZ", { cookie: publisher.cookie, language });
    expect(unknown.status).toBe(200);
    expectMessage(unknown, consoleText(language).feedback.noSuchReference!);
    const notFound = await pageGet(server, "/console/feedback/FB-ZZZZZZZZ", { cookie: publisher.cookie, language });
    expect(notFound.status).toBe(404);
    expectMessage(notFound, consoleText(language).errors.FEEDBACK_NOT_FOUND!);
  });

  test("a message reads in full, its description as plain text (markup shown, never run)", async () => {
    const reference = await sendFeedback("My bill <script>alert(1)</script> shows <b>twice</b> the price.\nSecond line.", "Huda Saleh");
    const page = await pageGet(server, `/console/feedback/${reference}`, { cookie: publisher.cookie, language: "en" });
    expect(page.status).toBe(200);
    for (const shown of ["Huda Saleh", "0944123456", "ali@example.com", reference, "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;b&gt;twice&lt;/b&gt;"]) expect(page.text).toContain(shown);
    expect(page.text).not.toContain("<script>alert(1)");
    expect(page.text).toContain(`href="/console/feedback/${reference}/attachment"`);
  });

  test("the attachment downloads with its verified type, as an attachment, no-store and nosniff; a made-up path gets nothing", async () => {
    const reference = await sendFeedback();
    const answer = await pageGet(server, `/console/feedback/${reference}/attachment`, { cookie: admin.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/png");
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${reference}.png"`);
    expect(answer.headers["cache-control"]).toContain("no-store");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.raw.equals(PNG)).toBe(true);
    // Opened directly it is still no document of ours: the strictest policy, in place of the pages' one.
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    // HEAD: the same headers, no body (the file is not left open).
    const head = await send(server.url, `/console/feedback/${reference}/attachment`, { method: "HEAD", headers: { cookie: admin.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers["content-disposition"]).toBe(`attachment; filename="${reference}.png"`);
    expect(head.raw.length).toBe(0);
    for (const path of ["/console/feedback/FB-ZZZZZZZZ/attachment", "/console/feedback/..%2F..%2Fpackage.json/attachment", "/console/feedback/%2e%2e/attachment"]) {
      const refused = await pageGet(server, path, { cookie: admin.cookie, language: "en" });
      expect(refused.status, path).toBe(404);
      expect(refused.raw.includes(PNG)).toBe(false);
    }
  });

  test.each(["ar", "en"] as const)("marking handled needs a note of at most 1000 characters, then writes who, when, the note and an audit row; a second try names who did it (%s)", async (language) => {
    const reference = await sendFeedback();
    const text = consoleText(language);
    const empty = await pagePost(server, `/console/feedback/${reference}`, { note: "   " }, { cookie: publisher.cookie, language });
    expect(empty.status).toBe(400);
    expectMessage(empty, text.validation.noteRequired!);
    const long = await pagePost(server, `/console/feedback/${reference}`, { note: "x".repeat(1001) }, { cookie: publisher.cookie, language });
    expect(long.status).toBe(400);
    expectMessage(long, text.validation.noteTooLong!);
    // A note as long as the form allows, in characters of three bytes, with line breaks sent as CRLF (a form
    // without JavaScript), is read whole and counted as the text area counts it.
    const wide = `${"—".repeat(499)}\r\n${"—".repeat(499)}`;
    const wideAnswer = await pagePost(server, `/console/feedback/${await sendFeedback()}`, { note: wide }, { cookie: publisher.cookie, language });
    expect(wideAnswer.status, wideAnswer.text.slice(0, 300)).toBe(200);
    const done = await pagePost(server, `/console/feedback/${reference}`, { note: "Replied by e-mail." }, { cookie: publisher.cookie, language });
    expect(done.status, done.text.slice(0, 300)).toBe(200);
    const row = await withClient(server.databaseUrl, async (db) => (await db.query("select handled_at, handled_by, handled_note from feedback where reference = $1", [reference])).rows[0]);
    expect(row.handled_at).not.toBeNull();
    expect(Number(row.handled_by)).toBe(staffIds["publisher@example.com"]);
    expect(row.handled_note).toBe("Replied by e-mail.");
    expect(await auditRows(`feedback:${reference}`)).toEqual([{ action: "feedback.handle", actor_email: "publisher@example.com", before: { handled: false }, after: { handled: true, note: "Replied by e-mail." } }]);
    const again = await pagePost(server, `/console/feedback/${reference}`, { note: "Me too." }, { cookie: admin.cookie, language });
    expect(again.status).toBe(409);
    expectMessage(again, fill(text.errors.FEEDBACK_HANDLED!, { name: "publisher" }));
    expect((await pageGet(server, `/console/feedback/${reference}`, { cookie: admin.cookie, language })).text).toContain("Replied by e-mail.");
  });

  test("two staff members marking one message at once: exactly one writes, the other is told who did", async () => {
    for (let round = 0; round < 5; round++) {
      const reference = await sendFeedback();
      const answers = await Promise.all([
        pagePost(server, `/console/feedback/${reference}`, { note: "first" }, { cookie: publisher.cookie, language: "en" }),
        pagePost(server, `/console/feedback/${reference}`, { note: "second" }, { cookie: secondPublisher.cookie, language: "en" }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? "publisher" : "second-publisher";
      expectMessage(answers.find((answer) => answer.status === 409)!, fill(consoleText("en").errors.FEEDBACK_HANDLED!, { name: winner }));
      expect(await auditRows(`feedback:${reference}`)).toHaveLength(1);
    }
  });
});

describe("the reservation desk", () => {
  test.each(["ar", "en"] as const)("a reference (any case, Arabic-Indic digits) or the number finds the hold with the customer's details (%s)", async (language) => {
    const hold = await reserveNumber(1);
    for (const lookup of [toArabicDigits(hold.reference.toLowerCase()), hold.reference, toArabicDigits(hold.gsm), spacedNumber(hold.gsm)]) {
      const page = await desk(agent, lookup, language);
      expect(page.status, lookup).toBe(200);
      for (const shown of [hold.reference, spacedNumber(hold.gsm), spacedNumber(hold.accountGsm), "Samer Khoury", reservationText(language).lineTypes.postpaid, reservationText(language).states.active]) expect(page.text, `${lookup}: ${shown}`).toContain(shown);
      expectMessage(page, consoleText(language).desk.idChecked!);
    }
    // Each lookup is audited by what was asked for and how many holds it showed, never the number itself.
    const lookups = await withClient(server.databaseUrl, async (db) => (await db.query("select after from staff_audit where action = 'reservation.lookup' and actor_email = 'agent@example.com' order by id desc limit 4")).rows.map((row) => row.after));
    expect(lookups).toEqual(expect.arrayContaining([{ by: "reference", found: 1 }, { by: "number", found: expect.any(Number) }]));
    expect(JSON.stringify(lookups)).not.toContain(hold.gsm);
  });

  test.each(["ar", "en"] as const)("another city's hold is refused (403) exactly as an unknown one, lookups and actions alike; a lookup that is neither gets the field's message (%s)", async (language) => {
    const aleppo = await reserveNumber(2);
    const text = consoleText(language);
    // One status and one message for both, which do not say whether the hold exists elsewhere.
    for (const lookup of [aleppo.reference, aleppo.gsm, "R-ZZZZZZZZ", "0944000000"]) {
      const page = await desk(agent, lookup, language);
      expect(page.status, lookup).toBe(403);
      expectMessage(page, text.errors.RESERVATION_NOT_AT_YOUR_CENTRES!);
      expect(page.text).not.toContain("Samer Khoury");
    }
    for (const reference of [aleppo.reference, "R-ZZZZZZZZ"]) {
      for (const refused of [await collect(agent, reference, language), await cancel(agent, reference, language)]) {
        expect(refused.status, reference).toBe(403);
        expectMessage(refused, text.errors.RESERVATION_NOT_AT_YOUR_CENTRES!);
      }
    }
    expect(await reservationState(aleppo.reference)).toBe("active");
    expect((await desk(aleppoAgent, aleppo.reference, language)).status).toBe(200);
    const invalid = await desk(agent, "hello", language);
    expect(invalid.status).toBe(400);
    expectMessage(invalid, text.validation.lookupInvalid!);
  });

  test.each(["ar", "en"] as const)("collecting without the ID-check tick is refused under the tick, and nothing changes (%s)", async (language) => {
    const hold = await reserveNumber(1);
    const answer = await collect(agent, hold.reference, language, false);
    expect(answer.status).toBe(400);
    expectMessage(answer, consoleText(language).validation.idCheckRequired!);
    expect(await reservationState(hold.reference)).toBe("active");
    expect(await inventoryState(hold.gsm)).toBe("reserved");
  });

  test.each(["ar", "en"] as const)("collecting: the hold is collected, the number taken and no longer offered, the event and the audit row written; again → already collected (%s)", async (language) => {
    const hold = await reserveNumber(1);
    const answer = await collect(agent, toArabicDigits(hold.reference.toLowerCase()), language);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expectMessage(answer, fill(consoleText(language).desk.collectedDone!, { reference: hold.reference }));
    expect(await reservationState(hold.reference)).toBe("collected");
    expect(await inventoryState(hold.gsm)).toBe("taken");
    expect(await isOffered(hold.gsm)).toBe(false);
    const events = await withClient(server.databaseUrl, async (db) => (await db.query("select actor, from_state, to_state from reservation_events e join number_reservations r on r.id = e.reservation_id where r.reference = $1 order by e.id", [hold.reference])).rows);
    expect(events.at(-1)).toEqual({ actor: `staff:${staffIds["agent@example.com"]}`, from_state: "active", to_state: "collected" });
    expect(await auditRows(`reservation:${hold.reference}`)).toEqual([
      { action: "reservation.collect", actor_email: "agent@example.com", before: { state: "active", gsm: hold.gsm, number: "reserved" }, after: { state: "collected", gsm: hold.gsm, number: "taken", idChecked: true } },
    ]);
    const again = await collect(agent, hold.reference, language);
    expect(again.status).toBe(409);
    expectMessage(again, consoleText(language).errors.RESERVATION_COLLECTED!);
    const cancelLater = await cancel(agent, hold.reference, language);
    expect(cancelLater.status).toBe(409);
    expect(await inventoryState(hold.gsm)).toBe("taken");
  });

  test.each(["ar", "en"] as const)("cancelling: the number is available and offered again, the event and the audit row written; collecting it then is refused (%s)", async (language) => {
    const hold = await reserveNumber(1);
    expect(await isOffered(hold.gsm)).toBe(false);
    const answer = await cancel(agent, hold.reference, language);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expectMessage(answer, fill(consoleText(language).desk.cancelledDone!, { reference: hold.reference }));
    expect(await reservationState(hold.reference)).toBe("cancelled");
    expect(await inventoryState(hold.gsm)).toBe("available");
    expect(await isOffered(hold.gsm)).toBe(true);
    expect((await auditRows(`reservation:${hold.reference}`)).map((row) => row.action)).toEqual(["reservation.cancel"]);
    const collectLater = await collect(agent, hold.reference, language);
    expect(collectLater.status).toBe(409);
    expectMessage(collectLater, consoleText(language).errors.RESERVATION_CANCELLED!);
  });

  test.each(["ar", "en"] as const)("an expired hold cannot be collected or cancelled: a clear message, the number not taken (%s)", async (language) => {
    const hold = await reserveNumber(1);
    // The one row a test writes itself: a hold whose 72 hours have passed.
    await withClient(server.databaseUrl, (db) => db.query("update number_reservations set expires_at = now() - interval '1 minute', created_at = now() - interval '73 hours' where reference = $1", [hold.reference]));
    for (const answer of [await collect(agent, hold.reference, language), await cancel(agent, hold.reference, language)]) {
      expect(answer.status).toBe(409);
      expectMessage(answer, consoleText(language).errors.RESERVATION_EXPIRED!);
    }
    expect(await inventoryState(hold.gsm)).not.toBe("taken");
    const page = await desk(agent, hold.gsm, language);
    expect(page.status).toBe(200);
    expect(page.text).toContain(reservationText(language).states.expired);
    expect(page.text).not.toContain('name="idChecked"');
  });

  test("two agents collecting one hold at once: exactly one wins, one event, one audit row", async () => {
    for (let round = 0; round < 5; round++) {
      const hold = await reserveNumber(1);
      const answers = await Promise.all([collect(agent, hold.reference), collect(secondAgent, hold.reference)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await inventoryState(hold.gsm)).toBe("taken");
      const events = await withClient(server.databaseUrl, async (db) => (await db.query("select count(*)::int as n from reservation_events e join number_reservations r on r.id = e.reservation_id where r.reference = $1 and e.to_state = 'collected'", [hold.reference])).rows[0].n);
      expect(events).toBe(1);
      expect(await auditRows(`reservation:${hold.reference}`)).toHaveLength(1);
    }
  });

  test("a number's live hold comes first, then its ended ones", async () => {
    const hold = await reserveNumber(1);
    expect((await cancel(agent, hold.reference)).status).toBe(200);
    const session = await insertSession(server.databaseUrl);
    const { reference: again } = expectSuccess<{ reference: string }>(
      await postForm(server, "/core/api/reservations", { gsm: hold.gsm, fullName: "Rami Nasser", cityId: "1", birthDate: "1985-01-02", lineType: "prepaid" }, { token: session.token, language: "en" }),
      "en",
      "reservation.reserved",
    );
    const page = await desk(agent, hold.gsm);
    expect(page.status).toBe(200);
    const order = [...page.text.matchAll(/data-testid="desk-reservation"[\s\S]*?(R-[2-9A-HJKMNP-Z]{8})/g)].map((match) => match[1]);
    expect(order).toEqual([again, hold.reference]);
  });

  test("a crafted desk action gets a 400, never a 500", async () => {
    const crafted: Record<string, string>[] = [{}, { intent: "collect" }, { intent: "steal", reference: "R-ZZZZZZZZ" }, { intent: "cancel", reference: "../../x" }, { intent: "collect", reference: "R-ZZZZZZZZ", idChecked: "yes" }];
    for (const fields of crafted) {
      const answer = await pagePost(server, "/console/desk", fields, { cookie: agent.cookie, language: "en" });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
    }
    const poisoned = await send(server.url, "/console/feedback/FB-ZZZZZZZZ", { method: "POST", headers: { origin: server.url, cookie: publisher.cookie, "content-type": "application/json" }, body: '{"note":{"__proto__":1}}' });
    expect(poisoned.status).toBe(400);
    expect(server.errors()).toEqual([]);
  });
});
