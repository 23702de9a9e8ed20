// The floating Support button on every screen (issue 15, item 8). On a phone it leaves the end of every page
// clear: scrolled to the bottom, nothing is under it. It never lies over a link, button or field: on /home at
// load, at 360–1280 px wide and 640–900 px high, while the page scrolls (it is then a 12 px tab at the screen's
// edge) and once the scrolling stops; it is still whole at the end of the page, one button for the keyboard and
// a screen reader, opened by a tap on its tab, and without animation when reduced motion is asked for.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { expectFocusBackOn, expectFocusInside, siteInBrowser, waitForHydration } from "./browser.ts";

const site = siteInBrowser();

/** Pages of every layout: quick links, cards, a long table, accordions, a form, company text, a subscriber's profile. */
const SUPPORT_BUTTON_PAGES = ["/home", "/products", "/products/prices-list", "/bundles", "/roaming", "/support/FAQs", "/support/Feedback", "/about-sama/who-we-are", "/service-terms", "/no-such-page"];

/**
 * The links, buttons and fields, and the lines of text, that lie under the Support button (or within 4 px of it)
 * once the page is scrolled to its end.
 */
function underSupportButton(page: Page, name: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const button = [...document.querySelectorAll("button")].find((element) => element.textContent?.trim() === name || element.getAttribute("aria-label") === name);
    if (!button) return [`no Support button named "${name}"`];
    const floating = button.parentElement!;
    const area = button.getBoundingClientRect();
    const near = (box: DOMRect) => box.width > 1 && box.height > 1 && box.left < area.right + 4 && box.right > area.left - 4 && box.top < area.bottom + 4 && box.bottom > area.top - 4;
    const covered: string[] = [];
    for (const control of document.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]")) {
      if (floating.contains(control) || !control.checkVisibility({ visibilityProperty: true })) continue;
      if (near(control.getBoundingClientRect())) covered.push(`<${control.tagName.toLowerCase()}> "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40)}"`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode as Text;
      const holder = text.parentElement;
      if (!text.nodeValue?.trim() || !holder || floating.contains(holder) || !holder.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      if ([...range.getClientRects()].some((box) => near(box as DOMRect))) covered.push(`text "${text.nodeValue.trim().slice(0, 40)}"`);
    }
    return covered;
  }, name);
}

describe("the floating Support button on a phone", () => {
  for (const language of ["ar", "en"] as const satisfies Language[]) {
    it(`covers nothing at the end of a page (${language}, 360 px)`, async () => {
      const name = { ar, en }[language].support.button;
      const { page, release } = await site.warmPage({ width: 360, height: 740 }, language);
      const problems: string[] = [];
      for (const path of SUPPORT_BUTTON_PAGES) {
        await page.goto(path);
        await waitForHydration(page);
        for (const covered of await underSupportButton(page, name)) problems.push(`${path}: ${covered}`);
      }
      await release();
      expect(problems, `under the Support button, scrolled to the end:\n${problems.join("\n")}`).toEqual([]);
    });
  }
});

/** Issue 15 item 8 at the widths it was seen at (768 and 1100 px) and around them. */
const SUPPORT_WIDTHS = [360, 390, 768, 1099, 1100, 1280];
/** From a phone held sideways to a tall tablet: what lies in the button's corner at load depends on the height. */
const SUPPORT_HEIGHTS = [640, 740, 800, 900];
/**
 * Longer than the button's pause after the last scroll before it shows again where its corner is clear. The page's
 * clock is moved on by it (Playwright's clock), not waited for: the button's timer fires as it would after a pause.
 */
const AFTER_SCROLLING_MS = 900;

interface SupportButtonState {
  /** The Support button's box as drawn (transforms included), in CSS pixels of the viewport. */
  box: { left: number; top: number; width: number; height: number } | null;
  /** The visible links, buttons and fields whose boxes intersect it. */
  covered: string[];
}

/**
 * Where the Support button is once its animation (if any) has run, and what it lies over: every visible link,
 * button and field (a, button, input, select, textarea, summary) whose box intersects the button's box. A change of
 * form under way is run to its end at once (Animation.finish: the box it ends in, without waiting its 200 ms, which
 * was half of this file's time: 77 → 49 s alone).
 */
function supportButtonState(page: Page, name: string): Promise<SupportButtonState> {
  return page.evaluate(async (name) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const button = [...document.querySelectorAll("button")].find((element) => element.textContent?.trim() === name || element.getAttribute("aria-label") === name);
    if (!button) return { box: null, covered: [`no Support button named "${name}"`] };
    for (const animation of button.getAnimations({ subtree: true })) animation.finish();
    const area = button.getBoundingClientRect();
    const covered: string[] = [];
    for (const control of document.querySelectorAll("a[href], button, input, select, textarea, summary")) {
      if (control === button || !control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.left < area.right && box.right > area.left && box.top < area.bottom && box.bottom > area.top) {
        covered.push(`<${control.tagName.toLowerCase()}> "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`);
      }
    }
    return { box: { left: area.left, top: area.top, width: area.width, height: area.height }, covered };
  }, name);
}

/** Scrolls the page to `top` and answers once the browser has dispatched the scroll (the button has seen it). */
const scrollPageTo = (page: Page, top: number) =>
  page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        const target = Math.max(0, Math.min(top, document.documentElement.scrollHeight - window.innerHeight));
        if (Math.abs(window.scrollY - target) < 1) return resolve();
        window.addEventListener("scroll", () => resolve(), { once: true });
        window.scrollTo({ top, behavior: "instant" });
      }),
    top,
  );

// At load and while scrolling run side by side (each in its own browser context): they wait on frames and timers.
describe("the floating Support button lies over no link, button or field", () => {
  for (const language of ["ar", "en"] as const satisfies Language[]) {
    const name = { ar, en }[language].support.button;

    it.concurrent(`on /home at load, at ${SUPPORT_WIDTHS.join(", ")} px wide and ${SUPPORT_HEIGHTS.join(", ")} px high (${language})`, async ({ expect }) => {
      const { page, release } = await site.warmPage({ width: SUPPORT_WIDTHS[0]!, height: SUPPORT_HEIGHTS[0]! }, language);
      const problems: string[] = [];
      for (const width of SUPPORT_WIDTHS) {
        for (const height of SUPPORT_HEIGHTS) {
          await page.setViewportSize({ width, height });
          await page.goto("/home");
          await waitForHydration(page);
          const { box, covered } = await supportButtonState(page, name);
          for (const control of covered) problems.push(`${width}×${height}: over ${control}`);
          if (box && (box.left < 0 || box.left + box.width > width + 0.5 || box.top < 0 || box.top + box.height > height + 0.5)) {
            problems.push(`${width}×${height}: the button is not whole on screen (${JSON.stringify(box)})`);
          }
        }
      }
      await release();
      expect(problems, `the Support button at load:\n${problems.join("\n")}`).toEqual([]);
    }, 120_000);

    it.concurrent(`on /home while scrolling and once scrolling stops, and it is whole at the end of the page (${language})`, async ({ expect }) => {
      const { page, release } = await site.warmPage({ width: SUPPORT_WIDTHS[0]!, height: 800 }, language);
      await page.clock.install();
      const problems: string[] = [];
      for (const width of SUPPORT_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/home");
        await waitForHydration(page);
        const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        // Down the page in steps of a fifth of a screen, with a pause after every sixth step; then back up.
        const stops = Array.from({ length: Math.ceil(end / 160) }, (_, index) => (index + 1) * 160).filter((top) => top < end);
        const path = [...stops, ...[...stops].reverse().filter((_, index) => index % 3 === 0)];
        for (const [index, top] of path.entries()) {
          await scrollPageTo(page, top);
          const { covered } = await supportButtonState(page, name);
          for (const control of covered) problems.push(`${width} px, scrolling at ${top} px: over ${control}`);
          if (index % 6 === 5) {
            await page.clock.fastForward(AFTER_SCROLLING_MS);
            const { covered: coveredAtRest } = await supportButtonState(page, name);
            for (const control of coveredAtRest) problems.push(`${width} px, stopped at ${top} px: over ${control}`);
          }
        }
        // At the end of the page its band is clear: there the button shows whole, at rest.
        await scrollPageTo(page, end);
        await page.clock.fastForward(AFTER_SCROLLING_MS);
        const { box, covered } = await supportButtonState(page, name);
        for (const control of covered) problems.push(`${width} px, at the end: over ${control}`);
        if (!box || box.width < 44 || box.height < 44) problems.push(`${width} px, at the end: the button is not whole (${JSON.stringify(box)})`);
      }
      await release();
      expect(problems, `the Support button on /home:\n${problems.join("\n")}`).toEqual([]);
    }, 180_000);

    it(`as a tab it is still the same button for the keyboard, a screen reader and a tap; reduced motion: no animation (${language})`, async () => {
      const menuTitle = { ar, en }[language].support.menuTitle;
      const { page, release } = await site.warmPage({ width: 360, height: 800 }, language);
      await page.goto("/home");
      await waitForHydration(page);
      // At 360×800 the quick link "Reserve a number" lies in the button's corner at load: the button waits as a tab.
      const support = page.getByRole("button", { name, exact: true });
      expect(await support.count(), "one button named Support").toBe(1);
      const tab = (await supportButtonState(page, name)).box!;
      expect(tab.width, "a tab at load").toBeLessThanOrEqual(12.5);
      expect(language === "ar" ? tab.left : 360 - tab.left - tab.width, "flush with the screen's end edge").toBeLessThan(0.5);

      // The keyboard reaches it after the footer's last control, as before; focused, it is whole.
      await page.locator("footer").locator("a[href], button").last().focus();
      await page.keyboard.press("Tab");
      expect(await support.evaluate((button) => button === document.activeElement)).toBe(true);
      expect((await supportButtonState(page, name)).box!.width, "whole while focused").toBeGreaterThanOrEqual(44);
      await page.keyboard.press("Enter");
      const menu = page.getByRole("dialog", { name: menuTitle });
      await menu.waitFor();
      await expectFocusInside(menu, "the menu");
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      await expectFocusBackOn(support, "the Support button");

      // A tap on the tab opens the menu (back at the top: a reload would restore the scroll to the end of the page).
      await scrollPageTo(page, 0);
      await page.goto("/home");
      await waitForHydration(page);
      const box = (await supportButtonState(page, name)).box!;
      expect(box.width).toBeLessThanOrEqual(12.5);
      await page.mouse.click(box.left + box.width / 2, box.top + box.height / 2);
      await menu.waitFor();
      await expectFocusInside(menu, "the menu");
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });

      // Reduced motion: it changes form at once.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/home");
      await waitForHydration(page);
      await scrollPageTo(page, 400);
      const transitions = await page.evaluate(async (name) => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const button = [...document.querySelectorAll("button")].find((element) => element.textContent?.trim() === name)!;
        return { running: button.getAnimations({ subtree: true }).length, width: button.getBoundingClientRect().width };
      }, name);
      expect(transitions).toEqual({ running: 0, width: 12 });
      await release();
    });
  }
});

