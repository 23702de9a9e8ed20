// The route table of spec §2 in a real browser: redirects, status codes, guards, the not-found
// page, the privacy and terms pages, and the layout switches at 1100, 992 and 460 px.
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { insertSession } from "../support/subscriber.ts";
import { DESKTOP, launchBrowser, nextFrames, openPage, PHONE, signIn, siteInBrowser, waitForHydration } from "./browser.ts";

const site = siteInBrowser();

const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

describe("redirects and the route table", () => {
  it("goes from / to /personal to /home", async () => {
    const { page, release } = await site.warmPage();
    const response = await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/home");
    expect(response?.status()).toBe(200);
    const chain: string[] = [];
    let request = response?.request().redirectedFrom();
    while (request) {
      chain.unshift(new URL(request.url()).pathname);
      request = request.redirectedFrom();
    }
    expect(chain).toEqual(["/", "/personal"]);
    await release();
  });

  it.each([
    ["/personal/bundles", "/bundles"],
    ["/support", "/support/FAQs"],
    ["/about-sama", "/about-sama/who-we-are"],
  ])("redirects %s to %s", async (from, to) => {
    const { page, release } = await site.warmPage();
    const response = await page.goto(from);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(to);
    await release();
  });

  it.each([
    ["/products", "Products and services"],
    ["/products/segment-products", "Segment products"],
    ["/products/payment/62", "Pay your bill and top up"],
    ["/bundles/1", "Internet bundles"],
    ["/bundle-details/data/101", "Daily internet 1 GB"],
    ["/offer-details/weekend/1", "Weekend double data"],
    ["/international-Roaming-Countries", "International call roaming countries"],
    ["/SMS-Roaming-Countries", "SMS roaming countries"],
    ["/app-details/1", "Sama app"],
    ["/service-details/1", "Call forwarding"],
    ["/news-details/press/2", "Sama Mobile launches its first 5G trial in Damascus"],
    ["/segment-details/1", "Youth and students"],
    ["/Reservation", "Number reservation"],
    ["/about-sama/investor-relations", "Investor relations"],
    ["/Support/Services-Centers", "Service centres"],
    ["/support/feedback", "Feedback"],
    ["/service-terms", "Terms of service"],
  ])("shows %s with its title and breadcrumb", async (path, title) => {
    const { page, errors, release } = await site.warmPage(DESKTOP, "en");
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(await h1(page)).toBe(title);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
    expect(await crumbs.first().textContent()).toBe("Home");
    expect(await crumbs.last().textContent()).toContain(title);
    expect(await page.title()).toBe(`${title} | Sama Mobile`);
    expect(errors).toEqual([]);
    await release();
  });
});

describe("not-found page", () => {
  for (const language of ["ar", "en"] as const) {
    it(`answers 404 with the navbar, 'Ooops!', the message, a way home and the footer (${language})`, async () => {
      const { page, errors, release } = await site.warmPage(DESKTOP, language);
      const response = await page.goto("/no-such-page/at-all");
      expect(response?.status()).toBe(404);
      expect(await h1(page)).toBe("Ooops!");
      expect(await page.getByText(language === "ar" ? "الصفحة التي تبحث عنها غير موجودة أو تم نقلها." : "The page you are looking for does not exist or has moved.").count()).toBe(1);
      expect(await page.locator("header").count()).toBe(1);
      expect(await page.locator("footer").count()).toBe(1);
      await waitForHydration(page);
      await page.getByRole("link", { name: language === "ar" ? "العودة إلى الرئيسية" : "Back to home" }).click();
      await page.waitForURL(/\/home$/);
      expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
      await release();
    });
  }

  it("lays out side by side from 992 px and stacked below", async () => {
    const { page, release } = await site.warmPage({ width: 992, height: 800 }, "en");
    await page.goto("/nope");
    const box = page.getByTestId("not-found");
    expect(await box.evaluate((element) => getComputedStyle(element).flexDirection)).toBe("row");
    await page.setViewportSize({ width: 991, height: 800 });
    expect(await box.evaluate((element) => getComputedStyle(element).flexDirection)).toBe("column");
    await release();
  });
});

describe("guarded routes", () => {
  for (const path of ["/profile", "/call-forward", "/super-clip"]) {
    it(`sends a guest from ${path} to /home`, async () => {
      const { page, release } = await site.warmPage();
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe("/home");
      await release();
    });
  }

  for (const language of ["ar", "en"] as const) {
    it(`remembers /reserve-number for a guest and opens the login dialog on /home (${language})`, async () => {
      const { page, context, release } = await site.warmPage(DESKTOP, language);
      await page.goto("/reserve-number");
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/home?login=1");
      const cookies = await context.cookies();
      const nextRoute = cookies.find((cookie) => cookie.name === "next_route");
      expect(nextRoute?.httpOnly).toBe(true);
      expect(decodeURIComponent(nextRoute?.value ?? "")).toBe("/reserve-number");
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: language === "ar" ? "تسجيل الدخول" : "Log in" });
      await dialog.waitFor();
      await dialog.getByRole("textbox", { name: language === "ar" ? "رقم الموبايل" : "Mobile number" }).waitFor();
      await release();
    });
  }

  it("lets a subscriber with a live session in, with the number on the account button", async () => {
    const session = await insertSession(site.server.databaseUrl, { gsm: "0944123456" });
    const { page, context, release } = await site.warmPage(DESKTOP, "en");
    await signIn(context, site.server.url, session.token);
    const response = await page.goto("/call-forward");
    expect(response?.status()).toBe(200);
    expect(await h1(page)).toBe("Call forward");
    const crumbs = await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allTextContents();
    expect(crumbs.map((crumb) => crumb.trim())).toEqual(["Home", "Profile features", "Call forward"]);
    expect(await page.locator("header").getByText("0944123456").count()).toBe(1);
    await release();
  });
});

describe("mobile layout below 1100 px", () => {
  it("shows the sidebar toggle at 1099 px and the section bar at 1100 px", async () => {
    const { page, release } = await site.warmPage({ width: 1100, height: 800 }, "en");
    await page.goto("/home");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const sections = page.getByRole("navigation", { name: "Main sections" });
    expect(await toggle.isVisible()).toBe(false);
    expect(await sections.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Find service centres" }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1099, height: 800 });
    expect(await toggle.isVisible()).toBe(true);
    expect(await sections.isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Centres" }).isVisible()).toBe(true);
    await release();
  });

  it("the sidebar holds the page still behind it, closes on a press outside it (not on a drag out of it), and closes or never opens when the window grows past 1100 px (ar)", async () => {
    // A browser whose scrollbars take room, as on a desktop window made narrow (Playwright's hide them): the page and
    // its fixed parts must not shift when the scrollbar goes. 1000 px: below the breakpoint, wider than a phone.
    const browser = await launchBrowser({ scrollbars: true });
    const { context, page, errors } = await openPage(browser, site.server.url, { width: 1000, height: 700 }, "ar");
    await page.goto("/home");
    await waitForHydration(page);
    const scrollbar = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
    expect(scrollbar, "a scrollbar that takes room").toBeGreaterThan(0);
    const toggle = page.getByRole("button", { name: "فتح القائمة" });
    const sidebar = page.getByTestId("mobile-sidebar");
    const places = () =>
      page.evaluate(() => ({
        logo: Math.round(document.querySelector("header a[href='/home']")!.getBoundingClientRect().left),
        support: Math.round([...document.querySelectorAll("button")].find((button) => button.textContent?.trim() === "الدعم")!.getBoundingClientRect().left),
      }));
    const before = await places();
    await toggle.click();
    await sidebar.waitFor();
    expect(await places(), "the page and its fixed Support button keep their places when the scrollbar goes").toEqual(before);
    const box = (await sidebar.boundingBox())!;
    expect(Math.round(box.x + box.width), "flush with the page's right edge, beside the scrollbar's room (the start side in Arabic)").toBe(1000 - scrollbar);
    // The wheel over the dimmed page does not scroll it.
    await page.mouse.move(100, 350);
    await page.mouse.wheel(0, 600);
    await nextFrames(page);
    expect(await page.evaluate(() => window.scrollY), "the page behind did not scroll").toBe(0);
    // A drag from a link of the panel out to the dimmed page (text being selected) leaves it open.
    await page.mouse.move(box.x + box.width / 2, box.y + 30);
    await page.mouse.down();
    await page.mouse.move(100, 350);
    await page.mouse.up();
    expect(await sidebar.isVisible(), "open after a drag out of it").toBe(true);
    // A press inside it, off its controls, leaves it open; so does a click no press began (a script's).
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 10);
    await sidebar.evaluate((dialog) => (dialog as HTMLElement).click());
    expect(await sidebar.isVisible(), "open after a press inside it and a script's click").toBe(true);
    // A press on the dimmed page closes it, and the menu button has the focus again.
    await page.mouse.click(100, 350);
    await sidebar.waitFor({ state: "detached" });
    expect(await toggle.evaluate((button) => button === document.activeElement), "focus back on the menu button").toBe(true);
    expect(await places(), "back in place once closed").toEqual(before);
    // The window grows past 1100 px, where the header shows the sections: the panel closes and the page is usable.
    await toggle.click();
    await sidebar.waitFor();
    await page.setViewportSize({ width: 1280, height: 700 });
    await sidebar.waitFor({ state: "detached" });
    const usable = () => page.evaluate(() => ({ open: document.querySelectorAll("dialog[open]").length, overflow: document.documentElement.style.overflow }));
    expect(await usable()).toEqual({ open: 0, overflow: "" });
    // The same while the panel's code is still coming (held here from the page's load on).
    await page.setViewportSize({ width: 1000, height: 700 });
    const held: Route[] = [];
    await page.route(/\/assets\/SidebarModal-[\w-]+\.js$/, (route) => void held.push(route));
    await page.goto("/home");
    await waitForHydration(page);
    await toggle.click();
    await expect.poll(() => held.length, { message: "the panel's code was asked for" }).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 700 });
    await Promise.all(held.map((route) => route.continue()));
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/SidebarModal-"))), { message: "the panel's code arrived" }).toBe(true);
    await nextFrames(page);
    await nextFrames(page);
    expect(await usable(), "not opened once the window is wide").toEqual({ open: 0, overflow: "" });
    await page.getByRole("navigation", { name: "الأقسام الرئيسية" }).getByRole("link", { name: "الباقات", exact: true }).click();
    await page.waitForURL(/\/bundles$/);
    expect(errors).toEqual([]);
    await context.close();
    await browser.close();
  });

  for (const language of ["ar", "en"] as const) {
    it(`opens the sidebar with section links and quick links, and follows the apps link to the anchor (${language})`, async () => {
      const { page, errors, release } = await site.warmPage(PHONE, language);
      await page.goto("/bundles");
      await waitForHydration(page);
      await page.getByRole("button", { name: language === "ar" ? "فتح القائمة" : "Open menu" }).click();
      const sidebar = page.getByTestId("mobile-sidebar");
      await sidebar.waitFor();
      expect(await sidebar.getByRole("navigation", { name: language === "ar" ? "روابط سريعة" : "Quick links" }).getByRole("link").allTextContents()).toEqual(
        language === "ar" ? ["احجز رقماً", "لائحة الأسعار", "التطبيقات"] : ["Reserve a number", "Prices list", "Apps"],
      );
      // The panel slides in from the start side: the right edge in Arabic, the left in English.
      const box = (await sidebar.boundingBox())!;
      if (language === "ar") expect(Math.round(box.x + box.width)).toBe(PHONE.width);
      else expect(Math.round(box.x)).toBe(0);
      await sidebar.getByRole("link", { name: language === "ar" ? "التطبيقات" : "Apps" }).click();
      await page.waitForURL(/\/home#apps$/);
      await sidebar.waitFor({ state: "detached" });
      await expect.poll(() => page.locator("#apps").getByRole("heading", { level: 2 }).isVisible()).toBe(true);
      // The page scrolled to the apps anchor.
      await expect.poll(() => page.locator("#apps").evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeLessThan(PHONE.height / 2);
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("uses the short search placeholder below 460 px", async () => {
    const { page, release } = await site.warmPage({ width: 460, height: 800 }, "en");
    await page.goto("/home");
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Search" });
    expect(await search.getAttribute("placeholder")).toBe("Search bundles, offers and services");
    await page.setViewportSize({ width: 459, height: 800 });
    await expect.poll(() => search.getAttribute("placeholder")).toBe("Search");
    await release();
  });
});

describe("terms and privacy", () => {
  for (const language of ["ar", "en"] as const) {
    it(`shows the privacy policy from the database with its breadcrumb (${language})`, async () => {
      const { page, errors, release } = await site.warmPage(DESKTOP, language);
      await page.goto("/privacy-policy");
      const content = page.getByTestId("privacy-content");
      await content.waitFor();
      expect(await content.textContent()).not.toContain("\\n");
      expect((await content.textContent())!.length).toBeGreaterThan(500);
      const links = await page.getByRole("navigation", { name: language === "ar" ? "مسار التنقل" : "Breadcrumb" }).getByRole("link").evaluateAll((items) => items.map((item) => item.getAttribute("href")));
      expect(links).toEqual(["/personal", "/bundles"]);
      expect(errors).toEqual([]);
      await release();
    });
  }

  it("links the privacy title back to segment products for the segment type, and changes layout at 1180 px", async () => {
    const { page, release } = await site.warmPage({ width: 1180, height: 800 }, "en");
    await page.goto("/privacy-policy/segment");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Privacy policy" }).getAttribute("href")).toBe("/products/segment-products");
    const content = page.getByTestId("privacy-content");
    expect(await content.evaluate((element) => getComputedStyle(element).flexDirection)).toBe("row");
    await page.setViewportSize({ width: 1179, height: 800 });
    expect(await content.evaluate((element) => getComputedStyle(element).flexDirection)).toBe("column");
    await release();
  });

  it("shows the terms of service, with a way back to segment products for the segment type", async () => {
    const { page, release } = await site.warmPage(PHONE, "ar");
    await page.goto("/service-terms/segment");
    expect(await h1(page)).toBe("شروط الخدمة");
    expect((await page.locator(".prose-content").textContent())!.length).toBeGreaterThan(500);
    expect(await page.locator('main a[href="/products/segment-products"]').count()).toBeGreaterThan(0);
    await release();
  });
});
