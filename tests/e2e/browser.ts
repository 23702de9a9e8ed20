// Real headless Chromium for the end-to-end tests (Debian's package, driven by playwright-core).
// A missing browser fails the run with a message that says how to install it: never a silent skip.
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Language } from "../../common/language.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "../support/test-server.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
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
  if (language) await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { context, page, errors };
}

/** Waits until React has hydrated the page (SiteShell marks it), so clicks reach React's handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

export interface SiteInBrowser {
  /** The file's server (set once its tests start). */
  readonly server: TestServer;
  /** The file's browser (set once its tests start). */
  readonly browser: Browser;
  /** A fresh browser context on the file's server: openPage with this server's URL. */
  open(viewport?: { width: number; height: number }, language?: Language): Promise<PageWithErrors>;
}

/**
 * A test file's own server and browser: both started (side by side) before its tests, and closed after them.
 * Call it once at the top of the file.
 */
export function siteInBrowser(options: TestServerOptions = {}): SiteInBrowser {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the file's ${what} is not started yet: use it inside a test or a hook`);
    return value;
  };
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
  };
}
