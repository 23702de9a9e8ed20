// Real headless Chromium for the end-to-end tests (Debian's package, driven by playwright-core).
// A missing browser fails the run with a message that says how to install it: never a silent skip.
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, test as baseTest } from "vitest";
import type { Language } from "../../common/language.ts";
import { moveDemoOffersToToday } from "../support/demo-offers.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "../support/test-server.ts";
import { ACCOUNT_TEST_ENV } from "./accounts-support.ts";

/**
 * Debian's Chromium headless shell when it is installed: the same Blink and V8 as the full browser (same package
 * version), without the full browser's windowing and compositor layers, so the same walks take about a third less
 * CPU (the width sweeps 40 % less, docs/PERFORMANCE.md); Playwright's own headless runs use this shell too. The full
 * browser otherwise; CHROMIUM_PATH wins over both.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/** `scrollbars`: scrollbars that take room, as on a desktop (Playwright hides them by default). */
export async function launchBrowser({ scrollbars = false }: { scrollbars?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install Debian's packages (apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // --in-process-gpu: the software compositor runs as a thread of the browser process instead of a process of
    // its own (`site-walk-ar` alone: 115.0 and 121.9 CPU-s against 121.5 and 129.0 without, on the same machine).
    args: ["--no-sandbox", "--disable-gpu", "--in-process-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    ...(scrollbars ? { ignoreDefaultArgs: ["--hide-scrollbars"] } : {}),
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface PageWithErrors {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions so far (CSP violations show up here). */
  errors: string[];
}

/** A fresh browser context (own cookies and storage) at the given viewport and language. */
export async function openPage(browser: Browser, baseURL: string, viewport = DESKTOP, language?: Language): Promise<PageWithErrors> {
  const context = await browser.newContext({ baseURL, viewport });
  await chooseLanguage(context, baseURL, language);
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

/** The site's language cookie, as the language picker sets it (none: the site's default, Arabic). */
async function chooseLanguage(context: BrowserContext, baseURL: string, language: Language | undefined): Promise<void> {
  if (language) await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
}

/**
 * Signs the context's browser in as the holder of a session `token` (the session cookie, as the sign-in sets it),
 * with `more` cookies beside it (selected_gsm, lang).
 */
export async function signIn(context: BrowserContext, baseURL: string, token: string, more: Record<string, string> = {}): Promise<void> {
  await context.addCookies(Object.entries({ session: token, ...more }).map(([name, value]) => ({ name, value, url: baseURL })));
}

/**
 * Waits until the focus is inside `overlay`. A dialog or menu takes the focus in the frame after it appears, and its
 * Escape listens there: a key pressed before that reaches the element that opened it (a test once did it that fast).
 * Opening an overlay moving the focus into it is also a check of its own.
 */
export async function expectFocusInside(overlay: Locator, what: string): Promise<void> {
  await expect.poll(() => overlay.evaluate((element) => element.contains(document.activeElement)), { message: `the focus moves into ${what}` }).toBe(true);
}

/**
 * Waits until the focus is back on `opener` after its overlay closed. React Aria gives it back in the frame after the
 * overlay leaves, which a busy machine may paint later than the overlay's removal (a full run once looked in between).
 */
export async function expectFocusBackOn(opener: Locator, what: string): Promise<void> {
  await expect.poll(() => opener.evaluate((element) => element === document.activeElement), { message: `the focus back on ${what}` }).toBe(true);
}

/** Two frames of `page`: the layout of a change is done and what React runs on it (media queries' effects) has run. */
export function nextFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Console errors and uncaught exceptions of `page` from now on, in the array answered. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/** The events a test may listen to on a page: a page handed back to the pool forgets every listener of them. */
const TEST_EVENTS = ["console", "pageerror", "request", "response", "requestfinished", "requestfailed", "framenavigated", "load", "domcontentloaded", "dialog", "popup", "download"] as const;

export interface WarmPage extends PageWithErrors {
  /**
   * Hands the page back to the file's pool for the next warmPage(): its cookies, storage, permissions, routes
   * and emulated media are cleared and the pointer is moved off the page; its browser's caches stay. Call it at
   * the end of the test instead of closing the context, once the page has loaded what the test set off: a request
   * still to leave goes without the cleared session, and a page sent home by its answer navigates over the next
   * test's page (a super clip tab's data once did: net::ERR_ABORTED in the next test).
   */
  release(): Promise<void>;
}

/** Contexts whose page took what it cannot shed: an init script, a clock, a CDP session, an exposed function. */
const spent = new WeakSet<BrowserContext>();

/** Wraps the methods that leave lasting state so that calling one marks the context spent (closed when released). */
function markWhenSpent(context: BrowserContext, page: Page): void {
  const watch = <T extends object>(owner: T, methods: readonly (keyof T)[]) => {
    for (const method of methods) {
      const original = owner[method] as (...args: unknown[]) => unknown;
      Object.defineProperty(owner, method, {
        configurable: true,
        value: (...args: unknown[]) => {
          spent.add(context);
          return original.apply(owner, args);
        },
      });
    }
  };
  watch(page, ["addInitScript", "exposeFunction", "exposeBinding"]);
  watch(context, ["addInitScript", "exposeFunction", "exposeBinding", "newCDPSession"]);
  watch(page.clock, ["install", "setFixedTime", "setSystemTime", "pauseAt"]);
}

/**
 * A file's pool of pages kept between tests. A new browser context costs Chromium about 1.4 s of CPU for its
 * first page (a new renderer process that parses and compiles the site's scripts again, empty caches) where
 * the next page load in a kept page costs 0.3 s (docs/PERFORMANCE.md). Only for tests that do not depend on a
 * cold cache (byte budgets, late fonts, stalled chunks) nor on state a page cannot shed (an installed clock,
 * init scripts, a CDP session): those open a fresh context with open().
 */
class WarmPool {
  private readonly idle: BrowserContext[] = [];

  constructor(
    private readonly browser: () => Browser,
    private readonly baseURL: () => string,
  ) {}

  async take(viewport: { width: number; height: number }, language: Language | undefined): Promise<WarmPage> {
    let context = this.idle.pop();
    while (context && (context.pages().length !== 1 || context.pages()[0]!.isClosed())) {
      await context.close().catch(() => undefined);
      context = this.idle.pop();
    }
    const baseURL = this.baseURL();
    if (!context) {
      context = await this.browser().newContext({ baseURL, viewport });
      markWhenSpent(context, await context.newPage());
    }
    const page = context.pages()[0]!;
    await page.setViewportSize(viewport);
    await chooseLanguage(context, baseURL, language);
    const taken = context;
    let released = false;
    return {
      context: taken,
      page,
      errors: collectErrors(page),
      release: async () => {
        if (released) return;
        released = true;
        if (!spent.has(taken) && (await this.clear(taken, page, baseURL))) this.idle.push(taken);
        else await taken.close().catch(() => undefined);
      },
    };
  }

  /** Clears what one test left for the next; false when the page cannot be kept (closed, or more pages open). */
  private async clear(context: BrowserContext, page: Page, baseURL: string): Promise<boolean> {
    if (page.isClosed() || context.pages().length !== 1) return false;
    for (const event of TEST_EVENTS) page.removeAllListeners(event);
    if (new URL(page.url()).origin === new URL(baseURL).origin) {
      const cleared = await page
        .evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
          // Loading the same address again would restore this scroll position, as a reload does.
          window.scrollTo(0, 0);
        })
        .then(() => true, () => false);
      if (!cleared) return false;
    }
    // The pointer leaves the page, so no element of the next test's page starts hovered (hover can open a menu or
    // load a part on intent).
    const pointerOut = await page.mouse.move(-1, -1).then(() => true, () => false);
    if (!pointerOut) return false;
    await Promise.all([
      context.clearCookies(),
      context.clearPermissions(),
      context.setExtraHTTPHeaders({}),
      context.setOffline(false),
      context.unrouteAll({ behavior: "ignoreErrors" }),
      page.unrouteAll({ behavior: "ignoreErrors" }),
      page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null }),
    ]);
    return true;
  }
}

/** Waits until React has hydrated the page (SiteShell marks it), so clicks reach React's handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/**
 * The settings of a worker's shared site: the limits a browser suite meets from one address raised (the codes of
 * ACCOUNT_TEST_ENV, feedback sent many times); everything else as in production.
 */
export const SHARED_SITE_ENV = { ...ACCOUNT_TEST_ENV, FEEDBACK_PER_IP_HOUR: "1000" };

/**
 * The e2e project's worker fixture (vitest's test.extend, scope "worker"): one shared site per worker, a server on a
 * clone of its own with SHARED_SITE_ENV. A worker runs its files one after another in one module graph
 * (`isolate: false`), so each file has the site to itself while it runs; the first file of the worker that asks for
 * it starts it, and it stops when the worker ends. A server and its clone cost about 2 CPU-s to start
 * (docs/PERFORMANCE.md): nineteen files that need no settings of their own share three of them.
 *
 * The browser is not shared: each file launches its own (0.1–0.2 CPU-s). One Chromium kept for all of a worker's
 * files, with every context closed between them, made the same e2e project cost 6 % more Chromium CPU in two runs
 * out of two (577 against 541 CPU-s; 770 against 725 for the whole project).
 */
export const e2eTest = baseTest.extend("sharedServer", { scope: "worker" }, async ({}, { onCleanup }) => {
  // The demo story's offers run today, whatever the day: the walks and the crawl meet a running offer's page.
  const server = await startTestServer({ env: SHARED_SITE_ENV, prepare: moveDemoOffersToToday });
  // The global teardown may have stopped the database server already: dropping the clone is then best effort.
  onCleanup(() => server.stop().catch(() => undefined));
  return server;
});

export interface SiteInBrowser {
  /** The file's server: the worker's shared site, or the file's own (set once its tests start). */
  readonly server: TestServer;
  /** The file's browser (set once its tests start). */
  readonly browser: Browser;
  /** A fresh browser context on the file's server: openPage with this server's URL. */
  open(viewport?: { width: number; height: number }, language?: Language): Promise<PageWithErrors>;
  /** A page kept between the file's tests (WarmPool): faster, for tests that need no cold cache. */
  warmPage(viewport?: { width: number; height: number }, language?: Language): Promise<WarmPage>;
}

/**
 * A test file's site and browser (the browser launched beside the site's start, and closed after the file's tests).
 * Call it once at the top of the file.
 * - Without options the file uses the worker's shared site: for a file that reads what the seed put there and
 *   writes only rows of its own (its own fresh numbers, sessions and reservations), or puts back what it changes,
 *   whatever files ran before it.
 * - With options, even `{}` (settings of its own, or content it changes that other files would see), the file
 *   starts its own server, on its own clone, and stops it after its tests.
 */
export function siteInBrowser(options?: TestServerOptions): SiteInBrowser {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let ownServer: TestServer | undefined;
  if (options) {
    beforeAll(async () => {
      [ownServer, browser] = await Promise.all([startTestServer(options), launchBrowser()]);
      server = ownServer;
    });
  } else {
    e2eTest.beforeAll(async ({ sharedServer }) => {
      // A shared site that ended under an earlier file would fail every test of this one: say why, once.
      if (sharedServer.process.exitCode !== null || sharedServer.process.signalCode !== null) throw new Error(sharedServer.diagnose());
      server = sharedServer;
      browser = await launchBrowser();
    });
  }
  afterAll(async () => {
    await browser?.close();
    await ownServer?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the file's ${what} is not started yet: use it inside a test or a hook`);
    return value;
  };
  const pool = new WarmPool(
    () => started(browser, "browser"),
    () => started(server, "server").url,
  );
  return {
    get server() {
      return started(server, "server");
    },
    get browser() {
      return started(browser, "browser");
    },
    open(viewport, language) {
      return openPage(started(browser, "browser"), started(server, "server").url, viewport, language);
    },
    warmPage(viewport = DESKTOP, language) {
      return pool.take(viewport, language);
    },
  };
}
