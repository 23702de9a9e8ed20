// Public content in real Chromium: a crawl from /home through every internal link in both languages
// (status 200, a title, no console error, no broken link), the share dialog, the site search with Arabic
// spelling variants, the roaming and FAQ filters, the service-centre city filter, and the feedback form with
// each message and a good file. (Every kind of page at every width from 320 px: site-walk.ts.)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { demoContent } from "../support/contract.ts";
import { DESKTOP, expectFocusBackOn, PHONE, siteInBrowser, waitForHydration } from "./browser.ts";
import { FIXED_PATHS, OTHER_COMPANY_PATHS } from "./site-paths.ts";

const catalogs = { ar, en } as const;
/** Paths a crawl does not follow: subscriber pages (a guest is sent home), resource routes, and the dev tools. */
const NOT_CRAWLED = /^\/(profile|call-forward|super-clip|call-barring|hotline|reserve-number|account\/|line-features\/|dev\/)/i;
/** Above this, a crawl that keeps finding pages has gone wrong (a link loop with changing URLs). */
const MAX_PAGES = 400;

const site = siteInBrowser();

/** What the crawl follows of `url` (a link's target, a redirect's): its path and query, or null when it is not ours to crawl. */
function crawlPath(url: URL, origin: string): string | null {
  if (url.origin !== origin) return null;
  url.hash = "";
  url.searchParams.delete("lang");
  return NOT_CRAWLED.test(url.pathname) ? null : url.pathname + url.search;
}

/** What a crawl reads of a page: its title, the language of its document, and the targets of its links. */
interface PageFacts {
  title: string;
  lang: string | null;
  hrefs: string[];
}

/** The facts of the page loaded in `page`, as the browser has it. */
function loadedPageFacts(page: Page): Promise<PageFacts> {
  return page.evaluate(() => ({
    title: document.title,
    lang: document.documentElement.getAttribute("lang"),
    hrefs: [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((anchor) => anchor.href),
  }));
}

/**
 * The facts of the server's HTML for `url`, read by the browser's own HTML parser (DOMParser: nothing loads, no script
 * runs), with each link resolved against `url`.
 */
function servedPageFacts(page: Page, html: string, url: string): Promise<PageFacts> {
  return page.evaluate(
    ({ html, url }) => {
      const document = new DOMParser().parseFromString(html, "text/html");
      return {
        title: document.title,
        lang: document.documentElement.getAttribute("lang"),
        hrefs: [...document.querySelectorAll("a[href]")].map((anchor) => new URL(anchor.getAttribute("href")!, url).href),
      };
    },
    { html, url },
  );
}

// The two crawls run side by side, each in its own browser context: they wait on pages more than they compute.
// A crawl takes about 150 s in a full run (two CPUs shared by several walks): its budget is four times that; a
// stuck page still fails on its own (Playwright's 30 s per wait).
// A fixed page of the guest's walk (FIXED_PATHS, OTHER_COMPANY_PATHS: site-walk.ts loads the same address in the same
// language, from 320 to 1440 px, with its status and every console error while it is shown) is not loaded here a
// second time: its title, language and links are read from the HTML the server sent, which is what the browser has
// before its scripts run. Every other page the crawl reaches is loaded in the browser, for its console errors.
describe.concurrent("crawl from /home", () => {
  for (const language of ["ar", "en"] as const) {
    it(`reaches every public page in ${language}: each 200, titled, without console errors`, { timeout: 600_000 }, async ({ expect }) => {
      const { page, errors, release } = await site.warmPage(DESKTOP, language);
      const origin = new URL(site.server.url).origin;
      const walked = new Set([...FIXED_PATHS, ...OTHER_COMPANY_PATHS]);
      let loaded = 0;
      const seen = new Set(["/home"]);
      const queue = ["/home"];
      const problems: string[] = [];
      const redirects: string[] = [];
      const follow = (link: string | null) => {
        if (link !== null && !seen.has(link) && seen.size < MAX_PAGES) {
          seen.add(link);
          queue.push(link);
        }
      };
      while (queue.length > 0) {
        const pathName = queue.shift()!;
        // A link that redirects (a guest's "activate" of each bundle, top-up: to /home with the login open) is a
        // step, not a page: its target is followed as a link of its own, and loaded once however many links lead
        // there. Asked with the page's cookies, so the server answers as it would the browser.
        const step = await page.request.get(pathName, { maxRedirects: 0 });
        if (step.status() >= 300 && step.status() < 400) {
          const target = new URL(step.headers().location ?? "", site.server.url);
          if (target.origin !== origin) problems.push(`${pathName}: redirects off the site, to ${target.href}`);
          redirects.push(pathName);
          follow(crawlPath(target, origin));
          continue;
        }
        let status: number;
        let facts: PageFacts;
        if (walked.has(pathName)) {
          status = step.status();
          facts = await servedPageFacts(page, await step.text(), new URL(pathName, origin).href);
        } else {
          status = (await page.goto(pathName, { waitUntil: "domcontentloaded" }))?.status() ?? 0;
          facts = await loadedPageFacts(page);
          loaded += 1;
          if (errors.length > 0) problems.push(`${pathName}: ${errors.splice(0).join(" | ")}`);
        }
        if (status !== 200) problems.push(`${pathName}: HTTP ${status}`);
        if (!facts.title.includes(catalogs[language].brand.name)) problems.push(`${pathName}: title "${facts.title}"`);
        if (facts.lang !== language) problems.push(`${pathName}: not in ${language}`);
        for (const href of facts.hrefs) follow(crawlPath(new URL(href), origin));
      }
      expect(problems).toEqual([]);
      console.info(`crawl (${language}): ${seen.size} paths, ${redirects.length} redirects, ${loaded} pages loaded in the browser, the rest read from their HTML (the walk loads them)`);
      // A guest's "activate" of a bundle is a step to the login, not a page of its own.
      expect(redirects.filter((path) => path.startsWith("/my-line?activate=")).length).toBeGreaterThan(0);
      // Every kind of content was reached by links alone.
      const reached = [...seen].join("\n");
      for (const pattern of [/^\/products\/payment\/62$/m, /^\/segment-details\/\d+$/m, /^\/service-details\/\d+$/m, /^\/app-details\/\d+$/m, /^\/news-details\/(news|press)\/\d+$/m, /^\/business\/[a-z-]+$/m, /^\/bundle-details\/\w+\/\d+$/m, /^\/offer-details\/[\w-]+\/\d+$/m, /^\/support\/Contact-Us$/im, /^\/support\/Feedback$/im, /^\/about-sama\/investor-relations$/m, /^\/International-Roaming-Countries$/im, /^\/products\/prices-list$/m]) {
        expect(reached, String(pattern)).toMatch(pattern);
      }
      expect(seen.size).toBeLessThan(MAX_PAGES);
      await release();
    });
  }
});

describe("share dialog", () => {
  for (const [language, viewport] of [["ar", PHONE], ["en", DESKTOP]] as const) {
    it(`shares a bundle by every network and copies its link (${language})`, async () => {
      const { page, context, errors, release } = await site.warmPage(viewport, language);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.url });
      await page.goto("/bundle-details/mixed/401");
      await waitForHydration(page);
      const t = catalogs[language].share;
      const button = page.getByRole("button", { name: t.button });
      await button.click();
      const dialog = page.getByRole("dialog", { name: t.title });
      await dialog.waitFor();
      const expectedUrl = `${site.server.url}/bundle-details/mixed/401?lang=${language}`;
      expect(await dialog.getByRole("textbox", { name: t.link }).inputValue()).toBe(expectedUrl);
      const links = Object.fromEntries(
        await Promise.all(["messenger", "whatsapp", "telegram", "facebook", "twitter"].map(async (network) => [network, await dialog.getByRole("link", { name: t[network as "whatsapp"] }).getAttribute("href")] as const)),
      );
      expect(links.whatsapp).toContain(encodeURIComponent(expectedUrl));
      expect(links.telegram).toMatch(/^https:\/\/t\.me\/share\/url\?url=/);
      expect(links.facebook).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
      expect(links.twitter).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?url=/);
      expect(links.messenger).toMatch(/^fb-messenger:\/\/share\/\?link=/);
      for (const href of Object.values(links)) expect(href).toContain(encodeURIComponent(expectedUrl));

      await dialog.getByRole("button", { name: t.copy }).click();
      await page.getByText(t.copied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedUrl);

      // Escape closes it, clears it, and gives focus back to the share button.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await page.getByRole("textbox", { name: t.link }).count()).toBe(0);
      await expectFocusBackOn(button, "the share button");
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("is on every kind of detail page", async () => {
    const { page, release } = await site.warmPage(DESKTOP, "en");
    for (const pathName of ["/products/payment/62", "/service-details/1", "/app-details/1", "/news-details/news/1", "/offer-details/weekend/1", "/segment-details/1", "/business/bulk-sms"]) {
      await page.goto(pathName);
      expect(await page.getByRole("button", { name: en.share.button }).count(), pathName).toBe(1);
    }
    await release();
  });
});

describe("search", () => {
  it("finds the same bundles whatever the Arabic spelling, from the navbar's search box", async () => {
    const { page, errors, release } = await site.warmPage(DESKTOP, "ar");
    const results: string[][] = [];
    for (const spelling of ["الإنترنت", "الانترنت", "انترنت"]) {
      await page.goto("/home");
      await waitForHydration(page);
      const box = page.getByRole("searchbox", { name: ar.nav.search });
      await box.fill(spelling);
      await box.press("Enter");
      await page.waitForURL(/\/search\?q=/);
      await page.getByRole("main").getByRole("heading", { name: ar.search.kinds.bundle, exact: true }).waitFor();
      results.push(await page.locator("main li a").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")));
    }
    expect(results[0]!.length).toBeGreaterThan(0);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(errors).toEqual([]);
    await release();
  });

  it("says when nothing matches, in English", async () => {
    const { page, release } = await site.warmPage(PHONE, "en");
    await page.goto("/search?q=qwxzv");
    await page.getByText(en.search.none.replace("{{query}}", "qwxzv")).waitFor();
    await release();
  });
});

describe("lists that filter as you type", () => {
  it("roaming countries by either spelling and by zone; the prices list; the FAQs", async () => {
    const { page, errors, release } = await site.warmPage(DESKTOP, "ar");
    await page.goto("/SMS-Roaming-Countries");
    await waitForHydration(page);
    const box = page.getByRole("searchbox", { name: ar.roaming.search });
    await box.fill("ترك");
    await expect.poll(() => page.locator("main ul li").count()).toBe(1);
    await box.fill("Turkey");
    await expect.poll(() => page.locator("main ul li").count()).toBe(1);
    await box.fill("");
    await page.getByRole("combobox", { name: ar.roaming.zone }).selectOption("1");
    const zone1 = demoContent<{ zone: number; smsRoaming: boolean }[]>("roaming-countries.json").filter((country) => country.smsRoaming && country.zone === 1).length;
    await expect.poll(() => page.locator("main ul li").count()).toBe(zone1);

    await page.goto("/products/prices-list");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: ar.prices.search }).fill("الاردن");
    await expect.poll(() => page.locator("main tbody tr").count()).toBe(1);
    expect(await page.locator("main tbody tr th").textContent()).toContain("الأردن");

    await page.goto("/support/FAQs");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: ar.faqs.search }).fill("التجوال");
    const shown = await page.locator("main details").count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(demoContent<unknown[]>("faqs.json").length);
    expect(await page.locator("main details[open]").count()).toBe(shown);
    expect(errors).toEqual([]);
    await release();
  });

  it("service centres by city, each with an open-now mark, call and directions links", async () => {
    const { page, errors, release } = await site.warmPage(PHONE, "en");
    await page.goto("/support/Services-Centers");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: en.centres.city }).selectOption("3");
    await page.waitForURL(/\?city=3$/);
    const aleppo = demoContent<{ cityId: number }[]>("service-centres.json").filter((centre) => centre.cityId === 3).length;
    const list = page.getByRole("list", { name: en.page.serviceCenters }).locator(":scope > li");
    await expect.poll(() => list.count()).toBe(aleppo);
    const first = list.first();
    expect(await first.getByText(new RegExp(`^(${en.centres.openNow}|${en.centres.closedNow})$`)).count()).toBe(1);
    expect(await first.getByRole("link", { name: new RegExp(`^${en.centres.call}`) }).first().getAttribute("href")).toMatch(/^tel:0\d+$/);
    expect(await first.getByRole("link", { name: en.centres.directions }).getAttribute("href")).toMatch(/^https:\/\/www\.openstreetmap\.org\/directions\?to=/);
    expect(errors).toEqual([]);
    await release();
  });
});

describe("feedback form", () => {
  const files = mkdtempSync(path.join(os.tmpdir(), "feedback-files-"));
  const textAsPng = path.join(files, "photo.png");
  const realPdf = path.join(files, "invoice.pdf");
  writeFileSync(textAsPng, "this is text, not an image");
  writeFileSync(realPdf, "%PDF-1.4\n%demo\n");
  // The two files the form sends go with the run (each run left a folder of its own in the system's temporary one).
  afterAll(() => rmSync(files, { recursive: true, force: true }));

  for (const [language, viewport] of [["ar", DESKTOP], ["en", PHONE]] as const) {
    it(`shows each required and invalid message, refuses a disguised file and a form without one, then sends with a file and shows the reference (${language})`, async () => {
      const { page, errors, release } = await site.warmPage(viewport, language);
      const t = catalogs[language];
      await page.goto("/support/Feedback");
      await waitForHydration(page);
      // Every field says it is required to assistive technology (spec §5: all six are).
      for (const label of [t.feedback.fullName, t.feedback.gsm, t.feedback.email, t.feedback.description, t.feedback.file]) {
        expect(await page.getByLabel(label).getAttribute("aria-required"), `${label} is required`).toBe("true");
      }
      const send = page.getByRole("button", { name: t.feedback.send });
      await send.click();
      for (const key of ["fullNameRequired", "mobileRequired", "emailRequired", "descriptionRequired", "fileRequired", "evaluationRequired"] as const) {
        await page.getByText(t.validation[key]).waitFor();
      }
      // The file's message is tied to the file field, as its description.
      expect(await page.getByLabel(t.feedback.file).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel(t.feedback.file).evaluate((input) => input.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent))).toContain(t.validation.fileRequired);
      // Focus goes to the first field with a problem.
      expect(await page.getByLabel(t.feedback.fullName).evaluate((element) => element === document.activeElement)).toBe(true);

      await page.getByLabel(t.feedback.fullName).fill("A1");
      await page.getByLabel(t.feedback.gsm).fill("0912345678");
      await page.getByLabel(t.feedback.email).fill("ali@");
      await page.getByLabel(t.feedback.description).fill("short");
      await page.getByLabel(t.feedback.file).setInputFiles(textAsPng);
      await send.click();
      for (const key of ["fullNameInvalid", "mobileInvalid", "emailInvalid", "descriptionInvalid", "fileInvalid"] as const) {
        await page.getByText(t.validation[key]).waitFor();
      }

      await page.getByLabel(t.feedback.fullName).fill(language === "ar" ? "علي حسن" : "Ali Hasan");
      await page.getByLabel(t.feedback.gsm).fill("0944123456");
      await page.getByLabel(t.feedback.email).fill("ali@example.com");
      await page.getByLabel(t.feedback.description).fill(language === "ar" ? "الإشارة ضعيفة في منزلي كل مساء." : "The signal at home is weak every evening.");
      await page.getByLabel(t.feedback.file).setInputFiles([]);
      await page.getByRole("radio", { name: t.feedback.ratings["4"] }).check();
      await send.click();
      await page.getByText(t.validation.fileRequired).waitFor();
      expect(await page.getByRole("status").filter({ hasText: t.feedback.sent }).count()).toBe(0);
      await page.getByLabel(t.feedback.file).setInputFiles(realPdf);
      await send.click();
      const status = page.getByRole("status").filter({ hasText: t.feedback.sent });
      await status.waitFor();
      expect(await status.textContent()).toMatch(/FB-[2-9A-HJKMNP-Z]{8}/);
      await page.getByRole("button", { name: t.feedback.another }).click();
      expect(await page.getByLabel(t.feedback.fullName).inputValue()).toBe("");
      expect(errors).toEqual([]);
      await release();
    });
  }

  for (const language of ["ar", "en"] as const) {
    it(`without JavaScript the server refuses a form without a file with its message in ${language}, keeps the values, and takes it with one`, async () => {
      const t = catalogs[language];
      const context = await site.browser.newContext({ baseURL: site.server.url, viewport: PHONE, javaScriptEnabled: false });
      await context.addCookies([{ name: "lang", value: language, url: site.server.url }]);
      const page = await context.newPage();
      await page.goto("/support/Feedback");
      await page.getByLabel(t.feedback.fullName).fill(language === "ar" ? "علي حسن" : "Ali Hasan");
      await page.getByLabel(t.feedback.gsm).fill("0944123456");
      await page.getByLabel(t.feedback.email).fill("ali@example.com");
      await page.getByLabel(t.feedback.description).fill("The signal at home is weak every evening.");
      await page.getByRole("radio", { name: t.feedback.ratings["3"] }).check();
      const [refused] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: t.feedback.send }).click()]);
      expect(refused?.status()).toBe(400);
      await page.getByText(t.validation.fileRequired).waitFor();
      expect(await page.getByLabel(t.feedback.file).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel(t.feedback.email).inputValue()).toBe("ali@example.com");

      await page.getByRole("radio", { name: t.feedback.ratings["3"] }).check();
      await page.getByLabel(t.feedback.file).setInputFiles(realPdf);
      await page.getByRole("button", { name: t.feedback.send }).click();
      const status = page.getByRole("status").filter({ hasText: t.feedback.sent });
      await status.waitFor();
      expect(await status.textContent()).toMatch(/FB-[2-9A-HJKMNP-Z]{8}/);
      await context.close();
    });
  }
});
