// Images and content files in a real browser (issue 17): an editor uploads an image at /console/media in
// Arabic and gets its path; a publisher imports a news.json whose first item shows that image, at
// /console/content-files in English; a guest's news page then shows the uploaded image, loaded (naturalWidth
// > 0). Both console pages fit 320 px, pass axe, and log no browser error (CSP included).
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createFirstAdmin, enrolOverHttp, type Enrolled, inviteAndEnrol } from "../support/console.ts";
import { axeViolations, blocking, describeViolations, type Violation } from "./axe.ts";
import { DESKTOP, type PageWithErrors, siteInBrowser, waitForHydration } from "./browser.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

const site = siteInBrowser({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000", CONTENT_VERSION_POLL_SECONDS: "0.5" } });
let admin: Enrolled;
const violations: Violation[] = [];

const invite = (email: string, roles: Record<string, string>) => inviteAndEnrol(site.server, admin, email, roles);

/** A browser signed in to the console as `staff` (its session cookie), in `language`. */
async function consoleBrowser(staff: Enrolled, language: "ar" | "en"): Promise<PageWithErrors> {
  const opened = await site.open(DESKTOP, language);
  const [name, value] = staff.cookie.split("=") as [string, string];
  await opened.context.addCookies([{ name, value, url: site.server.url }]);
  return opened;
}

async function fitsAt320(page: Page, pathName: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(pathName);
  await waitForHydration(page);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${pathName} scrolls sideways at 320 px`).toBeLessThanOrEqual(widths.client);
  violations.push(...(await axeViolations(page, `${pathName} at 320 px`)));
  await page.setViewportSize(DESKTOP);
}

beforeAll(async () => {
  admin = await enrolOverHttp(site.server, await createFirstAdmin(site.server, "admin@media-e2e.example"));
});

describe("an uploaded image on a guest's news page", () => {
  it("an editor uploads a photo at /console/media in Arabic and gets its path; a publisher imports news.json with it at /console/content-files in English; a guest's news page shows it loaded; both pages pass axe", async () => {
    const base = await uploadAsEditor();
    await importAsPublisherAndSeeAsGuest(base);
    expect(blocking(violations), describeViolations(blocking(violations))).toEqual([]);
  });
});

/** The editor's step: the base path of the uploaded photo. */
async function uploadAsEditor(): Promise<string> {
  const editor = await consoleBrowser(await invite("editor@media-e2e.example", { roleEditor: "on" }), "ar");
  const { page, errors } = editor;
  const t = ar.console.media;
  await page.goto("/console/media");
  await waitForHydration(page);
  expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
  violations.push(...(await axeViolations(page, "/console/media (ar)")));
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#7c3aed" } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><circle cx="800" cy="450" r="300" fill="#fbbf24"/></svg>') }])
    .jpeg()
    .toBuffer();
  await page.getByLabel(fill(t.fileLabel, { megabytes: 5 })).setInputFiles({ name: "حفل-الافتتاح.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: t.submit }).click();
  const pathField = page.getByLabel(t.pathLabel);
  await pathField.waitFor();
  const base = await pathField.inputValue();
  expect(base).toMatch(/^\/images\/uploads\/[0-9a-f]{64}$/);
  const preview = page.getByTestId("uploaded-preview");
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(536);
  violations.push(...(await axeViolations(page, "/console/media after an upload (ar)")));
  await fitsAt320(page, "/console/media");
  expect(errors).toEqual([]);
  return base;
}

/** The publisher's step, then the guest's page. */
async function importAsPublisherAndSeeAsGuest(base: string): Promise<void> {
  const { page, errors } = await consoleBrowser(await invite("publisher@media-e2e.example", { rolePublisher: "on" }), "en");
  const t = en.console.contentFiles;
  await page.goto("/console/content-files");
  await waitForHydration(page);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t.title);
  violations.push(...(await axeViolations(page, "/console/content-files (en)")));
  const news = JSON.parse(readFileSync(path.join(rootDir, "content", "news.json"), "utf8")) as { id: number; type: string; image: string | null }[];
  const item = news.find((entry) => entry.id === 1)!;
  item.image = base;
  await page.getByLabel(t.fileLabel).setInputFiles({ name: "news.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(news, null, 2)) });
  await page.getByRole("button", { name: t.submit, exact: true }).click();
  await expect.poll(() => page.getByTestId("changed-items").textContent()).toBe("1");
  await fitsAt320(page, "/console/content-files");
  expect(errors).toEqual([]);

  const guest = await site.open(DESKTOP, "en");
  const image = guest.page.locator(`img[src^="${base}-"]`).first();
  await expect
    .poll(
      async () => {
        await guest.page.goto(`/news-details/${item.type}/${item.id}`);
        return image.count();
      },
      { timeout: 15_000, message: "the guest's news page shows the uploaded image (the page cache follows the content version)" },
    )
    .toBe(1);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  expect(guest.errors).toEqual([]);
}
