// Nothing moves while a page loads on a slow phone connection: the web font (Cairo) and the images
// arrive late, and the Cumulative Layout Shift stays under 0.01. Images hold their place with width and
// height; the font's local stand-in has Cairo's metrics (app/app.css), so the swap moves no text.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Language } from "../../common/language.ts";
import { nextFrames, PHONE, siteInBrowser, waitForHydration } from "./browser.ts";

const CLS_LIMIT = 0.01;

/** A slow phone connection: every response, the font and images among them, comes late and slowly. */
const SLOW_NETWORK = { offline: false, latency: 300, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (200 * 1024) / 8 };

const PAGES = [
  "/home",
  "/bundles",
  "/bundle-details/data/101",
  "/roaming",
  "/International-Roaming-Countries",
  "/support/FAQs",
  // A news item with its illustration at the top.
  "/news-details/press/2",
];

const site = siteInBrowser();

interface Shift {
  value: number;
  time: number;
  nodes: string[];
}

/** Every layout shift so far (buffered), without those right after an input, with the nodes that moved. */
const layoutShifts = (page: Page): Promise<Shift[]> =>
  page.evaluate(
    (): Shift[] => {
      interface LayoutShiftEntry extends PerformanceEntry {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }
      const describe = (node: Node | null) => {
        if (!(node instanceof Element)) return node ? `#text "${(node.textContent ?? "").trim().slice(0, 30)}"` : "(removed)";
        const classes = [...node.classList].slice(0, 4).join(".");
        return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${classes ? `.${classes}` : ""} "${(node.textContent ?? "").trim().slice(0, 30)}"`;
      };
      const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
      // With `buffered`, observe() puts the page's earlier shifts in the observer's buffer at once: takeRecords()
      // answers them without waiting for a callback that never comes when there was no shift at all.
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: "layout-shift", buffered: true });
      const entries = observer.takeRecords() as LayoutShiftEntry[];
      observer.disconnect();
      return entries
        .filter((entry) => !entry.hadRecentInput)
        .map((entry) => ({
          value: entry.value,
          time: Math.round(entry.startTime),
          nodes: entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`),
        }));
    },
  );

/** The Cumulative Layout Shift of `shifts`: the sum of their values. */
const cumulative = (shifts: Shift[]): number => shifts.reduce((sum, shift) => sum + shift.value, 0);

/** Loads `path` on the slow network, waits for the fonts and every image (scrolling the lazy ones into view), and answers the shifts. */
async function loadSlowly(page: Page, path: string, language: Language): Promise<Shift[]> {
  await page.goto(`${path}?lang=${language}`, { waitUntil: "commit" });
  await page.waitForLoadState("load");
  // Scroll down a screen at a time, as a reader would, so that lazy images load where they are seen.
  await page.evaluate(async () => {
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight / 2) {
      window.scrollTo(0, top);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  await page.evaluate(() =>
    Promise.all([
      document.fonts.ready,
      ...[...document.images].map((image) => (image.complete ? null : new Promise((resolve) => image.addEventListener("loadend" in image ? "loadend" : "load", resolve, { once: true })))),
    ]).then(() => undefined),
  );
  await page.waitForTimeout(300);
  return layoutShifts(page);
}

describe("layout shift on a slow phone connection", () => {
  for (const language of ["ar", "en"] as const) {
    it(`stays under ${CLS_LIMIT} on every page while the font and images arrive late (${language}, 390 px)`, async () => {
      const { page, context } = await site.open(PHONE, language);
      const network = await context.newCDPSession(page);
      await network.send("Network.enable");
      await network.send("Network.emulateNetworkConditions", SLOW_NETWORK);
      // Each page as a first visit: the font comes over the network every time, never from the cache.
      await network.send("Network.setCacheDisabled", { cacheDisabled: true });
      const report: string[] = [];
      const failures: string[] = [];
      for (const path of PAGES) {
        const shifts = await loadSlowly(page, path, language);
        const cls = cumulative(shifts);
        report.push(`${path}: CLS ${cls.toFixed(4)}`);
        if (cls >= CLS_LIMIT) {
          failures.push(
            `${path}?lang=${language}: CLS ${cls.toFixed(4)}\n${shifts.map((shift) => `  ${shift.value.toFixed(4)} at ${shift.time} ms:\n    ${shift.nodes.join("\n    ")}`).join("\n")}`,
          );
        }
      }
      console.info(`CLS at 390 px (${language}): ${report.join(", ")}`);
      await context.close();
      expect(failures, `pages whose layout moves while they load:\n${failures.join("\n")}\n`).toEqual([]);
    });
  }
});

describe("the measure itself", () => {
  it("sees a shift when one happens: a block pushed in above the text of a loaded page", async () => {
    const { page, context } = await site.open(PHONE, "en");
    await page.goto("/home");
    await page.waitForLoadState("load");
    // A shift is only a shift of what was painted: the load event may come before the page's first frame on a
    // loaded machine (a full run once pushed the block in before it, and saw nothing move), and hydration may still
    // be under way. So the block goes in once the page is hydrated and a frame has been painted.
    await waitForHydration(page);
    await nextFrames(page);
    const before = cumulative(await layoutShifts(page));
    await page.evaluate(() => {
      const block = document.createElement("div");
      block.style.height = "200px";
      document.body.prepend(block);
    });
    await nextFrames(page);
    // The entry is the browser's to report once the frame that moved the text is painted: looked at until it is.
    try {
      await expect.poll(async () => cumulative(await layoutShifts(page)) - before, { message: "the shift of the text pushed down" }).toBeGreaterThan(0.01);
    } finally {
      await context.close();
    }
  });
});
