// The walk of every page route, in Arabic and English (a test file each: site-walk-ar and site-walk-en), for a
// guest and for a subscriber whose number is on the account button. Each page is loaded once, at 320 px (it answers
// 200, the missing page 404, and shows its heading of level 1; no console error while it is shown), and then resized
// through every width to 1440 px, as a phone turned or a window dragged would; at each width:
// - the page never scrolls sideways, every control of the header is whole on screen (the sidebar toggle
//   included), and the number on the account button is shown whole, left to right, isolated from the Arabic
//   around it;
// - at 390 and 1280 px (844 and 900 px high, as the other browser tests' phone and desktop), axe-core finds no
//   violation of impact serious or critical (WCAG 2.0/2.1 A and AA, and axe's best practices) on the guest's pages
//   and the subscriber's own.
// Loading a page once for both checks spares about two hundred page loads a run (issue 18). A table in content HTML
// scrolls in a box of its own. (The floating Support button at every width: support-button.test.ts; the overlays
// through axe: accessibility-suite.ts.)
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import type { Language } from "../../common/language.ts";
import { freshNumber, insertSession } from "../support/subscriber.ts";
import { axeFindings, printAdvisories, type Advisories } from "./axe.ts";
import { DESKTOP, PHONE, signIn, siteInBrowser, waitForHydration, type PageWithErrors, type SiteInBrowser } from "./browser.ts";
import { contentSamples, FIXED_PATHS, MISSING_PATH, OTHER_COMPANY_PATHS, routesNotVisited, SUBSCRIBER_PATHS } from "./site-paths.ts";

/** The phone widths people use most, both sides of the 1100 px switch, and desktops. */
const WIDTHS = [320, 360, 390, 414, 768, 1099, 1100, 1280, 1440];
const HEIGHT = 800;
/** Where axe checks, with the heights the other browser tests use there: a common phone and a desktop. */
const AXE_VIEWPORTS = new Map([PHONE, DESKTOP].map((viewport) => [viewport.width, viewport]));
/** The viewport of the walk at `width`. */
const viewportAt = (width: number) => AXE_VIEWPORTS.get(width) ?? { width, height: HEIGHT };

/**
 * A walk is about fifty pages at nine widths with axe at two: alone it takes about a minute, but at the start of a
 * full run it shares two CPUs with the other walks (a width sweep alone once took more than 300 s). A stuck step
 * still fails on its own (Playwright's 30 s per wait).
 */
const WALK_TIMEOUT_MS = 600_000;

/**
 * What does not fit at the current width, in words (empty when all is well): the page wider than the screen
 * (with the outermost elements that stick out), a header control cut by the screen's edge, by a box that clips
 * it or covered by something else, and the subscriber's number on the account button not shown whole. It looks
 * two frames after it is called (what a resize sets off has been drawn: nextFrames, in the same call).
 */
function misfits(page: Page, gsm: string | null): Promise<string[]> {
  return page.evaluate(async (gsm) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
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

/** What a walk looks for: the pages that must fit, and those axe checks too (with where its findings go). */
interface Walk {
  paths: string[];
  /** The subscriber's number, shown on the account button; null for a guest. */
  gsm: string | null;
  axe: { paths: Set<string>; findings: ReturnType<typeof axeFindings> };
}

/**
 * Visits each path at 320 px, then resizes through every width (axe at AXE_VIEWPORTS), and lists what did not fit
 * where (in the order of `paths`); `axeRuns` says how often axe ran, so that a walk where it never did cannot pass.
 * The pages are lanes that take the next path from one queue, side by side: a lane waits on the browser and the
 * server more than it computes, so one lane alone keeps less than one CPU busy.
 */
async function walk(pages: PageWithErrors[], { paths, gsm, axe }: Walk, afterLoad: (page: Page, path: string) => void = () => {}): Promise<{ problems: string[]; axeRuns: number }> {
  const found = new Map<string, string[]>();
  let axeRuns = 0;
  let next = 0;
  async function lane({ page, errors }: PageWithErrors): Promise<void> {
    while (next < paths.length) {
      const path = paths[next++]!;
      const problems: string[] = [];
      found.set(path, problems);
      await page.setViewportSize(viewportAt(WIDTHS[0]!));
      const status = (await page.goto(path))?.status();
      const expected = path === MISSING_PATH ? 404 : 200;
      if (status !== expected) problems.push(`${path}: HTTP ${status} instead of ${expected}`);
      await waitForHydration(page);
      if ((await page.getByRole("heading", { level: 1 }).count()) === 0) problems.push(`${path}: no heading of level 1 shown`);
      afterLoad(page, path);
      for (const width of WIDTHS) {
        await page.setViewportSize(viewportAt(width));
        // The console has its own frame, without the subscriber's account button (a subscriber there is a guest).
        const accountNumber = /^\/console(\/|$)/i.test(path) ? null : gsm;
        for (const problem of await misfits(page, accountNumber)) problems.push(`${path} at ${width} px: ${problem}`);
        if (AXE_VIEWPORTS.has(width) && axe.paths.has(path)) {
          await axe.findings.check(page, `${width} px`);
          axeRuns += 1;
        }
      }
      // The console's errors while the page was shown (the missing page's own 404 excepted).
      for (const error of errors.splice(0)) if (!(path === MISSING_PATH && error.includes("404"))) problems.push(`${path}: console error: ${error}`);
    }
  }
  // A lane that fails (a stuck page) stops the others at their next page, and the walk fails with its error once
  // every lane has stopped: no lane goes on in the background of the next test.
  const lanes = await Promise.allSettled(
    pages.map((lanePage) =>
      lane(lanePage).catch((error: unknown) => {
        next = paths.length;
        throw error;
      }),
    ),
  );
  const failed = lanes.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return { problems: paths.flatMap((path) => found.get(path) ?? []), axeRuns };
}

/** `count` pages kept by the file's pool at the walk's first width, side by side; `release` hands them all back. */
async function lanePages(site: SiteInBrowser, count: number, language: Language) {
  const taken = await Promise.all(Array.from({ length: count }, () => site.warmPage(viewportAt(WIDTHS[0]!), language)));
  // With motion reduced throughout, as axe measures colours (tests/e2e/axe.ts): each axe run no longer switches it
  // on and off again, which cost a restyle of the page each time (about 3 of 62 CPU-s of a walk file alone). The
  // widths are checked once a resize's effects are drawn, as before; the motion itself: support-button.test.ts.
  await Promise.all(taken.map(({ page }) => page.emulateMedia({ reducedMotion: "reduce" })));
  return {
    taken,
    release: () => Promise.all(taken.map(({ release }) => release())),
  };
}

/**
 * Lanes of each walk. A guest's walk runs axe on every page and took half as long again as the subscriber's (89
 * against 60 s in a full run): with one lane each, each walk file ran its last 30 s as one lane. Three and two end
 * at about the same time.
 */
const GUEST_LANES = 3;
const SUBSCRIBER_LANES = 2;

/** The walk of one language: a test file per language (site-walk-ar, site-walk-en), so the two run side by side. */
export function siteWalk(language: Language): void {
  const site = siteInBrowser();
  let publicPaths: string[];
  let subscriberPaths: string[];
  /** axe's moderate and minor findings do not fail the run; they are listed once at the end, with a first example. */
  const advisories: Advisories = new Map();

  beforeAll(async () => {
    const { contentPaths, reservePath } = await contentSamples(site.server);
    publicPaths = [...FIXED_PATHS, ...OTHER_COMPANY_PATHS, ...contentPaths];
    subscriberPaths = [...SUBSCRIBER_PATHS, reservePath];
  });
  afterAll(() => printAdvisories(advisories));

  describe("the pages visited", () => {
    it("reach every page route of app/routes.ts", () => {
      expect(routesNotVisited([...publicPaths, ...subscriberPaths])).toEqual([]);
    });
  });

  // The two walks wait on the server and the browser more than they compute: they run at the same time, each in
  // its own browser context.
  describe.concurrent(`every page fits 320–1440 px, and axe finds nothing serious at 390 and 1280 px (${language})`, () => {
    it("for a guest", async ({ expect }) => {
      const lanes = await lanePages(site, GUEST_LANES, language);
      const findings = axeFindings(advisories);
      const { problems, axeRuns } = await walk(lanes.taken, { paths: publicPaths, gsm: null, axe: { paths: new Set(publicPaths), findings } });
      await lanes.release();
      // Soft, so that a page that does not fit and axe's findings are all reported by one run.
      expect.soft(problems, problems.join("\n")).toEqual([]);
      expect.soft(axeRuns, "axe ran on every page at each of its widths").toBe(publicPaths.length * AXE_VIEWPORTS.size);
      findings.expectNone();
    }, WALK_TIMEOUT_MS);

    it("for a subscriber, with the number on the account button (axe on the subscriber's own pages)", async ({ expect }) => {
      const gsm = freshNumber("0966");
      const { token } = await insertSession(site.server.databaseUrl, { gsm });
      const lanes = await lanePages(site, SUBSCRIBER_LANES, language);
      await Promise.all(lanes.taken.map(({ context }) => signIn(context, site.server.url, token)));
      const findings = axeFindings(advisories);
      const own = new Set(subscriberPaths);
      const notLetIn: string[] = [];
      const { problems, axeRuns } = await walk(lanes.taken, { paths: [...publicPaths, ...subscriberPaths], gsm, axe: { paths: own, findings } }, (page, path) => {
        if (own.has(path) && new URL(page.url()).pathname.toLowerCase() !== path.split("?")[0]) notLetIn.push(`${path} → ${page.url()}`);
      });
      await lanes.release();
      expect.soft(notLetIn, "the session lets the subscriber into each of their pages").toEqual([]);
      expect.soft(problems, problems.join("\n")).toEqual([]);
      expect.soft(axeRuns, "axe ran on every page of the subscriber's own at each of its widths").toBe(subscriberPaths.length * AXE_VIEWPORTS.size);
      findings.expectNone();
    }, WALK_TIMEOUT_MS);
  });

  describe("a table in content HTML scrolls in a box of its own that the keyboard reaches", () => {
    it(`/about-sama/financial-reports at 320 px (${language})`, async () => {
      const { page, errors, release } = await site.warmPage({ width: 320, height: 800 }, language);
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
      await release();
      expect(errors).toEqual([]);
    });
  });
}
