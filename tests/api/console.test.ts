// The operator's console over real HTTP (issue 17, part 1): the first admin from the console:admin script,
// enrolment with TOTP, the role guard of every page and action, the lockout counted in SQL before the
// password is hashed (20 parallel wrong logins: exactly 5 counted, one lock), recovery codes good once, idle
// expiry, hashes only in the database, nothing secret in the logs, the console's headers, and the two
// sessions (subscriber, staff) that never open each other's pages.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { catalogs } from "../support/contract.ts";
import { consoleCookieOf, createFirstAdmin, enrolOverHttp, pageGet, pagePost, secretOnPage, STAFF_PASSWORD, totpCode, type Enrolled, inviteLink } from "../support/console.ts";
import { withClient } from "../support/database.ts";
import { expectNotLogged, insertSession } from "../support/subscriber.ts";
import { scriptEnv, send, startTestServer, type HttpAnswer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let admin: Enrolled;
const ADMIN_EMAIL = "Admin@Example.COM";
const secretsSeen: string[] = [];

const run = promisify(execFile);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** A refused plain form is answered with its page again, the message in it (as React escapes text). */
function expectMessage(answer: HttpAnswer, message: string): void {
  const escaped = message.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
  expect(answer.text, `status ${answer.status}`).toContain(escaped);
}
const consoleMessage = (language: "ar" | "en", code: string) => (catalogs[language] as unknown as { console: { errors: Record<string, string> } }).console.errors[code]!;

beforeAll(async () => {
  server = await startTestServer({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000" } });
  const link = await createFirstAdmin(server, ADMIN_EMAIL);
  secretsSeen.push(new URL(link).pathname.split("/").pop()!);
  admin = await enrolOverHttp(server, link);
  secretsSeen.push(admin.cookie.split("=")[1]!, admin.secret, ...admin.recoveryCodes, STAFF_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});

async function invite(email: string, roles: Record<string, string>, centres = ""): Promise<string> {
  const link = await inviteLink(server, admin, email, roles, centres);
  secretsSeen.push(new URL(link).pathname.split("/").pop()!);
  return link;
}

describe("enrolment of the first admin", () => {
  test("npm run console:admin's script, run by Node as an operator runs it, prints a one-time link that opens the enrolment", async () => {
    const { stdout } = await run(process.execPath, ["scripts/console-admin.ts", "--email", "Cli@Example.com", "--name", "From the CLI"], {
      env: scriptEnv({ DATABASE_URL: server.databaseUrl, PUBLIC_URL: server.url }),
    });
    const link = /(http\S+\/console\/enrol\/[A-Za-z0-9_-]+)/.exec(stdout)?.[1];
    expect(link, stdout).toBeDefined();
    secretsSeen.push(new URL(link!).pathname.split("/").pop()!);
    const page = await pageGet(server, new URL(link!).pathname, { language: "en" });
    expect(page.status).toBe(200);
    expect(page.text).toContain("cli@example.com");
    const usage = await run(process.execPath, ["scripts/console-admin.ts", "--email", "not-an-email"], { env: scriptEnv({ DATABASE_URL: server.databaseUrl }) }).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2 });
  });

  test("the script's link enrols once: password, TOTP confirmed, ten recovery codes, signed in; the link is then spent", async () => {
    const home = await pageGet(server, "/console?lang=en", { cookie: admin.cookie });
    expect(home.status).toBe(200);
    expect(home.text).toContain("admin@example.com");
    const rows = await withClient(server.databaseUrl, async (client) => (await client.query("select email, roles, password_hash from staff_accounts where email = 'admin@example.com'")).rows);
    expect(rows).toEqual([expect.objectContaining({ email: "admin@example.com", roles: ["admin"] })]);
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
  });

  test("the console cookie is HttpOnly, SameSite=Strict, Path=/ (so the home's data, /console.data, gets it too)", async () => {
    const link = await createFirstAdmin(server, "cookie-check@example.com");
    const page = await pageGet(server, new URL(link).pathname);
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(page.text)![1]!;
    const answer = await pagePost(server, new URL(link).pathname, { password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD, code: totpCode(secret) });
    const header = answer.cookies.find((cookie) => cookie.startsWith("console_session="))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/(;|$)/i);
    // A client-side step to the console home asks /console.data: signed in, not sent to the login.
    const cookie = header.split(";")[0]!;
    const homeData = await send(server.url, "/console.data", { headers: { cookie } });
    expect(homeData.status).toBe(200);
    expect(homeData.text).not.toContain("/console/login");
    const again = await pageGet(server, new URL(link).pathname, { language: "en" });
    expect(again.status).toBe(404);
    expectMessage(again, consoleMessage("en", "ENROLMENT_INVALID"));
  });

  test("a wrong authenticator code is refused and the link stays usable", async () => {
    const link = await createFirstAdmin(server, "wrong-code@example.com");
    const path = new URL(link).pathname;
    await pageGet(server, path);
    const answer = await pagePost(server, path, { password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD, code: "000000" }, { language: "en" });
    expect(answer.status).toBe(400);
    expectMessage(answer, consoleMessage("en", "CODE_WRONG"));
    expect((await pageGet(server, path)).status).toBe(200);
  });
});

describe("the role guard", () => {
  let editor: Enrolled;
  let publisher: Enrolled;
  beforeAll(async () => {
    editor = await enrolOverHttp(server, await invite("editor@example.com", { roleEditor: "on" }));
    publisher = await enrolOverHttp(server, await invite("publisher@example.com", { rolePublisher: "on" }));
  });

  test("without a session every console page sends to /console/login, and a page action changes nothing", async () => {
    for (const path of ["/console", "/console/staff", "/console/audit"]) {
      const answer = await pageGet(server, path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location).toBe("/console/login");
    }
    const post = await pagePost(server, "/console/staff", { intent: "invite", email: "intruder@example.com", displayName: "x", roleAdmin: "on" });
    expect(post.status).toBe(302);
    const intruder = await withClient(server.databaseUrl, async (client) => (await client.query("select 1 from staff_accounts where email = 'intruder@example.com'")).rowCount);
    expect(intruder).toBe(0);
  });

  test.each(["ar", "en"] as const)("an editor and a publisher get the console home, and a localised 403 on the admin pages and actions (%s)", async (language) => {
    for (const staff of [editor, publisher]) {
      expect((await pageGet(server, "/console", { cookie: staff.cookie, language })).status).toBe(200);
      for (const path of ["/console/staff", "/console/audit"]) {
        const page = await pageGet(server, path, { cookie: staff.cookie, language });
        expect(page.status, path).toBe(403);
        expect(page.text).toContain(consoleMessage(language, "ROLE_REQUIRED"));
      }
      const action = await pagePost(server, "/console/staff", { intent: "invite", email: "x@example.com", displayName: "x", roleAdmin: "on" }, { cookie: staff.cookie, language });
      expect(action.status).toBe(403);
      expectMessage(action, consoleMessage(language, "ROLE_REQUIRED"));
    }
    expect((await pageGet(server, "/console/staff", { cookie: admin.cookie, language })).status).toBe(200);
  });

  test("an admin changes roles and centres, disables and enables; each change is audited before → after", async () => {
    const id = await withClient(server.databaseUrl, async (client) => Number((await client.query("select id from staff_accounts where email = 'editor@example.com'")).rows[0].id));
    // Centres are service centres' numbers (Arabic-Indic digits read too); one that is no centre is refused under its field.
    for (const [centres, message] of [["damascus-1", "console.validation.centresInvalid"], ["2, 999", "console.errors.CENTRE_UNKNOWN"]] as const) {
      const refused = await pagePost(server, "/console/staff", { intent: "update", staffId: String(id), roleEditor: "on", roleCentreAgent: "on", centres }, { cookie: admin.cookie, language: "en" });
      expect(refused.status, centres).toBe(400);
      const [group, key] = message.split(".").slice(1) as [string, string];
      expectMessage(refused, (catalogs.en as unknown as { console: Record<string, Record<string, string>> }).console[group]![key]!);
    }
    const update = await pagePost(server, "/console/staff", { intent: "update", staffId: String(id), roleEditor: "on", roleCentreAgent: "on", centres: "٢, 1" }, { cookie: admin.cookie });
    expect(update.status, update.text.slice(0, 200)).toBe(302);
    const disable = await pagePost(server, "/console/staff", { intent: "disable", staffId: String(id) }, { cookie: admin.cookie });
    expect(disable.status).toBe(302);
    // A disabled account's session ends at once.
    expect((await pageGet(server, "/console", { cookie: editor.cookie })).status).toBe(302);
    await pagePost(server, "/console/staff", { intent: "enable", staffId: String(id) }, { cookie: admin.cookie });
    const audit = await withClient(server.databaseUrl, async (client) => (await client.query("select action, actor_email, before, after from staff_audit where target = $1 order by id", [`staff:${id}`])).rows);
    const change = audit.find((row) => row.action === "staff.update")!;
    expect(change.actor_email).toBe("admin@example.com");
    expect(change.before.roles).toEqual(["editor"]);
    expect(change.after).toEqual(expect.objectContaining({ roles: ["editor", "centre-agent"], centreIds: ["1", "2"] }));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(["staff.invite", "staff.enrol", "staff.update", "staff.disable", "staff.enable"]));
  });

  test("an admin cannot disable their own account or drop their own admin role", async () => {
    const id = await withClient(server.databaseUrl, async (client) => Number((await client.query("select id from staff_accounts where email = 'admin@example.com'")).rows[0].id));
    const disable = await pagePost(server, "/console/staff", { intent: "disable", staffId: String(id) }, { cookie: admin.cookie, language: "en" });
    expect(disable.status).toBe(403);
    const demote = await pagePost(server, "/console/staff", { intent: "update", staffId: String(id), roleEditor: "on" }, { cookie: admin.cookie, language: "en" });
    expect(demote.status).toBe(403);
    expectMessage(demote, consoleMessage("en", "OWN_ACCOUNT"));
  });

  test("two admins disabling each other at once: one change goes through, the other is refused (403), an enabled admin is always left", async () => {
    const first = await enrolOverHttp(server, await invite("duel-a@example.com", { roleAdmin: "on" }));
    const second = await enrolOverHttp(server, await invite("duel-b@example.com", { roleAdmin: "on" }));
    const ids = await withClient(server.databaseUrl, async (client) => (await client.query("select email, id from staff_accounts where email in ('duel-a@example.com', 'duel-b@example.com')")).rows);
    const idOf = (email: string) => String(ids.find((row) => row.email === email)!.id);
    const answers = await Promise.all([
      pagePost(server, "/console/staff", { intent: "disable", staffId: idOf("duel-b@example.com") }, { cookie: first.cookie, language: "en" }),
      pagePost(server, "/console/staff", { intent: "disable", staffId: idOf("duel-a@example.com") }, { cookie: second.cookie, language: "en" }),
    ]);
    // One disables the other; the other, checked again under the lock (or, if it comes later, without a
    // session any more), changes nothing.
    const done = answers.filter((answer) => answer.status === 302 && !String(answer.headers.location).startsWith("/console/login"));
    expect(done, answers.map((answer) => `${answer.status} ${answer.headers.location ?? ""}`).join(", ")).toHaveLength(1);
    const disabled = await withClient(server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from staff_accounts where disabled and email in ('duel-a@example.com', 'duel-b@example.com')")).rows[0].n);
    expect(disabled).toBe(1);
  });

  test("a flood of enrolment posts to made-up links costs no password hash and meets the per-IP limit", async () => {
    const limited = await startTestServer({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "3" } });
    try {
      const post = () => pagePost(limited, "/console/enrol/AAAAAAAAAAAAAAAAAAAAAAAA", { password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD, code: "123456" }, { language: "en" });
      for (let i = 0; i < 3; i++) expect((await post()).status).toBe(404);
      expect((await post()).status).toBe(429);
      // A cross-site post to a link never writes the link's token to the log.
      const crossSite = await send(limited.url, "/console/enrol/TOKENTOKENTOKENTOKEN42", { method: "POST", headers: { origin: "null", "content-type": "application/x-www-form-urlencoded" }, body: "password=x" });
      expect(crossSite.status).toBe(403);
      expectNotLogged(limited, ["TOKENTOKENTOKENTOKEN42"]);
    } finally {
      await limited.stop();
    }
  });
});

describe("login", () => {
  const login = (email: string, password: string, code: string, language: "ar" | "en" = "en") => pagePost(server, "/console/login", { email, password, code }, { language });

  test("20 parallel wrong logins count exactly 5 and lock once; then the right password and code are refused with the same message", async () => {
    const staff = await enrolOverHttp(server, await invite("race@example.com", { roleEditor: "on" }));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => login("race@example.com", `wrong password ${index}`, "123456")));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expectMessage(answer, consoleMessage("en", "LOGIN_FAILED"));
    }
    const row = await withClient(server.databaseUrl, async (client) => (await client.query("select failed_logins, locked_until > now() + interval '14 minutes' as locked from staff_accounts where email = 'race@example.com'")).rows[0]);
    expect(row).toEqual({ failed_logins: 5, locked: true });
    const locks = await withClient(server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from staff_audit where action = 'staff.login-failed' and after->>'locked' = 'true' and actor_email = 'race@example.com'")).rows[0].n);
    expect(locks).toBe(1);
    const right = await login("race@example.com", STAFF_PASSWORD, staff.recoveryCodes[0]!);
    expect(right.status).toBe(400);
    expectMessage(right, consoleMessage("en", "LOGIN_FAILED"));
    // The refused right login did not use the recovery code up: the lock refused it before it was looked at.
    const used = await withClient(server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from staff_recovery_codes r join staff_accounts a on a.id = r.staff_id where a.email = 'race@example.com' and used_at is not null")).rows[0].n);
    expect(used).toBe(0);
  });

  test.each(["ar", "en"] as const)("one generic message whatever was wrong: unknown e-mail, wrong password, wrong code, malformed form (%s)", async (language) => {
    const message = consoleMessage(language, "LOGIN_FAILED");
    for (const answer of [
      await login("nobody@example.com", STAFF_PASSWORD, "123456", language),
      await login("admin@example.com", "not the password", "123456", language),
      await login("admin@example.com", STAFF_PASSWORD, "000000", language),
      await pagePost(server, "/console/login", { email: "not an email" }, { language }),
    ]) {
      expect(answer.status).toBe(400);
      expectMessage(answer, message);
    }
  });

  test("a TOTP code of a step not yet used signs in once; the same code again is refused", async () => {
    const staff = await enrolOverHttp(server, await invite("totp@example.com", { rolePublisher: "on" }));
    const code = totpCode(staff.secret, 1);
    const first = await login("TOTP@example.com", STAFF_PASSWORD, code);
    expect(first.status, first.text.slice(0, 200)).toBe(302);
    expect(first.headers.location).toBe("/console");
    const cookie = consoleCookieOf(first);
    expect((await pageGet(server, "/console", { cookie })).status).toBe(200);
    expect((await login("totp@example.com", STAFF_PASSWORD, code)).status).toBe(400);
  });

  test("a recovery code signs in once", async () => {
    const staff = await enrolOverHttp(server, await invite("recovery@example.com", { roleEditor: "on" }));
    const code = staff.recoveryCodes[3]!;
    expect((await login("recovery@example.com", STAFF_PASSWORD, code.toUpperCase())).status).toBe(302);
    expect((await login("recovery@example.com", STAFF_PASSWORD, code)).status).toBe(400);
    expect((await login("recovery@example.com", STAFF_PASSWORD, staff.recoveryCodes[4]!.replace("-", ""))).status).toBe(302);
    // Each login says which factor signed in; a recovery code's, how many are left (a lost authenticator shows).
    const logins = await withClient(server.databaseUrl, async (client) => (await client.query("select after from staff_audit where action = 'staff.login' and actor_email = 'recovery@example.com' order by id")).rows.map((row) => row.after));
    expect(logins).toEqual([{ factor: "recovery-code", recoveryCodesLeft: 9 }, { factor: "recovery-code", recoveryCodesLeft: 8 }]);
  });

  test("a session idle for 30 minutes has ended, so has one 12 hours old; logout ends a session", async () => {
    const staff = await enrolOverHttp(server, await invite("idle@example.com", { roleEditor: "on" }));
    expect((await pageGet(server, "/console", { cookie: staff.cookie })).status).toBe(200);
    await withClient(server.databaseUrl, (client) => client.query("update staff_sessions set last_seen_at = now() - interval '31 minutes' where token_hash = $1", [sha256(staff.cookie.split("=")[1]!)]));
    const idle = await pageGet(server, "/console", { cookie: staff.cookie });
    expect(idle.status).toBe(302);
    expect(idle.headers.location).toBe("/console/login");
    // 12 hours after login a session ends, however busy.
    const busy = consoleCookieOf(await login("idle@example.com", STAFF_PASSWORD, staff.recoveryCodes[1]!));
    expect((await pageGet(server, "/console", { cookie: busy })).status).toBe(200);
    await withClient(server.databaseUrl, (client) => client.query("update staff_sessions set expires_at = now() - interval '1 second', last_seen_at = now() where token_hash = $1", [sha256(busy.split("=")[1]!)]));
    expect((await pageGet(server, "/console", { cookie: busy })).status).toBe(302);
    const fresh = await login("idle@example.com", STAFF_PASSWORD, staff.recoveryCodes[0]!);
    const cookie = consoleCookieOf(fresh);
    const out = await pagePost(server, "/console/logout", {}, { cookie });
    expect(out.status).toBe(302);
    expect((await pageGet(server, "/console", { cookie })).status).toBe(302);
  });
});

describe("a lost authenticator, reset by an admin", () => {
  const login = (email: string, password: string, code: string) => pagePost(server, "/console/login", { email, password, code }, { language: "en" });
  const staffIdOf = (email: string) => withClient(server.databaseUrl, async (client) => Number((await client.query("select id from staff_accounts where email = $1", [email])).rows[0].id));
  const failedTries = (email: string) => withClient(server.databaseUrl, async (client) => (await client.query("select failed_logins from staff_accounts where email = $1", [email])).rows[0].failed_logins as number);
  async function resetLink(email: string): Promise<string> {
    const answer = await pagePost(server, "/console/staff", { intent: "reset-factor", staffId: String(await staffIdOf(email)) }, { cookie: admin.cookie });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const link = /data-testid="enrolment-link"[^>]*>([^<]+)</.exec(answer.text)?.[1];
    expect(link, answer.text.slice(0, 300)).toBeDefined();
    secretsSeen.push(new URL(link!).pathname.split("/").pop()!);
    return new URL(link!).pathname;
  }
  /** The reset link's first step: the account's password; answers the cookie that binds the new secret to this browser. */
  async function provePassword(path: string, password: string): Promise<string> {
    const answer = await pagePost(server, path, { step: "password", currentPassword: password }, { language: "en" });
    expect(answer.status, answer.text.slice(0, 300)).toBe(302);
    const cookie = answer.cookies.find((header) => header.startsWith("console_enrol="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/console\/enrol/i);
    return cookie!.split(";")[0]!;
  }

  test("the reset link asks for the account's own password before it shows a secret: whoever holds the link sees no secret and sets no password", async () => {
    const staff = await enrolOverHttp(server, await invite("lost@example.com", { roleEditor: "on" }));
    const path = await resetLink("lost@example.com");
    // The old factor, the recovery codes and the sessions ended with the reset.
    expect((await pageGet(server, "/console", { cookie: staff.cookie })).status).toBe(302);
    expect((await login("lost@example.com", STAFF_PASSWORD, staff.recoveryCodes[0]!)).status).toBe(400);
    // The admin who opens the link sees the password step only: no QR code, no secret.
    const page = await pageGet(server, path, { language: "en" });
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="currentPassword"');
    expect(page.text).not.toContain('data-testid="totp-secret"');
    expect(page.text).not.toContain('name="confirmPassword"');
    // Setting a password of one's own, or sending a code, without the password step is refused.
    const takeover = await pagePost(server, path, { password: "the admin's own password", confirmPassword: "the admin's own password", code: "123456" }, { language: "en" });
    expect(takeover.status).toBe(404);
    // A wrong password: its own message under the field, and the password typed is never sent back.
    const wrong = await pagePost(server, path, { step: "password", currentPassword: "Wrong-Guess-7781" }, { language: "en" });
    expect(wrong.status).toBe(400);
    expectMessage(wrong, consoleMessage("en", "CURRENT_PASSWORD_WRONG"));
    expect(wrong.text).not.toContain("Wrong-Guess-7781");
    expect(wrong.text).not.toContain(catalogs.en.api.invalidField);
    // The owner proves the password: this browser (its cookie) is shown a new secret; the admin's is not.
    const browser = await provePassword(path, STAFF_PASSWORD);
    const shown = await pageGet(server, path, { cookie: browser, language: "en" });
    const secret = secretOnPage(shown.text);
    expect((await pageGet(server, path, { language: "en" })).text).not.toContain(secret);
    // A wrong code costs no password try; the right one enrols, in Arabic, and the password is the same.
    const triesBefore = await failedTries("lost@example.com");
    const badCode = await pagePost(server, path, { step: "code", code: totpCode(secret) === "000000" ? "111111" : "000000" }, { cookie: browser, language: "en" });
    expect(badCode.status).toBe(400);
    expect(badCode.text).not.toContain(STAFF_PASSWORD);
    expect(await failedTries("lost@example.com")).toBe(triesBefore);
    const right = await pagePost(server, path, { step: "code", code: totpCode(secret) }, { cookie: browser, language: "ar" });
    expect(right.status, right.text.slice(0, 300)).toBe(200);
    expect([...right.text.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)]).toHaveLength(10);
    // The same password with the new authenticator signs in; the old authenticator's codes do not.
    expect((await login("lost@example.com", STAFF_PASSWORD, totpCode(staff.secret, 1))).status).toBe(400);
    expect((await login("lost@example.com", STAFF_PASSWORD, totpCode(secret, 1))).status).toBe(302);
    const audit = await withClient(server.databaseUrl, async (client) => (await client.query("select action from staff_audit where target = $1 order by id", [`staff:${await staffIdOf("lost@example.com")}`])).rows.map((row) => row.action));
    expect(audit).toEqual(expect.arrayContaining(["staff.reset-factor", "staff.enrol"]));
  });

  test("wrong passwords on a reset link count with the account's login tries: 5 lock it, and then the right one is refused too", async () => {
    await enrolOverHttp(server, await invite("lost-twice@example.com", { roleEditor: "on" }));
    const path = await resetLink("lost-twice@example.com");
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => pagePost(server, path, { step: "password", currentPassword: `guess ${index}` }, { language: "en" })));
    for (const answer of answers) expect(answer.status).toBe(400);
    const row = await withClient(server.databaseUrl, async (client) => (await client.query("select failed_logins, locked_until > now() as locked from staff_accounts where email = 'lost-twice@example.com'")).rows[0]);
    expect(row).toEqual({ failed_logins: 5, locked: true });
    const right = await pagePost(server, path, { step: "password", currentPassword: STAFF_PASSWORD }, { language: "en" });
    expect(right.status).toBe(400);
    expectMessage(right, consoleMessage("en", "CURRENT_PASSWORD_WRONG"));
    // Whoever holds the server starts the account over with npm run console:admin: the link sets a new password.
    const { stdout } = await run(process.execPath, ["scripts/console-admin.ts", "--email", "lost-twice@example.com"], { env: scriptEnv({ DATABASE_URL: server.databaseUrl, PUBLIC_URL: server.url }) });
    const link = /(http\S+\/console\/enrol\/[A-Za-z0-9_-]+)/.exec(stdout)![1]!;
    secretsSeen.push(new URL(link).pathname.split("/").pop()!);
    // Its roles stay: recovering an editor makes no admin (the console has one).
    expect(stdout).toContain("roles: editor");
    expect((await withClient(server.databaseUrl, (client) => client.query("select roles from staff_accounts where email = 'lost-twice@example.com'"))).rows).toEqual([{ roles: ["editor"] }]);
    const restarted = await enrolOverHttp(server, link, "a brand new password for this one");
    expect((await pageGet(server, "/console", { cookie: restarted.cookie })).status).toBe(200);
    expect((await login("lost-twice@example.com", STAFF_PASSWORD, totpCode(restarted.secret, 1))).status).toBe(400);
    expect((await login("lost-twice@example.com", "a brand new password for this one", totpCode(restarted.secret, 1))).status).toBe(302);
  });

  test("a disabled account's reset link tells nothing of its password, and stays dead when the account is enabled again", async () => {
    await enrolOverHttp(server, await invite("leaver@example.com", { roleEditor: "on" }));
    const path = await resetLink("leaver@example.com");
    const staffId = String(await staffIdOf("leaver@example.com"));
    expect((await pagePost(server, "/console/staff", { intent: "disable", staffId }, { cookie: admin.cookie })).status).toBe(302);
    const tries = await failedTries("leaver@example.com");
    for (const password of [STAFF_PASSWORD, "not the password"]) expect((await pagePost(server, path, { step: "password", currentPassword: password }, { language: "en" })).status).toBe(404);
    expect(await failedTries("leaver@example.com")).toBe(tries);
    expect((await pagePost(server, "/console/staff", { intent: "enable", staffId }, { cookie: admin.cookie })).status).toBe(302);
    expect((await pageGet(server, path)).status).toBe(404);
  });
});

describe("what the database and the logs keep", () => {
  test("only hashes of tokens and codes in the database; the TOTP secret encrypted; no password, code or token in the logs", async () => {
    const token = admin.cookie.split("=")[1]!;
    const dump = await withClient(server.databaseUrl, async (client) => {
      const tables = ["staff_accounts", "staff_sessions", "staff_enrolments", "staff_recovery_codes", "staff_audit"];
      const texts = [];
      for (const table of tables) texts.push(JSON.stringify((await client.query(`select * from ${table}`)).rows));
      return texts.join("\n");
    });
    expect(dump).toContain(sha256(token));
    for (const secret of secretsSeen) expect(dump.includes(secret), `a secret starting ${secret.slice(0, 3)} is stored in the clear`).toBe(false);
    expectNotLogged(server, secretsSeen);
  });
});

describe("crafted bodies to the console's actions", () => {
  // The hostile-input suite posts to every page action (these included) without a staff session; here the same
  // kinds of bodies arrive with the admin's session, so they reach the validation of each action.
  const bodies: { type: string; body: string }[] = [
    { type: "application/x-www-form-urlencoded", body: "__proto__.x=1&intent=invite" },
    { type: "application/x-www-form-urlencoded", body: "constructor.prototype.polluted=1&intent=update&staffId=1" },
    { type: "application/x-www-form-urlencoded", body: "intent=update&staffId=99999999999999999999&roleAdmin=on" },
    { type: "application/x-www-form-urlencoded", body: "intent=disable&staffId=-1" },
    { type: "application/x-www-form-urlencoded", body: `intent=invite&email=${"a".repeat(3000)}@x.y&displayName=x&roleEditor=on` },
    { type: "application/x-www-form-urlencoded", body: "intent=invite&email=x@example.com&displayName=x&roleCentreAgent=on&centres=%00%00" },
    { type: "application/x-www-form-urlencoded", body: "email=admin@example.com&password[0]=x&code=123456" },
    { type: "application/x-www-form-urlencoded", body: "password=short&confirmPassword=short&code=12" },
    { type: "application/json", body: '{"__proto__":{"polluted":1},"intent":"invite"}' },
    { type: "application/json", body: '{"email":["a"],"password":{"x":1},"code":null}' },
    { type: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ninvite\r\n--x--\r\n' },
    { type: "text/xml", body: "<intent>invite</intent>" },
  ];
  test("each is refused with a 4xx, nothing is polluted, and the console still serves", async () => {
    const before = await withClient(server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from staff_accounts")).rows[0].n);
    for (const path of ["/console/staff", "/console/login", "/console/logout", "/console/enrol/not-a-token"]) {
      for (const { type, body } of bodies) {
        // Logout with the admin's cookie would end the session the rest of the test uses.
        const cookie = path === "/console/logout" ? undefined : admin.cookie;
        const answer = await send(server.url, path, { method: "POST", headers: { origin: server.url, "content-type": type, cookie, "accept-language": "en" }, body });
        expect(answer.status, `${path} ${type} ${body.slice(0, 60)}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(300);
        expect(answer.status, `${path} ${type} ${body.slice(0, 60)}`).toBeLessThan(500);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    }
    const after = await withClient(server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from staff_accounts")).rows[0].n);
    expect(after).toBe(before);
    expect((await pageGet(server, "/console/staff", { cookie: admin.cookie })).status).toBe(200);
    expect(server.errors()).toEqual([]);
  });
});

describe("the console's answers", () => {
  test("every console page is no-store, noindex, with a nonce CSP; robots.txt disallows /console", async () => {
    for (const [path, cookie] of [["/console/login", undefined], ["/console", admin.cookie], ["/console/staff", admin.cookie], ["/console/audit", admin.cookie]] as const) {
      const answer = await pageGet(server, path, { cookie });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toBe("no-store");
      expect(answer.headers["x-robots-tag"], path).toMatch(/noindex/);
      const csp = String(answer.headers["content-security-policy"]);
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(answer.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^session=/)]));
    }
    // The same page twice as a guest: never answered from the page cache.
    const again = await pageGet(server, "/console/login");
    expect(again.headers["x-cache"] ?? "").not.toMatch(/hit/i);
    const robots = await send(server.url, "/robots.txt");
    expect(robots.text).toContain("Disallow: /console");
  });

  test("the subscriber's cookie never opens the console, and the console cookie never opens a subscriber page", async () => {
    const subscriber = await insertSession(server.databaseUrl);
    const console = await pageGet(server, "/console", { cookie: subscriber.cookie });
    expect(console.status).toBe(302);
    expect(console.headers.location).toBe("/console/login");
    expect((await pageGet(server, "/my-line", { cookie: subscriber.cookie })).status).toBe(200);
    const staffOnSubscriberPage = await pageGet(server, "/my-line", { cookie: admin.cookie });
    expect(staffOnSubscriberPage.status).toBe(302);
    expect(staffOnSubscriberPage.headers.location).toMatch(/^\/home/);
  });

  test("the audit page filters by who and action and pages", async () => {
    const all = await pageGet(server, "/console/audit?lang=en", { cookie: admin.cookie });
    expect(all.status).toBe(200);
    const failed = await pageGet(server, "/console/audit?lang=en&action=staff.login-failed&who=race", { cookie: admin.cookie });
    const rows = failed.text.split('data-testid="audit-row"').slice(1).map((row) => row.split("</tr>")[0]!);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toContain("Failed sign-in");
      expect(row).toContain("race@example.com");
    }
    // A failed login with an e-mail of no account is shown as such, not as the console:admin script.
    expect((await pagePost(server, "/console/login", { email: "nobody-here@example.org", password: "a guess", code: "123456" })).status).toBe(400);
    const unknown = await pageGet(server, "/console/audit?lang=en&action=staff.login-failed", { cookie: admin.cookie });
    const unknownRows = unknown.text.split('data-testid="audit-row"').slice(1).map((row) => row.split("</tr>")[0]!).filter((row) => !row.includes("@example.com"));
    expect(unknownRows.length).toBeGreaterThan(0);
    for (const row of unknownRows) {
      expect(row).toContain("an e-mail of no account");
      expect(row).not.toContain("console:admin");
    }
    const none = await pageGet(server, "/console/audit?lang=en&from=2000-01-01&to=2000-01-02", { cookie: admin.cookie });
    expect([...none.text.matchAll(/data-testid="audit-row"/g)]).toHaveLength(0);
    const second = await pageGet(server, "/console/audit?lang=en&page=2", { cookie: admin.cookie });
    expect(second.text).toContain("Page 2 of");
  });
});
