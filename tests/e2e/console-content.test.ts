// The console's content in a real browser (issue 17): an editor drafts an offer in both languages (the
// Arabic and English fields side by side, each in its own direction); a publisher previews the draft as a
// guest will see it (frames of 390 and 1280 px, Arabic and English) and publishes it; a guest's page then
// shows it; a rollback restores the old text; the pages pass axe and fit 320 px.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { createFirstAdmin, enrolOverHttp, type Enrolled, inviteAndEnrol } from "../support/console.ts";
import { axeViolations, blocking, describeViolations, type Violation } from "./axe.ts";
import { DESKTOP, siteInBrowser, waitForHydration } from "./browser.ts";

const text = { ar: ar.console, en: en.console } as const;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

const site = siteInBrowser({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000", CONTENT_VERSION_POLL_SECONDS: "1" } });
let editorSession: Enrolled;
let publisherSession: Enrolled;
const violations: Violation[] = [];
const errors: string[] = [];

const invite = (admin: Enrolled, email: string, role: string) => inviteAndEnrol(site.server, admin, email, { [role]: "on" });

beforeAll(async () => {
  const admin = await enrolOverHttp(site.server, await createFirstAdmin(site.server, "e2e-content-admin@example.com"));
  editorSession = await invite(admin, "e2e-editor@example.com", "roleEditor");
  publisherSession = await invite(admin, "e2e-publisher@example.com", "rolePublisher");
});

/** A browser page signed in to the console with `session`, in `language`. */
async function staffPage(session: Enrolled, language: Language, viewport = DESKTOP): Promise<Page> {
  const opened = await site.open(viewport, language);
  const [name, value] = session.cookie.split("=") as [string, string];
  await opened.context.addCookies([{ name, value, url: site.server.url }]);
  opened.page.on("pageerror", (error) => errors.push(String(error)));
  return opened.page;
}

const fieldLabel = (language: Language, field: keyof typeof en.console.content.fields, inLanguage?: Language) => {
  const t = text[language].content;
  return inLanguage ? fill(t.inLanguage, { field: t.fields[field], language: inLanguage === "ar" ? t.arabic : t.english }) : t.fields[field];
};

describe("an offer from draft to guests", () => {
  let offer: Record<string, unknown>;
  const draft = { ar: "عرض نهاية الأسبوع: ثلاثة أضعاف الإنترنت", en: "Weekend triple data" };
  const guestPath = () => `/offer-details/${String(offer.type)}/${String(offer.id)}`;

  it("the editor drafts the offer in both languages, side by side, each field in its direction; guests still see the old one", async () => {
    offer = (JSON.parse(await readFile("content/offers.json", "utf8")) as Record<string, unknown>[])[0]!;
    const page = await staffPage(editorSession, "en");
    await page.goto(`/console/content`);
    await waitForHydration(page);
    await page.getByRole("link", { name: text.en.content.kinds.offers }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe(text.en.content.kinds.offers);
    await page.getByRole("link", { name: fill(text.en.content.open, { key: String(offer.id), title: String(offer.titleEn) }) }).click();
    const arabicTitle = page.getByLabel(fieldLabel("en", "title", "ar"));
    const englishTitle = page.getByLabel(fieldLabel("en", "title", "en"));
    await arabicTitle.waitFor();
    expect(await arabicTitle.getAttribute("dir")).toBe("rtl");
    expect(await arabicTitle.getAttribute("lang")).toBe("ar");
    expect(await englishTitle.getAttribute("dir")).toBe("ltr");
    // Side by side at desktop width: the two inputs share a row.
    const [arBox, enBox] = [await arabicTitle.boundingBox(), await englishTitle.boundingBox()];
    expect(Math.abs(arBox!.y - enBox!.y)).toBeLessThan(5);
    await arabicTitle.fill(draft.ar);
    await englishTitle.fill(draft.en);
    await page.getByRole("button", { name: text.en.content.save }).click();
    await expect.poll(() => page.getByRole("status").textContent(), { timeout: 15_000 }).toBe(text.en.content.saved);
    // An editor has no publish button.
    expect(await page.getByRole("button", { name: text.en.content.saveAndPublish }).count()).toBe(0);
    violations.push(...(await axeViolations(page, "content item (editor, en)")));
    const guest = await site.warmPage(DESKTOP, "en");
    await guest.page.goto(guestPath());
    expect(await guest.page.getByRole("heading", { level: 1 }).textContent()).toBe(offer.titleEn);
    await guest.release();
  });

  it("the publisher previews the draft as guests will see it, at 390 and 1280 px, in Arabic and English, and publishes it", async () => {
    const page = await staffPage(publisherSession, "ar");
    await page.goto(`/console/content/offers/${String(offer.id)}`);
    await waitForHydration(page);
    for (const language of ["ar", "en"] as const) {
      if (language === "en") await page.getByRole("navigation", { name: text.ar.content.previewLanguage }).getByRole("link", { name: text.ar.content.english }).click();
      for (const width of [390, 1280]) {
        const frame = page.frameLocator(`[data-testid="preview-${width}"]`);
        await expect.poll(() => frame.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000, message: `preview ${width} px, ${language}` }).toBe(draft[language]);
        expect(await frame.locator("html").getAttribute("dir")).toBe(language === "ar" ? "rtl" : "ltr");
        expect(await frame.locator("html").evaluate((element) => element.ownerDocument.defaultView!.innerWidth)).toBe(width);
      }
    }
    violations.push(...(await axeViolations(page, "content item with preview (publisher, ar)")));
    await page.getByRole("button", { name: text.ar.content.saveAndPublish }).click();
    await expect.poll(() => page.getByRole("status").textContent(), { timeout: 15_000 }).toBe(text.ar.content.published);
    const guest = await site.warmPage(DESKTOP, "ar");
    await expect.poll(async () => {
      await guest.page.goto(guestPath());
      return guest.page.getByRole("heading", { level: 1 }).textContent();
    }, { timeout: 15_000 }).toBe(draft.ar);
    await guest.release();
  });

  it("the publisher rolls back to the imported version: guests see the old text again", async () => {
    const page = await staffPage(publisherSession, "en");
    await page.goto(`/console/content/offers/${String(offer.id)}`);
    await waitForHydration(page);
    const history = page.getByRole("region", { name: text.en.content.historyLabel });
    const rollbackButtons = history.getByRole("button");
    expect(await rollbackButtons.count()).toBe(1);
    // The diff of the two versions names the changed titles.
    await page.getByRole("button", { name: text.en.content.compare }).click();
    await expect.poll(() => page.getByTestId("diff-titleEn").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId("diff-titleEn").textContent()).toContain(draft.en);
    await rollbackButtons.click();
    await expect.poll(() => page.getByRole("status").textContent(), { timeout: 15_000 }).toBe(text.en.content.rolledBack);
    const guest = await site.warmPage(DESKTOP, "en");
    await expect.poll(async () => {
      await guest.page.goto(guestPath());
      return guest.page.getByRole("heading", { level: 1 }).textContent();
    }, { timeout: 15_000 }).toBe(offer.titleEn);
    await guest.release();
  });

  it.each(["ar", "en"] as const)("the content pages fit 320 px and pass axe (%s)", async (language) => {
    const page = await staffPage(publisherSession, language, { width: 320, height: 800 });
    for (const path of ["/console/content?q=offer", "/console/content/offers", `/console/content/offers/${String(offer.id)}`, "/console/content/bundles/new"]) {
      await page.goto(path);
      await waitForHydration(page);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(widths.client);
      violations.push(...(await axeViolations(page, `${path} at 320 px (${language})`)));
    }
  });

  it("no blocking axe violation on any content page, and no script error", () => {
    expect(blocking(violations), describeViolations(blocking(violations))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
