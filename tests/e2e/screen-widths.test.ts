// Every page fits every screen from a small phone (320 px) to a wide desktop (1440 px), in Arabic and English,
// for a guest and for a subscriber whose number is on the account button: the page never scrolls sideways,
// every control of the header is whole on screen (the sidebar toggle included), and the number on the account
// button is shown whole, left to right, isolated from the Arabic around it. Each page is loaded at 320 px
// and then resized through the other widths, as a phone turned or a window dragged would. On a phone the
// floating Support button leaves the end of every page clear: scrolled to the bottom, nothing is under it.
// And the Support button never lies over a link, button or field (issue 15, item 8): on /home at load, at
// 360–1280 px wide and 640–900 px high, while the page scrolls (it is then a 12 px tab at the screen's edge)
// and once the scrolling stops; it is still whole at the end of the page, one button for the keyboard and a
// screen reader, opened by a tap on its tab, and without animation when reduced motion is asked for.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { freshNumber, insertSession } from "../support/subscriber.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { launchBrowser, openPage, waitForHydration } from "./browser.ts";
import { contentSamples, FIXED_PATHS, OTHER_COMPANY_PATHS, routesNotVisited, SUBSCRIBER_PATHS } from "./site-paths.ts";

/** The phone widths people use most, both sides of the 1100 px switch, and desktops. */
const WIDTHS = [320, 360, 390, 414, 768, 1099, 1100, 1280, 1440];
const HEIGHT = 800;

let server: TestServer;
let browser: Browser;
let publicPaths: string[];
let subscriberPaths: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const { contentPaths, reservePath } = await contentSamples(server);
  publicPaths = [...FIXED_PATHS, ...OTHER_COMPANY_PATHS, ...contentPaths];
  subscriberPaths = [...SUBSCRIBER_PATHS, reservePath];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Two frames: the layout of the new width is done and React has run the media queries' effects. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * What does not fit at the current width, in words (empty when all is well): the page wider than the screen
 * (with the outermost elements that stick out), a header control cut by the screen's edge, by a box that clips
 * it or covered by something else, and the subscriber's number on the account button not shown whole.
 */
function misfits(page: Page, gsm: string | null): Promise<string[]> {
  return page.evaluate((gsm) => {
    window.scrollTo(0, 0);
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const name = (element: Element) => {
      const text = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      return `<${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? ` class="${element.className.slice(0, 60)}"` : ""}> "${text}"`;
    };
    const sticksOut = (box: DOMRect) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
    const clipped = (element: Element) => {
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX !== "visible") return true;
      }
      return false;
    };
    if (root.scrollWidth > width) {
      // The outermost elements past the edge that no box of theirs clips (those are what widen the page).
      const outside = [...document.body.querySelectorAll("*")].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && sticksOut(box) && !clipped(element);
      });
      const outermost = outside.filter((element) => !outside.includes(element.parentElement!));
      problems.push(`the page scrolls sideways (${root.scrollWidth} px of content in ${width} px); sticking out: ${outermost.slice(0, 4).map(name).join(", ")}`);
    }
    /** Why `box` (of `element`, or of text inside it) is not whole on screen, or null when it is. */
    const cut = (element: Element, box: DOMRect): string | null => {
      if (box.width === 0 || box.height === 0) return "has no size";
      if (sticksOut(box)) return `runs past the screen's edge (${Math.round(box.left)}–${Math.round(box.right)} of ${width} px)`;
      for (let ancestor = element.parentElement; ancestor && ancestor !== root; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX === "visible") continue;
        const frame = ancestor.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) return `is clipped by ${name(ancestor)}`;
      }
      return null;
    };
    const header = document.querySelector("header")!;
    const controls = [...header.querySelectorAll("a[href], button, input")].filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const problem = cut(control, box);
      if (problem) {
        problems.push(`header control ${name(control)} ${problem}`);
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && !control.contains(hit)) problems.push(`header control ${name(control)} is covered by ${name(hit)}`);
    }
    if (gsm) {
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      let numberText: Text | null = null;
      while (walker.nextNode()) if (walker.currentNode.nodeValue?.includes(gsm)) numberText = walker.currentNode as Text;
      const holder = numberText?.parentElement;
      if (!numberText || !holder || !holder.closest("button")) {
        problems.push(`the account button does not show ${gsm}`);
      } else if (!holder.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        problems.push(`the account button hides ${gsm}`);
      } else {
        const range = document.createRange();
        range.selectNodeContents(numberText);
        const problem = cut(holder, range.getBoundingClientRect());
        if (problem) problems.push(`the number ${gsm} on the account button ${problem}`);
        if (holder.innerText.trim() !== gsm) problems.push(`the account button reads "${holder.innerText.trim()}" instead of ${gsm}`);
        const style = getComputedStyle(holder);
        if (style.direction !== "ltr" || !style.unicodeBidi.startsWith("isolate")) {
          problems.push(`the number ${gsm} is not isolated left to right (direction ${style.direction}, unicode-bidi ${style.unicodeBidi})`);
        }
      }
    }
    return problems;
  }, gsm);
}

/** Visits each path at 320 px, then resizes through every width, and lists what did not fit where. */
async function sweep(page: Page, paths: string[], gsm: string | null): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
    await page.goto(path);
    await waitForHydration(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      // The console has its own frame, without the subscriber's account button (a subscriber there is a guest).
      const accountNumber = /^\/console(\/|$)/i.test(path) ? null : gsm;
      for (const problem of await misfits(page, accountNumber)) problems.push(`${path} at ${width} px: ${problem}`);
    }
  }
  return problems;
}

describe("the pages visited", () => {
  it("reach every page route of app/routes.ts", () => {
    expect(routesNotVisited([...publicPaths, ...subscriberPaths])).toEqual([]);
  });
});

for (const language of ["ar", "en"] as const satisfies Language[]) {
  describe(`every page fits 320–1440 px (${language})`, () => {
    it("for a guest", async () => {
      const { page, context, errors } = await openPage(browser, server.url, { width: WIDTHS[0]!, height: HEIGHT }, language);
      const problems = await sweep(page, publicPaths, null);
      await context.close();
      expect(problems, problems.join("\n")).toEqual([]);
      expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    }, 300_000);

    it("for a subscriber, with the number on the account button", async () => {
      const gsm = freshNumber("0966");
      const { token } = await insertSession(server.databaseUrl, { gsm });
      const { page, context, errors } = await openPage(browser, server.url, { width: WIDTHS[0]!, height: HEIGHT }, language);
      await context.addCookies([{ name: "session", value: token, url: server.url }]);
      const problems = await sweep(page, [...publicPaths, ...subscriberPaths], gsm);
      expect(new URL(page.url()).pathname, "the session kept the subscriber in").toBe("/reserve-number");
      await context.close();
      expect(problems, problems.join("\n")).toEqual([]);
      expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    }, 300_000);
  });
}

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
      const { page, context } = await openPage(browser, server.url, { width: 360, height: 740 }, language);
      const problems: string[] = [];
      for (const path of SUPPORT_BUTTON_PAGES) {
        await page.goto(path);
        await waitForHydration(page);
        for (const covered of await underSupportButton(page, name)) problems.push(`${path}: ${covered}`);
      }
      await context.close();
      expect(problems, `under the Support button, scrolled to the end:\n${problems.join("\n")}`).toEqual([]);
    });
  }
});

/** Issue 15 item 8 at the widths it was seen at (768 and 1100 px) and around them. */
const SUPPORT_WIDTHS = [360, 390, 768, 1099, 1100, 1280];
/** From a phone held sideways to a tall tablet: what lies in the button's corner at load depends on the height. */
const SUPPORT_HEIGHTS = [640, 740, 800, 900];
/** Longer than the button's pause after the last scroll before it shows again where its corner is clear. */
const AFTER_SCROLLING_MS = 900;

interface SupportButtonState {
  /** The Support button's box as drawn (transforms included), in CSS pixels of the viewport. */
  box: { left: number; top: number; width: number; height: number } | null;
  /** The visible links, buttons and fields whose boxes intersect it. */
  covered: string[];
}

/**
 * Where the Support button is once its animation (if any) has run, and what it lies over: every visible link,
 * button and field (a, button, input, select, textarea, summary) whose box intersects the button's box.
 */
function supportButtonState(page: Page, name: string): Promise<SupportButtonState> {
  return page.evaluate(async (name) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const button = [...document.querySelectorAll("button")].find((element) => element.textContent?.trim() === name || element.getAttribute("aria-label") === name);
    if (!button) return { box: null, covered: [`no Support button named "${name}"`] };
    await Promise.all(button.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined)));
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

const scrollPageTo = (page: Page, top: number) => page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), top);

describe("the floating Support button lies over no link, button or field", () => {
  for (const language of ["ar", "en"] as const satisfies Language[]) {
    const name = { ar, en }[language].support.button;

    it(`on /home at load, at ${SUPPORT_WIDTHS.join(", ")} px wide and ${SUPPORT_HEIGHTS.join(", ")} px high (${language})`, async () => {
      const { page, context } = await openPage(browser, server.url, { width: SUPPORT_WIDTHS[0]!, height: SUPPORT_HEIGHTS[0]! }, language);
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
      await context.close();
      expect(problems, `the Support button at load:\n${problems.join("\n")}`).toEqual([]);
    }, 120_000);

    it(`on /home while scrolling and once scrolling stops, and it is whole at the end of the page (${language})`, async () => {
      const { page, context } = await openPage(browser, server.url, { width: SUPPORT_WIDTHS[0]!, height: 800 }, language);
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
            await page.waitForTimeout(AFTER_SCROLLING_MS);
            const { covered: coveredAtRest } = await supportButtonState(page, name);
            for (const control of coveredAtRest) problems.push(`${width} px, stopped at ${top} px: over ${control}`);
          }
        }
        // At the end of the page its band is clear: there the button shows whole, at rest.
        await scrollPageTo(page, end);
        await page.waitForTimeout(AFTER_SCROLLING_MS);
        const { box, covered } = await supportButtonState(page, name);
        for (const control of covered) problems.push(`${width} px, at the end: over ${control}`);
        if (!box || box.width < 44 || box.height < 44) problems.push(`${width} px, at the end: the button is not whole (${JSON.stringify(box)})`);
      }
      await context.close();
      expect(problems, `the Support button on /home:\n${problems.join("\n")}`).toEqual([]);
    }, 180_000);

    it(`as a tab it is still the same button for the keyboard, a screen reader and a tap; reduced motion: no animation (${language})`, async () => {
      const menuTitle = { ar, en }[language].support.menuTitle;
      const { page, context } = await openPage(browser, server.url, { width: 360, height: 800 }, language);
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
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      // React Aria gives the focus back in the frame after the menu leaves: a busy machine may paint it later.
      await expect.poll(() => support.evaluate((button) => button === document.activeElement), { message: "focus back on the button" }).toBe(true);

      // A tap on the tab opens the menu (back at the top: a reload would restore the scroll to the end of the page).
      await scrollPageTo(page, 0);
      await page.goto("/home");
      await waitForHydration(page);
      const box = (await supportButtonState(page, name)).box!;
      expect(box.width).toBeLessThanOrEqual(12.5);
      await page.mouse.click(box.left + box.width / 2, box.top + box.height / 2);
      await menu.waitFor();
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
      await context.close();
    });
  }
});

describe("a table in content HTML scrolls in a box of its own that the keyboard reaches", () => {
  for (const language of ["ar", "en"] as const satisfies Language[]) {
    it(`/about-sama/financial-reports at 320 px (${language})`, async () => {
      const { page, context, errors } = await openPage(browser, server.url, { width: 320, height: 800 }, language);
      await page.goto("/about-sama/financial-reports");
      await waitForHydration(page);
      // Named after the table's caption, or (as here, without one) the page language's word for a table.
      const box = page.getByRole("region", { name: { ar, en }[language].content.table, exact: true });
      expect(await box.count()).toBe(1);
      expect(await box.getAttribute("tabindex")).toBe("0");
      expect(await box.locator("table").count()).toBe(1);
      const { scrollWidth, clientWidth } = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      expect(scrollWidth, "the table is wider than its box at 320 px").toBeGreaterThan(clientWidth);

      // Tab from the control before it lands on the box, with a visible focus indicator.
      await box.evaluate((region) => {
        const controls = [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])")];
        const before = controls.filter((control) => control.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1)!;
        before.focus();
      });
      await page.keyboard.press("Tab");
      expect(await box.evaluate((region) => region === document.activeElement), "Tab reaches the table's box").toBe(true);
      expect(await box.evaluate((region) => getComputedStyle(region).outlineStyle)).not.toBe("none");

      // The arrow key toward the end of the line scrolls it (leftwards in Arabic, rightwards in English).
      for (let press = 0; press < 3; press++) await page.keyboard.press(language === "ar" ? "ArrowLeft" : "ArrowRight");
      await expect.poll(() => box.evaluate((region) => Math.abs(region.scrollLeft))).toBeGreaterThan(0);
      await context.close();
      expect(errors).toEqual([]);
    });
  }
});
