// The site shell in a real browser: language and direction, the language switch, navigation,
// the support menu, the footer and the search box, in Arabic and English.
import { describe, expect, it } from "vitest";
import { DESKTOP, expectFocusBackOn, expectFocusInside, PHONE, siteInBrowser, waitForHydration } from "./browser.ts";

const site = siteInBrowser();

describe("language and direction", () => {
  it("serves Arabic, right to left, to a first-time visitor, with hreflang alternates", async () => {
    const { page, errors, release } = await site.warmPage();
    const response = await page.goto("/home");
    expect(response?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await expect.poll(() => page.title()).toContain("سما موبايل");
    const alternates = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((link) => link.getAttribute("hreflang") + " " + link.getAttribute("href")));
    expect(alternates).toEqual(expect.arrayContaining([expect.stringMatching(/^ar .*\/home\?lang=ar$/), expect.stringMatching(/^en .*\/home\?lang=en$/)]));
    expect(errors, "no console errors (CSP, hydration)").toEqual([]);
    await release();
  });

  it("switches to English with the language picker, reloading the page and keeping the choice", async () => {
    const { page, errors, release } = await site.warmPage();
    await page.goto("/bundles");
    await waitForHydration(page);
    await page.getByRole("group", { name: "اللغة" }).getByRole("link", { name: "English" }).click();
    await page.waitForURL(/\/bundles\?lang=en$/);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Bundles");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
    // The cookie keeps the choice on a URL without ?lang.
    await page.goto("/offers");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(errors).toEqual([]);
    await release();
  });

  it("lets a link carry its language with ?lang=", async () => {
    const { page, release } = await site.warmPage(DESKTOP, "en");
    await page.goto("/roaming?lang=ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("التجوال");
    await release();
  });
});

describe("navigation", () => {
  for (const language of ["ar", "en"] as const) {
    it(`follows the section bar and the logo (${language})`, async () => {
      const { page, errors, release } = await site.warmPage(DESKTOP, language);
      await page.goto("/home");
      await waitForHydration(page);
      const sections = page.getByRole("navigation", { name: language === "ar" ? "الأقسام الرئيسية" : "Main sections" });
      const names = await sections.getByRole("link").allTextContents();
      expect(names).toEqual(language === "ar" ? ["الرئيسية", "المنتجات", "الباقات", "العروض", "التجوال"] : ["Home", "Products", "Bundles", "Offers", "Roaming"]);
      await sections.getByRole("link", { name: language === "ar" ? "العروض" : "Offers" }).click();
      await page.waitForURL(/\/offers$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(language === "ar" ? "العروض" : "Offers");
      await page.getByRole("link", { name: language === "ar" ? "سما موبايل، الصفحة الرئيسية" : "Sama Mobile home" }).click();
      await page.waitForURL(/\/home$/);
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("opens the service centres page from the top bar, with the short label on phones", async () => {
    const { page, release } = await site.warmPage(PHONE, "en");
    await page.goto("/home");
    await waitForHydration(page);
    const link = page.getByRole("link", { name: "Centres" });
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(/\/Support\/Services-Centers$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Service centres");
    await release();
  });

  it("stores the search value and opens the search page when Enter is pressed", async () => {
    const { page, release } = await site.warmPage(DESKTOP, "ar");
    await page.goto("/home");
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "بحث" });
    await search.fill("باقة الإنترنت");
    await search.press("Enter");
    await page.waitForURL(/\/search\?q=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get("q") ?? "")).toBe("باقة الإنترنت");
    expect(await page.evaluate(() => localStorage.getItem("searchValue"))).toBe("باقة الإنترنت");
    await expect.poll(() => page.getByRole("status").textContent()).toContain("باقة الإنترنت");
    await release();
  });
});

describe("support menu", () => {
  for (const language of ["ar", "en"] as const) {
    it(`opens from the floating button with four links, closes with Escape and returns focus (${language})`, async () => {
      const { page, errors, release } = await site.warmPage(DESKTOP, language);
      await page.goto("/home");
      await waitForHydration(page);
      const button = page.getByRole("button", { name: language === "ar" ? "الدعم" : "Support" });
      await button.click();
      const menu = page.getByRole("dialog", { name: language === "ar" ? "كيف يمكننا مساعدتك؟" : "How can we help?" });
      await menu.waitFor();
      expect(await menu.getByRole("link").allTextContents()).toEqual(
        language === "ar" ? ["الأسئلة الشائعة", "مراكز الخدمة", "الشكاوى والاقتراحات", "اتصل بنا"] : ["FAQs", "Service centres", "Feedback", "Contact us"],
      );
      await expectFocusInside(menu, "the menu");
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      await expectFocusBackOn(button, "the Support button");
      // An Escape that reaches the button while the menu is open (pressed before the menu took the focus) closes it too.
      await button.click();
      await menu.waitFor();
      await button.dispatchEvent("keydown", { key: "Escape", bubbles: true });
      await menu.waitFor({ state: "detached" });
      await button.click();
      await menu.getByRole("link", { name: language === "ar" ? "اتصل بنا" : "Contact us" }).click();
      await page.waitForURL(/\/support\/Contact-Us$/);
      await menu.waitFor({ state: "detached" });
      expect(errors).toEqual([]);
      await release();
    });
  }
});

describe("footer", () => {
  it("shows at most four bundle categories and four apps, the social icons and the login/register toggle", async () => {
    const { page, release } = await site.warmPage(DESKTOP, "en");
    await page.goto("/home");
    await waitForHydration(page);
    const footer = page.locator("footer");
    const categories = footer.getByRole("navigation", { name: "Bundles" }).getByRole("link");
    expect(await categories.count()).toBe(4);
    for (const href of await categories.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) expect(href).toMatch(/^\/bundles\/\d+$/);
    expect(await footer.getByRole("navigation", { name: "Apps" }).getByRole("link").count()).toBe(4);
    const social = await footer.locator("a[data-social-type]").evaluateAll((links) => links.map((link) => [link.getAttribute("data-social-type"), link.getAttribute("aria-label")]));
    expect(social).toEqual([["0", "Facebook"], ["1", "X (Twitter)"], ["2", "Instagram"], ["3", "YouTube"]]);
    // The footer link opens the login dialog; the card's own link toggles to register and back.
    await footer.getByRole("button", { name: "Already have an account? Log in" }).click();
    const login = page.getByRole("dialog", { name: "Log in" });
    await login.waitFor();
    await login.getByRole("button", { name: "New here? Create an account" }).click();
    const register = page.getByRole("dialog", { name: "Create account" });
    await register.waitFor();
    await register.getByRole("button", { name: "Already have an account? Log in" }).click();
    await login.waitFor();
    await expectFocusInside(login, "the login card");
    await page.keyboard.press("Escape");
    await login.waitFor({ state: "detached" });
    await release();
  });
});
