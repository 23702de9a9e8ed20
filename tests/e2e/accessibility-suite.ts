// Every overlay through axe-core, in Arabic and English (a test file each: accessibility-ar and
// accessibility-en), at 1280 and 390 px: no violation of impact serious or critical (WCAG 2.0/2.1 A and AA, and
// axe's best practices). Every page route, for a guest and for a subscriber, is checked by the walk that loads each
// page once for all its checks at each width (tests/e2e/site-walk.ts); here, what a page shows only after a click:
// the menus, cards and dialogs, and the super clip's tabs.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { insertSession } from "../support/subscriber.ts";
import { accountButtonName, newNumber } from "./accounts-support.ts";
import { axeFindings, axeViolations, printAdvisories, type Advisories } from "./axe.ts";
import { DESKTOP, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";
import { GRADIENT_REGIONS, measureContrast } from "./contrast-by-pixels.ts";
import { contentSamples } from "./site-paths.ts";

const CATALOG = { ar, en } as const;

const VIEWPORTS = [
  ["1280 px", DESKTOP],
  ["390 px", PHONE],
] as const;

/** The suite of one language: a test file per language (accessibility-ar, accessibility-en), so the two run side by side. */
export function accessibilitySuite(language: Language): void {
  // The code step needs codes sent from one address many times (the shared site raises the limits).
  const site = siteInBrowser();
  /** A bundle's detail page of the demo content (the share dialog). */
  let bundleDetail: string;
  /** Moderate and minor findings do not fail the run; they are listed once at the end, with a first example. */
  const advisories: Advisories = new Map();

  beforeAll(async () => {
    const { contentPaths } = await contentSamples(site.server);
    bundleDetail = contentPaths.find((path) => path.startsWith("/bundle-details/"))!;
  });
  afterAll(() => printAdvisories(advisories));

  const withLanguage = (path: string, language: Language) => `${path}${path.includes("?") ? "&" : "?"}lang=${language}`;

  const findings = () => axeFindings(advisories);

  async function visit(page: Page, path: string, language: Language) {
    await page.goto(withLanguage(path, language));
    await waitForHydration(page);
  }

  /** Opens an overlay with `open`, waits for its dialog, runs axe, then closes it with Escape. */
  async function checkOverlay(page: Page, result: ReturnType<typeof findings>, where: string, name: string, open: () => Promise<void>) {
    await open();
    const dialog = page.getByRole("dialog", { name, exact: true });
    await dialog.waitFor();
    await result.check(page, where);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }

  const t = CATALOG[language];

  /** A paragraph planted on the page for a check to find: the first child of `first`, or right `after` an element. */
  function plantLine(page: Page, line: { id: string; text: string; style: Record<string, string> } & ({ first: string } | { after: string })) {
    return page.evaluate((line) => {
      const paragraph = document.createElement("p");
      paragraph.id = line.id;
      paragraph.textContent = line.text;
      for (const [property, value] of Object.entries(line.style)) paragraph.style.setProperty(property, value);
      if ("first" in line) document.querySelector(line.first)!.prepend(paragraph);
      else document.querySelector(line.after)!.after(paragraph);
    }, line);
  }

  describe(`${language}, axe itself`, () => {
    // axe skips the contrast of text it takes for an icon font's ligature, and took about half the Arabic lines of a
    // page for one (tests/e2e/axe.ts): this test failed in Arabic before axe was told the site has no icon font.
    it("weighs the contrast of every line of text: the site's fonts are text fonts, and a faint line of its words is reported", async () => {
      const { page, release } = await site.warmPage(PHONE, language);
      await visit(page, "/home", language);
      const families = await page.evaluate(() => [...new Set([...document.fonts].map((face) => face.family.replace(/"/g, "")))].sort());
      expect(families, "the fonts of the page (an icon font's ligatures are not text: axe would be told otherwise)").toEqual(["Cairo", "Cairo Arabic", "Cairo Fallback"]);
      // On the page's white, 1.9:1.
      await plantLine(page, { id: "faint-line", text: t.nav.skipToContent, style: { color: "#bbb" }, first: "main" });
      const faint = (await axeViolations(page, "a faint line")).filter((violation) => violation.id === "color-contrast").flatMap((violation) => violation.targets);
      await release();
      expect(faint, "axe reports the faint line's contrast").toContain("#faint-line");
    });

    it("measures from the pixels what axe cannot decide: a faint line on a gradient of its own is reported", async () => {
      const { page, release } = await site.warmPage(PHONE, language);
      await visit(page, "/home", language);
      await plantLine(page, { id: "faint-on-gradient", text: t.nav.skipToContent, style: { color: "#bbb", "background-image": "linear-gradient(to left, #fff, #eee)" }, first: "main" });
      const found = (await axeViolations(page, "a faint line on a gradient")).filter((violation) => violation.id === "color-contrast").flatMap((violation) => violation.targets);
      await release();
      expect(found.join("\n"), "the faint line, measured from the pixels").toMatch(/^#faint-on-gradient: ".+": 1\.\d+:1 at its worst pixel/m);
    });

    // axe answers "incomplete" for text on a gradient and weighs none of it: the home page's hero and the title band
    // of every inner page (one component: PageHeader) are measured from their pixels instead, at both widths.
    for (const [size, viewport] of VIEWPORTS) {
      it(`text on the brand gradients has enough contrast, measured from the pixels (${size})`, async () => {
        const { page, release } = await site.warmPage(viewport, language);
        await page.emulateMedia({ reducedMotion: "reduce" });
        await visit(page, "/home", language);
        const hero = await measureContrast(page, GRADIENT_REGIONS.hero);
        await visit(page, "/bundles", language);
        const band = await measureContrast(page, GRADIENT_REGIONS.titleBand);
        // The measure can fail: a line planted at the band's lighter end (its left, in both languages) in a lilac
        // that passes on the darker end (5.9:1) but not there (3.9:1).
        await plantLine(page, { id: "faint-in-band", text: "faint", style: { color: "#c4b5fd", "text-align": "left" }, after: `${GRADIENT_REGIONS.titleBand} h1` });
        const planted = await measureContrast(page, GRADIENT_REGIONS.titleBand);
        await release();
        expect(hero.problems, "the home page's hero").toEqual([]);
        expect(hero.measured, "the hero's heading and its offer's label were measured").toEqual(expect.arrayContaining([t.home.heroTitle, t.home.heroOffer].map((text) => text.slice(0, 40))));
        expect(band.problems, "the title band of /bundles").toEqual([]);
        expect(band.measured, "the band's heading was measured").toContain(t.nav.bundles.slice(0, 40));
        expect(planted.problems.join("\n"), "a faint line planted at the band's lighter end").toMatch(/^"faint": 3\.\d+:1 at its worst pixel, below 4\.5:1$/m);
      });
    }
  });

  for (const [size, viewport] of VIEWPORTS) {
    describe(`${language}, ${size}`, () => {
      it("the super clip's tabs, for a subscriber", async () => {
        const { token } = await insertSession(site.server.databaseUrl);
        const { page, context, release } = await site.warmPage(viewport, language);
        await signIn(context, site.server.url, token);
        const result = findings();
        await visit(page, "/super-clip", language);
        for (const tab of [t.superClip.tab.reply, t.superClip.tab.callers]) {
          await page.getByRole("tab", { name: tab }).click();
          const panel = page.getByRole("tabpanel", { name: tab });
          await panel.locator("[role=status]:not(:empty), form, ul, p").first().waitFor();
          // The tab loads its code and then its data (a "loading" line meanwhile): axe looks at what it shows
          // once loaded, and the page is handed back only once the tab asked nothing more of the server (a load
          // still on its way when the next test's cookies were cleared was sent home, over the next test's page).
          await panel.getByText(t.lineFeatureUi.loading, { exact: true }).waitFor({ state: "detached" });
          await result.check(page, `${size}, ${tab} tab`);
        }
        await release();
        result.expectNone();
      });

      it("a guest's overlays: welcome menu, login and register cards with the code step, support menu, sidebar", async () => {
        const { page, release } = await site.warmPage(viewport, language);
        const result = findings();
        await visit(page, "/home", language);
        const accountButton = page.locator("header").getByRole("button", { name: t.nav.account, exact: true });
        await checkOverlay(page, result, `${size}, welcome menu`, t.welcome.title, () => accountButton.click());
        await checkOverlay(page, result, `${size}, support menu`, t.support.menuTitle, () => page.getByRole("button", { name: t.support.button }).click());
        if (viewport === PHONE) {
          await checkOverlay(page, result, `${size}, sidebar`, t.nav.mainSections, () => page.getByRole("button", { name: t.nav.openMenu }).click());
        }

        // Login card: empty, then with the message of an invalid number.
        await accountButton.click();
        await page.getByRole("dialog", { name: t.welcome.title }).getByRole("button", { name: t.welcome.login }).click();
        const login = page.getByRole("dialog", { name: t.auth.loginTitle });
        await login.waitFor();
        await result.check(page, `${size}, login card`);
        await login.getByRole("button", { name: t.auth.sendCode }).click();
        await login.getByText(t.validation.numberInvalid).waitFor();
        await result.check(page, `${size}, login card with an error`);

        // Register card, then its code step (with the toast that says the code was sent).
        await login.getByRole("button", { name: t.footer.noAccount }).click();
        const register = page.getByRole("dialog", { name: t.auth.registerTitle });
        await register.getByRole("textbox", { name: t.auth.numberLabel }).fill(newNumber());
        await register.getByRole("button", { name: t.auth.sendCode }).click();
        await register.getByRole("group", { name: t.auth.codeLabel }).waitFor();
        await result.check(page, `${size}, code step`);
        await register.getByRole("button", { name: t.auth.confirm }).click();
        await register.getByText(t.validation.codeIncomplete).waitFor();
        await result.check(page, `${size}, code step with an error`);
        await release();
        result.expectNone();
      });

      it("a subscriber's overlays: welcome menu, add-number card, edit-profile dialog, share dialog", async () => {
        const { token } = await insertSession(site.server.databaseUrl, { gsm: "0944123456" });
        const { page, context, release } = await site.warmPage(viewport, language);
        await signIn(context, site.server.url, token);
        const result = findings();
        await visit(page, "/profile", language);
        const accountButton = page.locator("header").getByRole("button", { name: accountButtonName(language, "0944123456"), exact: true });
        await checkOverlay(page, result, `${size}, subscriber's welcome menu`, t.welcome.title, async () => {
          await accountButton.click();
          await page.getByTestId("subscriber-name").getByText(t.welcome.loading).waitFor({ state: "detached" });
        });
        await checkOverlay(page, result, `${size}, add-number card`, t.auth.addNumberTitle, async () => {
          await accountButton.click();
          await page.getByRole("button", { name: t.welcome.addNumber }).click();
        });

        await page.getByRole("link", { name: t.profile.edit }).click();
        const edit = page.getByRole("dialog", { name: t.profile.edit });
        await edit.waitFor();
        await result.check(page, `${size}, edit-profile dialog`);
        await edit.getByRole("button", { name: t.profile.save }).click();
        await edit.getByText(t.validation.emailRequired).waitFor();
        await result.check(page, `${size}, edit-profile dialog with errors`);
        await page.keyboard.press("Escape");
        await edit.waitFor({ state: "detached" });

        await visit(page, bundleDetail, language);
        await checkOverlay(page, result, `${size}, share dialog`, t.share.title, () => page.getByRole("button", { name: t.share.button }).click());
        await release();
        result.expectNone();
      });
    });
  }
}
