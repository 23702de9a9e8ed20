// The operator's console in a real browser (issue 17, part 1): the console:admin script's link → password →
// the TOTP secret read from the page (codes computed with the same library) → confirmed → ten recovery codes
// → home; the admin invites an editor and a publisher, each enrols from their link; the editor gets a 403 on
// the staff page and signs out; five wrong passwords lock an account (the right one is then refused, with
// the same message); a recovery code works once; an idle session ends; the audit rows are shown and
// filtered; the console's pages fit 320 px and pass axe; each role is refused, with the localised 403 page, every
// console page that is not its own.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { createHash } from "node:crypto";
import type { Language } from "../../common/language.ts";
import { createFirstAdmin, enrolOverHttp, type Enrolled, inviteAndEnrol, STAFF_PASSWORD, totpCode } from "../support/console.ts";
import { withClient } from "../support/database.ts";
import { axeViolations, blocking, describeViolations, type Violation } from "./axe.ts";
import { DESKTOP, type PageWithErrors, siteInBrowser, waitForHydration } from "./browser.ts";

const text = { ar: ar.console, en: en.console } as const;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

const site = siteInBrowser({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000" } });
const violations: Violation[] = [];

interface StaffInBrowser {
  page: Page;
  errors: string[];
  recoveryCodes: string[];
}

/** Opens an enrolment link in a fresh browser, sets the password, confirms a code: the console's home. */
async function enrolInBrowser(link: string, language: Language, name: string): Promise<StaffInBrowser> {
  const { page, errors } = await site.open(DESKTOP, language);
  const t = text[language];
  await page.goto(new URL(link).pathname);
  await waitForHydration(page);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.enrol.title);
  violations.push(...(await axeViolations(page, `enrolment (${language})`)));
  await page.getByLabel(fill(t.fields.newPassword, { count: 12 })).fill(STAFF_PASSWORD);
  await page.getByLabel(t.fields.confirmPassword).fill(STAFF_PASSWORD);
  await expect.poll(() => page.getByRole("img", { name: t.enrol.qrLabel }).locator("svg").count()).toBe(1);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel(t.fields.totp).fill(totpCode(secret));
  await page.getByRole("button", { name: t.enrol.submit }).click();
  const codes = page.getByRole("list", { name: t.enrol.recoveryTitle }).getByRole("listitem");
  await expect.poll(() => codes.count(), { message: "the ten recovery codes after the confirmation" }).toBe(10).catch(async (error: Error) => {
    throw new Error(`${error.message}; the page says: ${(await page.locator("main").innerText()).slice(0, 400)}`);
  });
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await page.getByRole("link", { name: t.enrol.continue }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(fill(t.home.title, { name }));
  // Shown once: the link is spent.
  const again = await page.context().newPage();
  const answer = await again.goto(new URL(link).pathname);
  expect(answer?.status()).toBe(404);
  await again.close();
  return { page, errors, recoveryCodes };
}

async function invite(admin: Page, language: Language, email: string, role: keyof typeof en.console.roles): Promise<string> {
  const t = text[language];
  await admin.goto("/console/staff");
  await waitForHydration(admin);
  const form = admin.getByRole("region", { name: t.staff.inviteTitle });
  await form.getByLabel(t.fields.email).fill(email);
  await form.getByLabel(t.fields.displayName).fill(email.split("@")[0]!);
  await form.getByRole("checkbox", { name: t.roles[role] }).check();
  await form.getByRole("button", { name: t.staff.invite }).click();
  const link = admin.getByTestId("enrolment-link");
  await link.waitFor();
  return (await link.textContent())!.trim();
}

async function login(page: Page, language: Language, email: string, password: string, code: string): Promise<void> {
  const t = text[language];
  await page.goto("/console/login");
  await waitForHydration(page);
  await page.getByLabel(t.fields.email).fill(email);
  await page.getByLabel(t.fields.password, { exact: true }).fill(password);
  await page.getByLabel(t.fields.code).fill(code);
  await page.getByRole("button", { name: t.login.submit }).click();
}

async function fitsAt320(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(path);
  await waitForHydration(page);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(widths.client);
  violations.push(...(await axeViolations(page, `${path} at 320 px`)));
  await page.setViewportSize(DESKTOP);
}

describe("the operator's console", () => {
  let admin: StaffInBrowser;
  let editor: StaffInBrowser;
  let publisher: StaffInBrowser;

  it("the first admin enrols from the console:admin link in Arabic: password, authenticator, recovery codes, home", async () => {
    const link = await createFirstAdmin(site.server, "admin@e2e.example", "رنا");
    admin = await enrolInBrowser(link, "ar", "رنا");
    expect(admin.recoveryCodes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
    expect(await admin.page.getByRole("navigation", { name: text.ar.nav.label }).getByRole("link", { name: text.ar.nav.staff }).count()).toBe(1);
  });

  it("the admin invites an editor and a publisher; each enrols from their own link (English)", async () => {
    const editorLink = await invite(admin.page, "ar", "editor@e2e.example", "editor");
    const publisherLink = await invite(admin.page, "ar", "publisher@e2e.example", "publisher");
    editor = await enrolInBrowser(editorLink, "en", "editor");
    publisher = await enrolInBrowser(publisherLink, "en", "publisher");
    // Each navigation shows only what exists for the role: the editor's content and images; the publisher's
    // content, images, content files and feedback inbox; no staff or audit pages for either.
    expect(await editor.page.getByRole("navigation", { name: text.en.nav.label }).getByRole("link").allTextContents()).toEqual([text.en.nav.home, text.en.nav.content, text.en.nav.media]);
    expect(await publisher.page.getByRole("navigation", { name: text.en.nav.label }).getByRole("link").allTextContents()).toEqual([text.en.nav.home, text.en.nav.content, text.en.nav.media, text.en.nav.contentFiles, text.en.nav.feedback]);
  });

  it.each(["en", "ar"] as const)("an editor opening the staff page gets a 403 with a localised message (%s)", async (language) => {
    await editor.page.goto(`/console/staff?lang=${language}`);
    await expect.poll(() => editor.page.getByRole("heading", { level: 1 }).textContent()).toBe(text[language].forbiddenTitle);
    expect(await editor.page.getByRole("alert").textContent()).toBe(text[language].errors.ROLE_REQUIRED);
    // The refusal keeps the console's frame: the editor can still sign out.
    expect(await editor.page.getByRole("button", { name: text[language].logout }).count()).toBe(1);
    await editor.page.goto("/console?lang=en");
  });

  it("the editor signs out; five wrong passwords lock the account, and the right password is then refused with the same message", async () => {
    const t = text.en;
    await editor.page.goto("/console");
    await waitForHydration(editor.page);
    await editor.page.getByRole("button", { name: t.logout }).click();
    await editor.page.waitForURL(/\/console\/login$/);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await login(editor.page, "en", "editor@e2e.example", `wrong password ${attempt}`, "123456");
      await expect.poll(() => editor.page.getByRole("alert").textContent()).toBe(t.errors.LOGIN_FAILED);
    }
    await login(editor.page, "en", "editor@e2e.example", STAFF_PASSWORD, editor.recoveryCodes[0]!);
    await expect.poll(() => editor.page.getByRole("alert").textContent()).toBe(t.errors.LOGIN_FAILED);
    expect(editor.page.url()).toMatch(/\/console\/login$/);
    const row = await withClient(site.server.databaseUrl, async (client) => (await client.query("select failed_logins, locked_until > now() as locked from staff_accounts where email = 'editor@e2e.example'")).rows[0]);
    expect(row).toEqual({ failed_logins: 5, locked: true });
  });

  it("a recovery code signs the publisher in once", async () => {
    const t = text.en;
    await publisher.page.getByRole("button", { name: t.logout }).click();
    await publisher.page.waitForURL(/\/console\/login$/);
    const code = publisher.recoveryCodes[2]!;
    await login(publisher.page, "en", "publisher@e2e.example", STAFF_PASSWORD, code);
    await publisher.page.waitForURL(/\/console$/);
    await publisher.page.getByRole("button", { name: t.logout }).click();
    await publisher.page.waitForURL(/\/console\/login$/);
    await login(publisher.page, "en", "publisher@e2e.example", STAFF_PASSWORD, code);
    await expect.poll(() => publisher.page.getByRole("alert").textContent()).toBe(t.errors.LOGIN_FAILED);
    violations.push(...(await axeViolations(publisher.page, "login with its refusal (en)")));
  });

  it("a session idle for 30 minutes ends: the next page is the login", async () => {
    const cookie = (await publisher.page.context().cookies()).find((entry) => entry.name === "console_session");
    expect(cookie).toBeUndefined();
    const cookies = await admin.page.context().cookies();
    const token = cookies.find((entry) => entry.name === "console_session")!.value;
    expect(cookies.find((entry) => entry.name === "console_session")!.sameSite).toBe("Strict");
    await withClient(site.server.databaseUrl, (client) =>
      client.query("update staff_sessions set last_seen_at = now() - interval '31 minutes' where token_hash = $1", [createHash("sha256").update(token).digest("hex")]),
    );
    await admin.page.goto("/console");
    await admin.page.waitForURL(/\/console\/login$/);
  });

  it("the admin signs in again with a recovery code, sees the audit rows and filters them", async () => {
    const t = text.ar;
    await login(admin.page, "ar", "admin@e2e.example", STAFF_PASSWORD, admin.recoveryCodes[5]!);
    await admin.page.waitForURL(/\/console$/);
    await admin.page.goto("/console/audit");
    await waitForHydration(admin.page);
    const rows = admin.page.getByTestId("audit-row");
    await expect.poll(() => rows.count()).toBeGreaterThan(5);
    const all = await rows.allTextContents();
    expect(all.some((row) => row.includes(t.audit.actions["staff.invite"]) && row.includes("admin@e2e.example"))).toBe(true);
    await admin.page.getByLabel(t.audit.action).selectOption("staff.login-failed");
    await admin.page.getByLabel(t.audit.who).fill("editor@");
    await admin.page.getByRole("button", { name: t.audit.apply }).click();
    await admin.page.waitForURL(/action=staff.login-failed/);
    await expect.poll(async () => (await rows.allTextContents()).every((row) => row.includes(t.audit.actions["staff.login-failed"]) && row.includes("editor@e2e.example"))).toBe(true);
    expect(await rows.count()).toBe(5);
    // A client-side step to the home (its data is asked at /console.data) keeps the session.
    await admin.page.getByRole("link", { name: t.nav.home }).click();
    await admin.page.waitForURL(/\/console$/);
    await admin.page.waitForLoadState("networkidle");
    expect(admin.page.url()).toMatch(/\/console$/);
    await admin.page.getByRole("navigation", { name: t.nav.label }).getByRole("link", { name: t.nav.staff }).waitFor();
  });

  it("the console's pages fit 320 px and have no blocking axe violation; no console errors (CSP) anywhere", async () => {
    for (const path of ["/console", "/console/staff", "/console/audit", "/console/staff?lang=en"]) await fitsAt320(admin.page, path);
    await fitsAt320(editor.page, "/console/login");
    expect(blocking(violations), describeViolations(blocking(violations))).toEqual([]);
    // The refusals the test provoked (400 of a wrong login, 403 of the staff page) are the browser's own
    // "Failed to load resource" lines; anything else (a CSP violation, an exception) is a failure.
    const expectedRefusal = /^Failed to load resource: the server responded with a status of 40[034]/;
    for (const staff of [admin, editor, publisher]) expect(staff.errors.filter((error) => !expectedRefusal.test(error))).toEqual([]);
  });
});

/** The console's pages, by what they hold. */
const CONSOLE_PAGES = { staff: "/console/staff", audit: "/console/audit", desk: "/console/desk", feedback: "/console/feedback", content: "/console/content", media: "/console/media" } as const;
type StaffRole = "editor" | "publisher" | "centre agent" | "admin";
/** Each role and the console pages it may not open (an admin here holds no content role). */
const REFUSALS: [StaffRole, (keyof typeof CONSOLE_PAGES)[]][] = [
  ["editor", ["staff", "audit", "desk", "feedback"]],
  ["publisher", ["staff", "desk"]],
  ["centre agent", ["content", "feedback", "media", "staff"]],
  ["admin", ["content", "media", "desk"]],
];
const REFUSAL_CASES = REFUSALS.flatMap(([role, pages]) => pages.map((page) => [role, page] as const)).map(([role, page], index) => [role, page, index % 2 === 0 ? "ar" : "en"] as const);

describe("each role's refusals", () => {
  const browsers = new Map<StaffRole, PageWithErrors>();

  beforeAll(async () => {
    const admin = await enrolOverHttp(site.server, await createFirstAdmin(site.server, "roles-admin@e2e.example"));
    const invite = (email: string, roles: Record<string, string>, centres = "") => inviteAndEnrol(site.server, admin, email, roles, centres);
    const staff: [StaffRole, Enrolled][] = [
      ["editor", await invite("roles-editor@e2e.example", { roleEditor: "on" })],
      ["publisher", await invite("roles-publisher@e2e.example", { rolePublisher: "on" })],
      ["centre agent", await invite("roles-agent@e2e.example", { roleCentreAgent: "on" }, "1")],
      ["admin", admin],
    ];
    for (const [role, enrolled] of staff) {
      const opening = await site.open(DESKTOP);
      const [name, value] = enrolled.cookie.split("=") as [string, string];
      await opening.context.addCookies([{ name, value, url: site.server.url, httpOnly: true, sameSite: "Strict" }]);
      browsers.set(role, opening);
    }
  });
  afterAll(async () => {
    for (const { context } of browsers.values()) await context.close();
  });

  it.each(REFUSAL_CASES)("a staff member who is %s opening the %s page gets the localised 403 page (%s)", async (role, name, language) => {
    const { page } = browsers.get(role)!;
    const t = text[language];
    const answer = await page.goto(`${CONSOLE_PAGES[name]}?lang=${language}`);
    expect(answer?.status()).toBe(403);
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe(language);
    expect(await page.locator("html").getAttribute("dir")).toBe(language === "ar" ? "rtl" : "ltr");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.forbiddenTitle);
    expect(await page.getByRole("alert").textContent()).toBe(t.errors.ROLE_REQUIRED);
    // The refusal keeps the console's frame: the way out is still there.
    expect(await page.getByRole("button", { name: t.logout }).count()).toBe(1);
  });

  it("nothing but the refusals themselves reached the browsers' consoles", () => {
    const expectedRefusal = /^Failed to load resource: the server responded with a status of 403/;
    for (const [role, { errors }] of browsers) expect(errors.filter((error) => !expectedRefusal.test(error)), role).toEqual([]);
  });
});
