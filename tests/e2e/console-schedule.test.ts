// The console's schedule in a real browser, on two instances of one database (issue 17): an editor uploads an
// image and drafts a news item with it in both languages; a publisher schedules the draft to start and to end a
// few seconds later; guests of either instance, in Arabic and English, see the new item (its image loaded) from
// its start, and no longer after its end. The clock is the real one, made short: the scheduler sweeps every
// second and every instance follows a content change within half a second.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { readFile } from "node:fs/promises";
import en from "../../common/i18n/en.json" with { type: "json" };
import { OPERATOR_TIME_ZONE } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { createFirstAdmin, enrolOverHttp, inviteAndEnrol, type Enrolled } from "../support/console.ts";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";
import { DESKTOP, launchBrowser, openPage, waitForHydration } from "./browser.ts";

const ENV = { CONSOLE_LOGINS_PER_IP_15_MIN: "100000", CONTENT_SCHEDULE_SWEEP_SECONDS: "1", CONTENT_VERSION_POLL_SECONDS: "0.5" };
const t = en.console;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const label = (field: keyof typeof t.content.fields, language?: Language) =>
  language ? fill(t.content.inLanguage, { field: t.content.fields[field], language: language === "ar" ? t.content.arabic : t.content.english }) : t.content.fields[field];

let first: TestServer;
let second: TestServer;
let browser: Browser;
let editor: Enrolled;
let publisher: Enrolled;

beforeAll(async () => {
  [first, browser] = await Promise.all([startTestServer({ env: ENV }), launchBrowser()]);
  second = await startTestServer({ env: ENV, sameDatabaseAs: first });
  const admin = await enrolOverHttp(first, await createFirstAdmin(first, "schedule-admin@example.com"));
  editor = await inviteAndEnrol(first, admin, "schedule-editor@example.com", { roleEditor: "on" });
  publisher = await inviteAndEnrol(first, admin, "schedule-publisher@example.com", { rolePublisher: "on" });
});
afterAll(async () => {
  await browser?.close();
  await second?.stop();
  await first?.stop();
});

async function staffPage(staff: Enrolled): Promise<Page> {
  const { page, context } = await openPage(browser, first.url, DESKTOP, "en");
  const [name, value] = staff.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: first.url }]);
  return page;
}

/** `at` as the operator's wall clock for a datetime-local field (yyyy-mm-ddThh:mm:ss). */
const operatorTime = (at: Date) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: OPERATOR_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format(at).replace(" ", "T");

const titles = { ar: "افتتاح متجرنا الجديد في حلب", en: "Our new shop opens in Aleppo" };

describe("a news item scheduled to start and end, seen by guests of both instances", () => {
  it("the editor uploads an image and drafts the item with it; the publisher schedules it; guests see it from its start to its end, in Arabic and English, on both instances", { timeout: 120_000 }, async () => {
    const item = (JSON.parse(await readFile("content/news.json", "utf8")) as { id: number; type: string; titleEn: string }[])[0]!;
    const guestPath = `/news-details/${item.type}/${item.id}`;

    // The editor: an image, then the draft in both languages with it.
    const editing = await staffPage(editor);
    await editing.goto("/console/media");
    await waitForHydration(editing);
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#0e7490" } }).jpeg().toBuffer();
    await editing.getByLabel(fill(t.media.fileLabel, { megabytes: 5 })).setInputFiles({ name: "shop.jpg", mimeType: "image/jpeg", buffer: photo });
    await editing.getByRole("button", { name: t.media.submit }).click();
    const base = await editing.getByLabel(t.media.pathLabel).inputValue();
    expect(base).toMatch(/^\/images\/uploads\/[0-9a-f]{64}$/);
    await editing.goto(`/console/content/news/${item.id}`);
    await waitForHydration(editing);
    await editing.getByLabel(label("title", "ar")).fill(titles.ar);
    await editing.getByLabel(label("title", "en")).fill(titles.en);
    await editing.getByLabel(label("image")).fill(base);
    await editing.getByRole("button", { name: t.content.save }).click();
    await expect.poll(() => editing.getByRole("status").textContent(), { timeout: 15_000 }).toBe(t.content.saved);

    // The publisher: start in a few seconds, end a little later.
    const publishing = await staffPage(publisher);
    await publishing.goto(`/console/content/news/${item.id}`);
    await waitForHydration(publishing);
    // Whole seconds: the form's fields hold seconds, so a time with milliseconds would be cut down to an earlier one.
    const start = new Date(Math.ceil((Date.now() + 8_000) / 1_000) * 1_000);
    const end = new Date(start.getTime() + 14_000);
    await publishing.getByLabel(t.content.publishAt).fill(operatorTime(start));
    await publishing.getByLabel(t.content.endAt).fill(operatorTime(end));
    await publishing.getByRole("button", { name: t.content.schedule, exact: true }).click();
    await expect.poll(() => publishing.getByRole("status").textContent(), { timeout: 15_000 }).toBe(t.content.scheduledDone);

    // Guests: the old item before the start, the new one (with its image) from it, on both instances.
    const guest = (await openPage(browser, first.url, DESKTOP, "en")).page;
    const heading = async (server: TestServer, language: Language) => {
      await guest.goto(`${server.url}${guestPath}?lang=${language}`);
      return (await guest.getByRole("heading", { level: 1 }).count()) > 0 ? guest.getByRole("heading", { level: 1 }).textContent() : null;
    };
    if (Date.now() < start.getTime() - 2_000) expect(await heading(second, "en")).toBe(item.titleEn);
    for (const server of [first, second]) {
      for (const language of ["ar", "en"] as const) {
        await expect.poll(() => heading(server, language), { timeout: 30_000, message: `${server.url} in ${language} after the start` }).toBe(titles[language]);
        expect(Date.now()).toBeGreaterThanOrEqual(start.getTime());
        const image = guest.locator(`img[src^="${base}-"]`).first();
        await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { message: `the image on ${server.url}` }).toBe(true);
      }
    }

    // After the end the item is taken down everywhere: its page is gone on both instances.
    for (const server of [first, second]) {
      await expect.poll(async () => (await send(server.url, `${guestPath}?lang=ar`)).status, { timeout: 40_000, message: `${server.url} after the end` }).toBe(404);
      expect(Date.now()).toBeGreaterThanOrEqual(end.getTime());
    }
  });
});
