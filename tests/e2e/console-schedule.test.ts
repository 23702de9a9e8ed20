// The console's schedule in a real browser, on two instances of one database, with a clock the test moves
// (issue 17): an editor uploads an image and drafts an offer with it in both languages; a publisher previews
// the draft in both languages and schedules it to start tomorrow and end the day after (the operator's
// time); guests of either instance, in Arabic and English, see the old offer until the test moves the
// content clock past the start, then the new one with its banner loaded, and after the end no offer at all;
// the page and the list with the banner fit 320–1440 px; an admin finds the scheduler's publish and end in the
// audit log. Both instances read the same CONTENT_CLOCK_FILE, so they follow each move at their next sweep
// (every second here); the offer runs from tomorrow, so each instance lists it only by its own moved clock.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, FrameLocator, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import en from "../../common/i18n/en.json" with { type: "json" };
import { calendarDay, DEFAULT_OPERATOR_TIME_ZONE } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { instantOfLocalTime } from "../../common/zoned-time.ts";
import { createFirstAdmin, enrolOverHttp, inviteAndEnrol, type Enrolled } from "../support/console.ts";
import { afterRuns, METRICS_ENV } from "../support/periodic.ts";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";
import { DESKTOP, openPage, siteInBrowser, waitForHydration } from "./browser.ts";

const clockFolder = mkdtempSync(path.join(os.tmpdir(), "content-clock-"));
const clockFile = path.join(clockFolder, "seconds-ahead");
const ENV = { CONSOLE_LOGINS_PER_IP_15_MIN: "100000", CONTENT_SCHEDULE_SWEEP_SECONDS: "1", CONTENT_VERSION_POLL_SECONDS: "0.5", CONTENT_CLOCK_FILE: clockFile, ...METRICS_ENV };
const t = en.console;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const label = (field: keyof typeof t.content.fields, language?: Language) =>
  language ? fill(t.content.inLanguage, { field: t.content.fields[field], language: language === "ar" ? t.content.arabic : t.content.english }) : t.content.fields[field];

/** Moves the servers' content clock so that it reads `at` now (written whole: a server never reads half a number). */
function moveContentClockTo(at: Date): void {
  writeFileSync(`${clockFile}.next`, `${(at.getTime() - Date.now()) / 1000}\n`);
  renameSync(`${clockFile}.next`, clockFile);
}

/** The day `days` after the operator's today (yyyy-mm-dd). */
const operatorDayAfter = (days: number) => {
  const [year, month, day] = calendarDay(new Date(), DEFAULT_OPERATOR_TIME_ZONE).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

let first: TestServer;
let second: TestServer;
let browser: Browser;
let admin: Enrolled;
let editor: Enrolled;
let publisher: Enrolled;

// The first instance is the file's site (its own server, and the file's browser); the second shares its database.
const site = siteInBrowser({ env: ENV });
beforeAll(async () => {
  [first, browser] = [site.server, site.browser];
  second = await startTestServer({ env: ENV, sameDatabaseAs: first });
  admin = await enrolOverHttp(first, await createFirstAdmin(first, "schedule-admin@example.com"));
  editor = await inviteAndEnrol(first, admin, "schedule-editor@example.com", { roleEditor: "on" });
  publisher = await inviteAndEnrol(first, admin, "schedule-publisher@example.com", { rolePublisher: "on" });
});
afterAll(async () => {
  await second?.stop();
  rmSync(clockFolder, { recursive: true, force: true });
});

async function staffPage(staff: Enrolled): Promise<Page> {
  const { page, context } = await openPage(browser, first.url, DESKTOP, "en");
  const [name, value] = staff.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: first.url }]);
  return page;
}

/** Whether the image has arrived and decoded (not a broken image). */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

const titles = { ar: "عرض الافتتاح: 5 غيغابايت مجاناً مع *150#", en: "Opening offer: 5 GB free" };

describe("an offer scheduled to start tomorrow and end the day after, on a clock the test moves, seen by guests of both instances", () => {
  it("the editor drafts the offer with an image; the publisher previews and schedules it; guests see the old offer, then the new one from its start, then none after its end, in Arabic and English on both instances; the audit has the scheduler's rows", { timeout: 180_000 }, async () => {
    const offer = (JSON.parse(await readFile("content/offers.json", "utf8")) as { id: number; type: string; titleAr: string; titleEn: string; image: string | null }[])[0]!;
    expect(offer.image, "the seeded offer has no banner yet").toBeNull();
    const guestPath = `/offer-details/${offer.type}/${offer.id}`;

    // The editor: an image, then the offer's draft in both languages with it.
    const editing = await staffPage(editor);
    await editing.goto("/console/media");
    await waitForHydration(editing);
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#0e7490" } }).jpeg().toBuffer();
    await editing.getByLabel(fill(t.media.fileLabel, { megabytes: 5 })).setInputFiles({ name: "banner.jpg", mimeType: "image/jpeg", buffer: photo });
    await editing.getByRole("button", { name: t.media.submit }).click();
    const base = await editing.getByLabel(t.media.pathLabel).inputValue();
    expect(base).toMatch(/^\/images\/uploads\/[0-9a-f]{64}$/);
    await editing.goto(`/console/content/offers/${offer.id}`);
    await waitForHydration(editing);
    await editing.getByLabel(label("title", "ar")).fill(titles.ar);
    await editing.getByLabel(label("title", "en")).fill(titles.en);
    await editing.getByLabel(label("image")).fill(base);
    // It runs from tomorrow (the operator's day): an instance lists it only once its own clock has moved.
    await editing.getByLabel(label("validFrom")).fill(operatorDayAfter(1));
    await editing.getByLabel(label("validTo")).fill(operatorDayAfter(2));
    await editing.getByRole("button", { name: t.content.save }).click();
    await expect.poll(() => editing.getByRole("status").textContent(), { timeout: 15_000 }).toBe(t.content.saved);

    // The publisher: the preview as guests will see it, in both languages, banner included.
    const publishing = await staffPage(publisher);
    await publishing.goto(`/console/content/offers/${offer.id}`);
    await waitForHydration(publishing);
    for (const language of ["ar", "en"] as const) {
      if (language === "en") await publishing.getByRole("navigation", { name: t.content.previewLanguage }).getByRole("link", { name: t.content.english }).click();
      for (const width of [390, 1280]) {
        const frame: FrameLocator = publishing.frameLocator(`[data-testid="preview-${width}"]`);
        await expect.poll(() => frame.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000, message: `preview ${width} px, ${language}` }).toBe(titles[language]);
        expect(await frame.locator("html").getAttribute("lang")).toBe(language);
        await expect.poll(() => loaded(frame.locator(`img[src^="${base}-"]`)), { message: `the banner in the preview ${width} px, ${language}` }).toBe(true);
      }
    }

    // Scheduled for tomorrow 09:00 until the day after 09:00, the operator's time.
    const startLocal = `${operatorDayAfter(1)}T09:00`;
    const endLocal = `${operatorDayAfter(2)}T09:00`;
    const start = instantOfLocalTime(startLocal, DEFAULT_OPERATOR_TIME_ZONE);
    const end = instantOfLocalTime(endLocal, DEFAULT_OPERATOR_TIME_ZONE);
    await publishing.getByLabel(t.content.publishAt).fill(startLocal);
    await publishing.getByLabel(t.content.endAt).fill(endLocal);
    await publishing.getByRole("button", { name: t.content.schedule, exact: true }).click();
    await expect.poll(() => publishing.getByRole("status").textContent(), { timeout: 15_000 }).toBe(t.content.scheduledDone);

    // Guests, before the start: the old offer, without a banner, on both instances, in both languages.
    const guest = (await openPage(browser, first.url, DESKTOP, "en")).page;
    const heading = async (server: TestServer, language: Language) => {
      await guest.goto(`${server.url}${guestPath}?lang=${language}`);
      return (await guest.getByRole("heading", { level: 1 }).count()) > 0 ? guest.getByRole("heading", { level: 1 }).textContent() : null;
    };
    const oldTitles = { ar: offer.titleAr, en: offer.titleEn };
    // Two sweeps of each instance go by first, then two looks at the content version (which empties the page
    // cache): a schedule due now would have been published by then, and shown.
    await afterRuns([first, second], "content-schedule", 2);
    await afterRuns([first, second], "content-version", 2);
    for (const server of [first, second]) {
      for (const language of ["ar", "en"] as const) {
        expect(await heading(server, language), `${server.url} in ${language} before the start`).toBe(oldTitles[language]);
        expect(await guest.locator(`img[src^="${base}-"]`).count()).toBe(0);
      }
    }

    // The clock a minute past the start: the new offer with its banner, everywhere.
    moveContentClockTo(new Date(start.getTime() + 60_000));
    for (const server of [first, second]) {
      for (const language of ["ar", "en"] as const) {
        await expect.poll(() => heading(server, language), { timeout: 30_000, message: `${server.url} in ${language} after the start` }).toBe(titles[language]);
        const banner = guest.locator(`img[src^="${base}-"]`).first();
        await expect.poll(() => loaded(banner), { message: `the banner on ${server.url} in ${language}` }).toBe(true);
        // Sized before it arrives (no layout shift), in the sizes the upload was made in.
        expect([await banner.getAttribute("width"), await banner.getAttribute("height")]).toEqual(["1600", "900"]);
        expect(await banner.getAttribute("srcset")).toBe(`${base}-536.jpg 536w, ${base}-767.jpg 767w, ${base}-1200.jpg 1200w`);
      }
      expect(await guest.getByText(en.offers.ended).count(), "the offer is running, not ended").toBe(0);
      // The offers list of this instance has it (from tomorrow, by this instance's clock), its card with the banner.
      await guest.goto(`${server.url}/offers?lang=en`);
      const card = guest.getByRole("article", { name: titles.en });
      await expect.poll(() => loaded(card.locator(`img[src^="${base}-"]`)), { message: `the card's banner on ${server.url}` }).toBe(true);
    }

    // With its banner, the offer's page and the list fit every width without scrolling sideways.
    for (const width of [320, 768, 1440]) {
      await guest.setViewportSize({ width, height: 900 });
      for (const pagePath of [guestPath, "/offers"]) {
        await guest.goto(`${first.url}${pagePath}?lang=ar`);
        const widths = await guest.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(widths.scroll, `${pagePath} scrolls sideways at ${width} px`).toBeLessThanOrEqual(widths.client);
      }
    }
    await guest.setViewportSize(DESKTOP);

    // The clock a minute past the end: the offer is taken down, its page gone on both instances.
    moveContentClockTo(new Date(end.getTime() + 60_000));
    for (const server of [first, second]) {
      for (const language of ["ar", "en"] as const) {
        await expect.poll(async () => (await send(server.url, `${guestPath}?lang=${language}`)).status, { timeout: 30_000, message: `${server.url} in ${language} after the end` }).toBe(404);
      }
      await guest.goto(`${server.url}/offers?lang=en`);
      expect(await guest.getByRole("article", { name: titles.en }).count()).toBe(0);
    }

    // The admin: the scheduler's publish and end, once each (two instances swept, one changed it).
    const auditing = await staffPage(admin);
    for (const action of ["content.scheduled-publish", "content.scheduled-end"] as const) {
      await auditing.goto("/console/audit");
      await waitForHydration(auditing);
      await auditing.getByRole("combobox", { name: t.audit.action }).selectOption({ label: t.audit.actions[action] });
      await auditing.getByRole("button", { name: t.audit.apply }).click();
      await auditing.waitForURL((url) => url.searchParams.get("action") === action);
      const row = auditing.getByTestId("audit-row");
      await expect.poll(() => row.count(), { timeout: 15_000, message: `the audit filtered by ${action}` }).toBe(1);
      expect(await auditing.getByText(fill(t.audit.count_one, { count: 1 }), { exact: true }).count()).toBe(1);
      const cells = await row.getByRole("cell").allTextContents();
      expect(cells[1]).toContain(t.audit.scheduler);
      expect(cells[2]).toBe(t.audit.actions[action]);
      expect(cells[3]).toBe(`offers:${offer.id}`);
    }
    expect([...first.errors(), ...second.errors()]).toEqual([]);
  });
});
