// Performance budgets of issue 8, measured in real Chromium on the built site: what each page costs a
// first-time visitor (fresh cache) in each language, counted from the browser's own network events
// (CDP Network, with the browser's own Accept-Encoding: scripts and styles arrive as the build
// compressed them, brotli, which Chromium asks of a local origin as of an HTTPS one).
//
//  - JavaScript the page loads before it is interactive (React has hydrated it) ≤ 110 KB (issue 18), as
//    transferred (brotli) without the response headers;
//  - CSS ≤ 30 KB (brotli, without headers); fonts ≤ 100 KB, and only the font files of the page's language;
//  - everything /home transfers until the network is quiet ≤ 500 KB, headers included;
//  - no request to another origin.
//
// One browser, the pages one after the other; a table of every page × language is printed whatever
// the outcome. KB = 1024 bytes.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, CDPSession } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../common/language.ts";
import { AUDITED_LANGUAGES, AUDITED_PAGES } from "../../scripts/audited-pages.ts";
import { insertSession } from "../support/subscriber.ts";
import { DESKTOP, signIn, siteInBrowser, waitForHydration } from "./browser.ts";

const KB = 1024;
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../build/client");
const BUDGETS = {
  javascriptBeforeInteractive: 110 * KB,
  css: 30 * KB,
  fonts: 100 * KB,
  homeTotal: 500 * KB,
};

/**
 * Which font subsets a page of each language may download, by the subset's name in the file name
 * (`cairo-arabic-400-normal-….woff2`). Arabic pages write numbers, prices and dates in Western digits
 * (common/format.ts), which only the Latin subset has, so they need it too; English pages need no Arabic.
 */
const FONT_SUBSETS_ALLOWED: Record<Language, string[]> = { ar: ["arabic", "latin"], en: ["latin"] };

interface Transfer {
  url: string;
  /** CDP resource type: Document, Script, Stylesheet, Font, Image, Fetch, … */
  type: string;
  status: number;
  contentEncoding: string;
  /** Bytes received for it, headers included (CDP encodedDataLength). */
  bytes: number;
  /** Of those, the response body (as encoded: gzip when the server compressed it). */
  bodyBytes: number;
}

interface PageFigures {
  path: string;
  language: Language;
  status: number;
  javascriptBeforeInteractive: Transfer[];
  css: Transfer[];
  fonts: Transfer[];
  all: Transfer[];
  otherOrigins: string[];
  /** Requests that failed or answered an error status (they would skew every figure). */
  failures: string[];
}

const sum = (transfers: Transfer[], key: "bytes" | "bodyBytes" = "bodyBytes") => transfers.reduce((total, transfer) => total + transfer[key], 0);
const kb = (bytes: number) => (bytes / KB).toFixed(1);
const fileName = (url: string) => new URL(url).pathname.split("/").pop() ?? url;

/** The network of one page, seen through its own CDP session: every request with its final byte count. */
async function recordNetwork(cdp: CDPSession) {
  const transfers = new Map<string, Transfer>();
  const finished: Transfer[] = [];
  const failures: string[] = [];
  // The raw response head's length, which encodedDataLength includes (HTTP/1.1: the status line and headers).
  const headerBytes = new Map<string, number>();
  const finishedIds = new Map<Transfer, string>();
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    if (event.headersText) headerBytes.set(event.requestId, event.headersText.length);
  });
  cdp.on("Network.requestWillBeSent", (event) => {
    // A redirect reuses the request id: the hop that ended is complete with its redirect response.
    const previous = transfers.get(event.requestId);
    if (previous && event.redirectResponse) {
      finished.push({ ...previous, status: event.redirectResponse.status, bytes: event.redirectResponse.encodedDataLength, bodyBytes: 0 });
    }
    transfers.set(event.requestId, { url: event.request.url, type: event.type ?? "Other", status: 0, contentEncoding: "", bytes: 0, bodyBytes: 0 });
  });
  cdp.on("Network.responseReceived", (event) => {
    const transfer = transfers.get(event.requestId);
    if (!transfer) return;
    transfer.status = event.response.status;
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1];
    transfer.contentEncoding = encoding ?? "identity";
  });
  cdp.on("Network.loadingFinished", (event) => {
    const transfer = transfers.get(event.requestId);
    if (!transfer) return;
    transfer.bytes = event.encodedDataLength;
    // The body is worked out in settle(): the response head's ExtraInfo event may come after this one.
    finishedIds.set(transfer, event.requestId);
    finished.push(transfer);
    transfers.delete(event.requestId);
    if (transfer.status >= 400) failures.push(`${transfer.url} answered ${transfer.status}`);
  });
  cdp.on("Network.loadingFailed", (event) => {
    const transfer = transfers.get(event.requestId);
    transfers.delete(event.requestId);
    if (transfer && !event.canceled) failures.push(`${transfer.url} failed: ${event.errorText}`);
  });
  await cdp.send("Network.enable");
  /**
   * Sets each finished transfer's body size: its bytes less its response head. Chrome sends a response's
   * head (Network.responseReceivedExtraInfo) on another channel than its body, and it often arrives after
   * Network.loadingFinished for a small file (4–10 times in the 18 pages of a run): taken at loadingFinished,
   * such a file counted its headers (about 0.4 KB) as body, up to a few KB more on a page's scripts from
   * one run to the next. So the heads are awaited (at most 5 s) once the page is done, then the bodies
   * worked out.
   */
  async function settle() {
    // (A transfer of no bytes — a fetch the page dropped — may never get a head, and needs none.)
    const missingHead = () => [...finishedIds].filter(([transfer, id]) => transfer.bytes > 0 && !headerBytes.has(id));
    for (let waited = 0; missingHead().length > 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const [transfer, id] of finishedIds) transfer.bodyBytes = Math.max(0, transfer.bytes - (headerBytes.get(id) ?? 0));
  }
  return { finished, failures, settle };
}

/**
 * Opens `path` in a fresh context (empty cache) and measures it. The JavaScript "before interactive" is
 * every script whose download had completed when React marked the document hydrated: the page's own
 * script notes the Resource Timing entries at that moment (a MutationObserver on data-hydrated).
 */
async function measurePage(browser: Browser, baseUrl: string, path: string, language: Language, sessionToken?: string): Promise<PageFigures> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP });
  try {
    await context.addCookies([{ name: "lang", value: language, url: baseUrl }]);
    if (sessionToken) await signIn(context, baseUrl, sessionToken);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        (window as unknown as { resourcesBeforeHydration: string[] }).resourcesBeforeHydration = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name);
        observer.disconnect();
      });
      observer.observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    const network = await recordNetwork(cdp);
    const response = await page.goto(path, { waitUntil: "load" });
    await waitForHydration(page);
    const beforeHydration = new Set(await page.evaluate(() => (window as unknown as { resourcesBeforeHydration: string[] }).resourcesBeforeHydration));
    // Below-the-fold images, lazy fonts and chunks loaded after hydration count in the page's total.
    await page.waitForLoadState("networkidle");
    await network.settle();
    const all = [...network.finished];
    const origin = new URL(baseUrl).origin;
    return {
      path,
      language,
      status: response?.status() ?? 0,
      javascriptBeforeInteractive: all.filter((transfer) => transfer.type === "Script" && beforeHydration.has(transfer.url)),
      css: all.filter((transfer) => transfer.type === "Stylesheet"),
      fonts: all.filter((transfer) => transfer.type === "Font"),
      all,
      otherOrigins: all.map((transfer) => transfer.url).filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin),
      failures: network.failures,
    };
  } finally {
    await context.close();
  }
}

function table(measured: PageFigures[]): string {
  const columns: [string, number][] = [
    ["page", 34],
    ["lang", 4],
    ["JS before interactive KB", 24],
    ["files", 5],
    ["CSS KB", 7],
    ["fonts KB", 8],
    ["total KB", 8],
    ["of which headers", 16],
    ["requests", 8],
    ["font files", 0],
  ];
  const row = (cells: (string | number)[]) =>
    cells.map((cell, index) => (index < 2 || index === cells.length - 1 ? String(cell).padEnd(columns[index]![1]) : String(cell).padStart(columns[index]![1]))).join("  ").trimEnd();
  return [
    `Budgets: JS before interactive ≤ ${kb(BUDGETS.javascriptBeforeInteractive)} KB, CSS ≤ ${kb(BUDGETS.css)} KB, fonts ≤ ${kb(BUDGETS.fonts)} KB, /home total ≤ ${kb(BUDGETS.homeTotal)} KB (bodies as transferred, brotli for built assets; the total with headers; ${DESKTOP.width}×${DESKTOP.height}, fresh cache)`,
    row(columns.map(([title]) => title)),
    ...measured.map((figures) =>
      row([
        figures.path,
        figures.language,
        kb(sum(figures.javascriptBeforeInteractive)),
        figures.javascriptBeforeInteractive.length,
        kb(sum(figures.css)),
        kb(sum(figures.fonts)),
        kb(sum(figures.all, "bytes")),
        kb(sum(figures.all, "bytes") - sum(figures.all)),
        figures.all.length,
        figures.fonts.map((font) => fileName(font.url).replace(/-[\w-]{8}\.woff2$/, "")).join(", ") || "none",
      ]),
    ),
  ].join("\n");
}

const site = siteInBrowser();
const measured: PageFigures[] = [];

beforeAll(async () => {
  const { token } = await insertSession(site.server.databaseUrl);
  for (const { path, subscriber } of AUDITED_PAGES) {
    for (const language of AUDITED_LANGUAGES) {
      measured.push(await measurePage(site.browser, site.server.url, path, language, subscriber ? token : undefined));
    }
  }
  process.stdout.write(`\n${table(measured)}\n\n`);
}, 240_000);

const cases = AUDITED_PAGES.flatMap(({ path }) => AUDITED_LANGUAGES.map((language) => [path, language] as const));
const figuresOf = (path: string, language: Language) => measured.find((figures) => figures.path === path && figures.language === language)!;
const listing = (transfers: Transfer[], key: "bytes" | "bodyBytes" = "bodyBytes") =>
  [...transfers].sort((a, b) => b[key] - a[key]).map((transfer) => `  ${kb(transfer[key]).padStart(6)} KB  ${transfer.contentEncoding.padEnd(8)} ${transfer.url}`).join("\n");

describe.each(cases)("%s in %s", (path, language) => {
  it("opens (200) with every request answered and none to another origin", () => {
    const figures = figuresOf(path, language);
    expect(figures.status, `${path} (${language}) answered ${figures.status}`).toBe(200);
    expect(figures.failures, `${path} (${language}): failed requests`).toEqual([]);
    expect(figures.otherOrigins, `${path} (${language}) asked another origin`).toEqual([]);
  });

  it(`loads at most ${kb(BUDGETS.javascriptBeforeInteractive)} KB of JavaScript before it is interactive`, () => {
    const scripts = figuresOf(path, language).javascriptBeforeInteractive;
    expect(scripts.length, `no script counted before hydration on ${path} (${language}): is data-hydrated still set by SiteShell?`).toBeGreaterThan(0);
    expect(
      sum(scripts),
      `${path} (${language}) loads ${kb(sum(scripts))} KB of JavaScript before it is interactive (budget ${kb(BUDGETS.javascriptBeforeInteractive)} KB):\n${listing(scripts)}`,
    ).toBeLessThanOrEqual(BUDGETS.javascriptBeforeInteractive);
  });

  it(`loads at most ${kb(BUDGETS.css)} KB of CSS and ${kb(BUDGETS.fonts)} KB of fonts, only its language's font files`, () => {
    const { css, fonts } = figuresOf(path, language);
    expect(sum(css), `${path} (${language}) loads ${kb(sum(css))} KB of CSS (budget ${kb(BUDGETS.css)} KB):\n${listing(css)}`).toBeLessThanOrEqual(BUDGETS.css);
    expect(sum(fonts), `${path} (${language}) loads ${kb(sum(fonts))} KB of fonts (budget ${kb(BUDGETS.fonts)} KB):\n${listing(fonts)}`).toBeLessThanOrEqual(BUDGETS.fonts);
    const foreign = fonts.filter((font) => !FONT_SUBSETS_ALLOWED[language].some((subset) => fileName(font.url).includes(`-${subset}-`)));
    expect(
      foreign.map((font) => fileName(font.url)),
      `${path} (${language}) downloads font files of another script (allowed: ${FONT_SUBSETS_ALLOWED[language].join(", ")}); see the @font-face rules in app/app.css`,
    ).toEqual([]);
  });
});

/**
 * Strings only React's development build carries (its warnings and its stack frame marker). `npm run build`
 * must build production assets whatever NODE_ENV says (the test command builds with NODE_ENV=development
 * on purpose): a development React is twice the JavaScript and slower on a cheap phone.
 */
const DEVELOPMENT_REACT = ["react-stack-bottom-frame", 'Each child in a list should have a unique "key" prop'];

it("sends every script and style sheet brotli-compressed, as the build wrote it (no per-request gzip)", () => {
  const assets = measured.flatMap((figures) => figures.all).filter((transfer) => (transfer.type === "Script" || transfer.type === "Stylesheet") && new URL(transfer.url).pathname.startsWith("/assets/"));
  expect(assets.length, "no built script or style sheet was measured").toBeGreaterThan(0);
  // A file so small that brotli would not shrink it has no twin, and goes as it is.
  const other = assets.filter((transfer) => transfer.contentEncoding !== "br" && existsSync(path.join(clientDir, `${new URL(transfer.url).pathname}.br`)));
  expect(assets.filter((transfer) => transfer.contentEncoding === "br").length).toBeGreaterThan(assets.length / 2);
  expect(other.map((transfer) => `${transfer.contentEncoding} ${transfer.url}`), "built assets not sent brotli (build-tools/precompress.ts writes the .br twins; server/http.ts serves them)").toEqual([]);
});

it("sends the browser React's production build, never its development build", async () => {
  const scripts = [...new Set(measured.flatMap((figures) => figures.all).filter((transfer) => transfer.type === "Script").map((transfer) => transfer.url))];
  expect(scripts.length, "no script was measured").toBeGreaterThan(0);
  for (const url of scripts) {
    const text = await (await fetch(url)).text();
    const marker = DEVELOPMENT_REACT.find((needle) => text.includes(needle));
    expect(marker, `${url} is a development build (it contains ${JSON.stringify(marker)}): npm run build must set NODE_ENV=production`).toBeUndefined();
  }
});

it(`/home transfers at most ${kb(BUDGETS.homeTotal)} KB in all, in each language`, () => {
  for (const language of AUDITED_LANGUAGES) {
    const { all } = figuresOf("/home", language);
    const largest = [...all].sort((a, b) => b.bytes - a.bytes).slice(0, 10);
    expect(sum(all, "bytes"), `/home (${language}) transfers ${kb(sum(all, "bytes"))} KB in ${all.length} requests (budget ${kb(BUDGETS.homeTotal)} KB); the largest:\n${listing(largest, "bytes")}`).toBeLessThanOrEqual(
      BUDGETS.homeTotal,
    );
  }
});
