// The console's reservation desk and feedback inbox in a real browser (issue 17): a centre agent on a phone, in
// Arabic, looks up a subscriber's reservation, is told to tick the ID check, ticks it and marks the SIM
// collected; a publisher on a desktop, in English, opens a guest's feedback from the inbox, reads it, downloads
// its attachment and marks it handled with a note; the same in the other language and width (an agent cancels
// a hold found by its number, after confirming; a publisher finds a message by its reference and is asked for
// a note); another city's hold is refused as an unknown one. The pages pass axe and fit 320 px. The reservation and the
// feedback come through the public API; the staff enrol over HTTP (their enrolment in a browser is
// tests/e2e/console.test.ts) and their session cookie is given to the browser.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { createFirstAdmin, enrolOverHttp, type Enrolled, inviteAndEnrol } from "../support/console.ts";
import { withClient } from "../support/database.ts";
import { insertSession, postForm } from "../support/subscriber.ts";
import { api } from "../support/test-server.ts";
import { axeViolations, blocking, describeViolations, type Violation } from "./axe.ts";
import { DESKTOP, type PageWithErrors, PHONE, siteInBrowser, waitForHydration } from "./browser.ts";

const text = { ar: ar.console, en: en.console } as const;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("a small image of a signal map")]);

const site = siteInBrowser({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000" } });
let publisher: Enrolled;
let agent: Enrolled;
const violations: Violation[] = [];
const opened: PageWithErrors[] = [];

beforeAll(async () => {
  const admin = await enrolOverHttp(site.server, await createFirstAdmin(site.server, "admin@desk.example"));
  const invite = (email: string, roles: Record<string, string>, centres = "") => inviteAndEnrol(site.server, admin, email, roles, centres);
  publisher = await invite("publisher@desk.example", { rolePublisher: "on" });
  agent = await invite("agent@desk.example", { roleCentreAgent: "on" }, "1");
});

/** A browser signed in to the console as `staff`, at `viewport`, in `language`. */
async function consoleBrowser(staff: Enrolled, viewport: { width: number; height: number }, language: Language): Promise<Page> {
  const opening = await site.open(viewport, language);
  const [name, value] = staff.cookie.split("=") as [string, string];
  await opening.context.addCookies([{ name, value, url: site.server.url, httpOnly: true, sameSite: "Strict" }]);
  opened.push(opening);
  return opening.page;
}

async function fitsAt320(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(path);
  await waitForHydration(page);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(widths.client);
  violations.push(...(await axeViolations(page, `${path} at 320 px`)));
}

describe("the reservation desk and the feedback inbox", () => {
  let reference = "";
  let gsm = "";
  let feedbackReference = "";

  it("an agent on a phone, in Arabic, finds a reservation by its reference and marks it collected after ticking the ID check", async () => {
    const client = api(site.server);
    const available = (await client.get("/core/api/numbers/available?pattern=7&size=5", "ar")).json<{ data: { data: { gsm: string }[] } }>().data.data;
    gsm = available[0]!.gsm;
    const subscriber = await insertSession(site.server.databaseUrl);
    const reserved = await postForm(site.server, "/core/api/reservations", { gsm, fullName: "سامر خوري", cityId: "1", birthDate: "1991-03-07", lineType: "prepaid" }, { token: subscriber.token, language: "ar" });
    expect(reserved.status, reserved.text).toBe(200);
    reference = reserved.json<{ data: { reference: string } }>().data.reference;

    const t = text.ar;
    const page = await consoleBrowser(agent, PHONE, "ar");
    await page.goto("/console");
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByRole("navigation", { name: t.nav.label }).getByRole("link", { name: t.nav.desk }).click();
    await page.waitForURL(/\/console\/desk$/);
    await page.getByLabel(t.desk.lookup).fill(reference.toLowerCase());
    await page.getByRole("button", { name: t.desk.find }).click();
    const hold = page.getByRole("article", { name: new RegExp(reference) });
    await hold.waitFor();
    expect(await hold.textContent()).toContain("سامر خوري");
    violations.push(...(await axeViolations(page, "the desk with a hold (ar, phone)")));

    await hold.getByRole("button", { name: t.desk.collect }).click();
    await expect.poll(() => hold.getByText(t.validation.idCheckRequired).count(), { message: "the tick's message under the tick" }).toBe(1);
    expect(await withClient(site.server.databaseUrl, async (db) => (await db.query("select state from number_reservations where reference = $1", [reference])).rows[0].state)).toBe("active");

    await hold.getByRole("checkbox", { name: t.desk.idChecked }).check();
    await hold.getByRole("button", { name: t.desk.collect }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: fill(t.desk.collectedDone, { reference }) }).count()).toBe(1);
    await expect.poll(() => withClient(site.server.databaseUrl, async (db) => (await db.query("select state from number_inventory where gsm = $1", [gsm])).rows[0].state)).toBe("taken");
    // The hold now reads as collected, with nothing left to do.
    await expect.poll(() => hold.getByRole("button", { name: t.desk.collect }).count()).toBe(0);
    expect(await hold.textContent()).toContain(ar.reservation.states.collected);
    violations.push(...(await axeViolations(page, "the desk after collecting (ar, phone)")));
    await fitsAt320(page, `/console/desk?q=${reference}`);
  });

  it("a publisher on a desktop, in English, reads a feedback, downloads its attachment and marks it handled", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ fullName: "Huda Saleh", gsm: "0944123456", email: "huda@example.com", description: "The signal drops every evening near the university.", evaluation: "2" })) body.set(name, value);
    body.set("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "signal.png");
    const sent = await fetch(`${site.server.url}/customerCare/api/feedback`, { method: "POST", body });
    expect(sent.status).toBe(200);
    feedbackReference = ((await sent.json()) as { data: { reference: string } }).data.reference;

    const t = text.en;
    const page = await consoleBrowser(publisher, DESKTOP, "en");
    await page.goto("/console");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: t.nav.label }).getByRole("link", { name: t.nav.feedback }).click();
    await page.waitForURL(/\/console\/feedback$/);
    violations.push(...(await axeViolations(page, "the feedback inbox (en)")));
    await page.getByRole("link", { name: feedbackReference }).click();
    await page.waitForURL(new RegExp(`/console/feedback/${feedbackReference}$`));
    expect(await page.getByTestId("feedback-description").textContent()).toBe("The signal drops every evening near the university.");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("attachment-link").click()]);
    expect(download.suggestedFilename()).toBe(`${feedbackReference}.png`);
    expect((await readFile((await download.path())!)).equals(PNG)).toBe(true);

    await page.getByLabel(fill(t.feedback.note, { max: "1000" })).fill("Called the guest; a technician visits on Sunday.");
    await page.getByRole("button", { name: t.feedback.markHandled }).click();
    await expect.poll(() => page.getByTestId("handled").textContent()).toContain("Called the guest; a technician visits on Sunday.");
    expect(await page.getByTestId("handled").textContent()).toContain("publisher");
    violations.push(...(await axeViolations(page, "a handled feedback (en)")));
    const handled = await withClient(site.server.databaseUrl, async (db) => (await db.query("select handled_note from feedback where reference = $1", [feedbackReference])).rows[0].handled_note);
    expect(handled).toBe("Called the guest; a technician visits on Sunday.");
  });

  it("an agent on a desktop, in English, finds a hold by its number typed in Arabic-Indic digits and cancels it after confirming", async () => {
    const client = api(site.server);
    const available = (await client.get("/core/api/numbers/available?pattern=7&size=5", "en")).json<{ data: { data: { gsm: string }[] } }>().data.data;
    const number = available.find((candidate) => candidate.gsm !== gsm)!.gsm;
    const subscriber = await insertSession(site.server.databaseUrl);
    const reserved = await postForm(site.server, "/core/api/reservations", { gsm: number, fullName: "Rami Nasser", cityId: "1", birthDate: "1985-01-02", lineType: "postpaid" }, { token: subscriber.token, language: "en" });
    expect(reserved.status, reserved.text).toBe(200);
    const holdReference = reserved.json<{ data: { reference: string } }>().data.reference;

    const t = text.en;
    const page = await consoleBrowser(agent, DESKTOP, "en");
    await page.goto("/console/desk");
    await waitForHydration(page);
    await page.getByLabel(t.desk.lookup).fill(number.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit))));
    await page.getByLabel(t.desk.lookup).press("Enter");
    const hold = page.getByRole("article", { name: new RegExp(holdReference) });
    await hold.waitFor();
    expect(await hold.textContent()).toContain("Rami Nasser");
    // The first time the agent thinks better of it; the second time they confirm.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await hold.getByRole("button", { name: t.desk.cancel }).click();
    expect(await withClient(site.server.databaseUrl, async (db) => (await db.query("select state from number_reservations where reference = $1", [holdReference])).rows[0].state)).toBe("active");
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(fill(t.desk.confirmCancel, { reference: holdReference }));
      void dialog.accept();
    });
    await hold.getByRole("button", { name: t.desk.cancel }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: fill(t.desk.cancelledDone, { reference: holdReference }) }).count()).toBe(1);
    await expect.poll(() => withClient(site.server.databaseUrl, async (db) => (await db.query("select state from number_inventory where gsm = $1", [number])).rows[0].state)).toBe("available");
    violations.push(...(await axeViolations(page, "the desk after cancelling (en, desktop)")));
  });

  it.each(["ar", "en"] as const)("an agent looking up another city's hold, or an unknown reference, is refused (403) with one message that does not say which (%s)", async (language) => {
    const client = api(site.server);
    const available = (await client.get("/core/api/numbers/available?pattern=5&size=5", language)).json<{ data: { data: { gsm: string }[] } }>().data.data;
    const subscriber = await insertSession(site.server.databaseUrl);
    // A hold of Aleppo (city 2); the agent's centre is in Damascus.
    const reserved = await postForm(site.server, "/core/api/reservations", { gsm: available[0]!.gsm, fullName: "Lina Aleppo", cityId: "2", birthDate: "1990-05-06", lineType: "prepaid" }, { token: subscriber.token, language });
    expect(reserved.status, reserved.text).toBe(200);
    const elsewhere = reserved.json<{ data: { reference: string } }>().data.reference;

    const t = text[language];
    const page = await consoleBrowser(agent, DESKTOP, language);
    for (const lookup of [elsewhere, "R-ZZZZZZZZ"]) {
      const answer = await page.goto(`/console/desk?q=${lookup}`);
      expect(answer?.status(), lookup).toBe(403);
      await waitForHydration(page);
      expect(await page.getByRole("alert").textContent(), lookup).toBe(t.errors.RESERVATION_NOT_AT_YOUR_CENTRES);
      expect(await page.getByRole("article").count(), lookup).toBe(0);
    }
    expect(await page.content()).not.toContain("Lina Aleppo");
  });

  it("a publisher on a phone, in Arabic, is asked for a note before a message is marked handled", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ fullName: "سلمى حداد", gsm: "0955123456", email: "salma@example.com", description: "الفاتورة وصلت مرتين هذا الشهر، أرجو التحقق.", evaluation: "3" })) body.set(name, value);
    body.set("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "bill.png");
    const sent = await fetch(`${site.server.url}/customerCare/api/feedback`, { method: "POST", body, headers: { "accept-language": "ar" } });
    const reference = ((await sent.json()) as { data: { reference: string } }).data.reference;

    const t = text.ar;
    const page = await consoleBrowser(publisher, PHONE, "ar");
    await page.goto("/console/feedback");
    await waitForHydration(page);
    // Typed as a guest reads it out: small letters and Arabic-Indic digits.
    await page.getByLabel(t.feedback.search).fill(reference.toLowerCase().replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit))));
    await page.getByRole("button", { name: t.feedback.apply }).click();
    await page.waitForURL(new RegExp(`/console/feedback/${reference}$`));
    expect(await page.getByTestId("feedback-description").textContent()).toBe("الفاتورة وصلت مرتين هذا الشهر، أرجو التحقق.");
    await page.getByRole("button", { name: t.feedback.markHandled }).click();
    await expect.poll(() => page.getByText(t.validation.noteRequired).count()).toBe(1);
    await page.getByLabel(fill(t.feedback.note, { max: "1000" })).fill("تم تصحيح الفاتورة.");
    await page.getByRole("button", { name: t.feedback.markHandled }).click();
    await expect.poll(() => page.getByTestId("handled").textContent()).toContain("تم تصحيح الفاتورة.");
    violations.push(...(await axeViolations(page, "a handled feedback (ar, phone)")));
  });

  it("the inbox and a message fit 320 px in Arabic; no blocking axe violation; no console errors anywhere", async () => {
    const page = await consoleBrowser(publisher, PHONE, "ar");
    for (const path of ["/console/feedback?state=all", `/console/feedback/${feedbackReference}`]) await fitsAt320(page, path);
    expect(blocking(violations), describeViolations(blocking(violations))).toEqual([]);
    // The refused collect without the tick (400) and the refused lookups (403) are the browser's own "Failed to
    // load resource" lines.
    const expectedRefusal = /^Failed to load resource: the server responded with a status of 40[03]/;
    for (const { errors } of opened) expect(errors.filter((error) => !expectedRefusal.test(error))).toEqual([]);
  });
});
