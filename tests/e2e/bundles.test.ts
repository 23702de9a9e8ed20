// Bundles in a real browser, in Arabic and English, desktop and phone: the list grouped by category, a
// category page, and a bundle's details with its allowances, price and activation code.
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { demoContent } from "../support/contract.ts";
import { DESKTOP, PHONE, siteInBrowser, waitForHydration } from "./browser.ts";

const catalogs = { ar, en } as const;
const seed = demoContent<{ id: number; categoryId: number; titleAr: string; titleEn: string; ussd: string }[]>("bundles.json");
const site = siteInBrowser();

describe("bundles", () => {
  for (const [language, viewport, label] of [["ar", DESKTOP, "desktop"], ["en", PHONE, "phone"]] as const) {
    it(`lists the bundles by category and opens a bundle's details (${language}, ${label})`, async () => {
      const { page, errors, release } = await site.warmPage(viewport, language);
      await page.goto("/bundles");
      await waitForHydration(page);
      const bundle = seed.find((item) => item.id === 401)!;
      const title = language === "ar" ? bundle.titleAr : bundle.titleEn;
      await page.getByRole("heading", { name: title }).getByRole("link").click();
      await page.waitForURL(/\/bundle-details\/mixed\/401$/);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByRole("heading", { name: catalogs[language].bundles.howToActivate }).waitFor();
      await page.getByRole("link", { name: bundle.ussd }).waitFor();
      const allowances = await page.getByRole("heading", { name: catalogs[language].bundles.allowances }).locator("xpath=following-sibling::ul[1]/li").allTextContents();
      expect(allowances).toHaveLength(3);
      // The breadcrumb leads back to the bundle's category.
      await page.getByRole("navigation", { name: catalogs[language].breadcrumb.label }).getByRole("link").nth(2).click();
      await page.waitForURL(/\/bundles\/4$/);
      expect(errors).toEqual([]);
      await release();
    });
  }
});
