// A line's usage in a real browser (issue 16) at phone width, in Arabic and English: from My line to
// /my-line/usage; the chart's bars run with the page's direction (the newest day's bar left of the oldest's
// in Arabic, right of it in English), its table alternative (opened from its disclosure) has a caption and
// the same numbers as the bars; the kind and the period are links; the records are paged newest first
// with the other party masked; the CSV download; no sideways scroll at 390 and 320 px; axe finds nothing.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ar from "../../common/i18n/ar.json" with { type: "json" };
import en from "../../common/i18n/en.json" with { type: "json" };
import { formatNumber } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { withClient } from "../support/database.ts";
import { axeViolations, describeViolations } from "./axe.ts";
import { PHONE, siteInBrowser, waitForHydration } from "./browser.ts";
import { openAsSubscriber } from "./subscriber-page.ts";

const catalogs = { ar, en } as const;
const ZONE = "Asia/Damascus";

const site = siteInBrowser();

/** 45 records over 30 days (3 pages): internet every 2nd day, a call every 3rd, a message every 5th. */
async function insertUsage(gsm: string): Promise<void> {
  await withClient(site.server.databaseUrl, async (client) => {
    for (let i = 0; i < 45; i++) {
      const daysAgo = i % 30;
      const kind = i % 3 === 0 ? "data" : i % 3 === 1 ? "voice" : "sms";
      await client.query(
        `insert into charging_usage (gsm, started_at, kind, amount, other_party, cost)
         values ($1, (((now() at time zone $2)::date - $3::int)::timestamp + make_interval(mins => $4::int)) at time zone $2, $5, $6, $7, $8)`,
        [gsm, ZONE, daysAgo, i, kind, kind === "data" ? 10 + i * 7.5 : kind === "voice" ? 30 + i * 11 : 1, kind === "data" ? null : `0944${String(100000 + i * 7919).slice(-6)}`, i % 4 === 0 ? 0 : 20],
      );
    }
  });
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The data figure as the page writes it (app/my-line/UsagePage.tsx): MB to one decimal under 1,024. */
function dataFigure(language: Language, megabytes: number): string {
  const t = catalogs[language];
  const amount = formatNumber(language, Math.round(megabytes * 10) / 10, 1);
  return (megabytes === 1 ? t.bundles.units.MB_one : t.bundles.units.MB_other).replace("{{amount}}", amount);
}

describe("usage", () => {
  for (const language of ["ar", "en"] as const) {
    it(`at 390 px in ${language}: the chart runs ${language === "ar" ? "right to left" : "left to right"}, its table has the same numbers, the records page, the CSV downloads`, async () => {
      const t = catalogs[language];
      const { page, context, errors, gsm, release } = await openAsSubscriber(site, "/my-line", language, PHONE, "0977");
      await insertUsage(gsm);
      await page.reload();
      await waitForHydration(page);
      await page.getByRole("link", { name: t.myLine.usage, exact: true }).click();
      await page.waitForURL(/\/my-line\/usage$/);
      await page.getByRole("heading", { level: 1, name: t.page.usage }).waitFor();

      // The bars: one a day, the oldest at the start side.
      const bars = page.getByTestId("usage-bar");
      expect(await bars.count()).toBe(30);
      const days = await bars.evaluateAll((nodes) => nodes.map((node) => ({ day: node.getAttribute("data-day")!, value: Number(node.getAttribute("data-value")) })));
      const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
      const oldest = sorted[0]!.day;
      const newest = sorted.at(-1)!.day;
      const oldestBox = (await page.locator(`[data-testid=usage-bar][data-day="${oldest}"]`).boundingBox())!;
      const newestBox = (await page.locator(`[data-testid=usage-bar][data-day="${newest}"]`).boundingBox())!;
      if (language === "ar") expect(newestBox.x, "in Arabic the newest day's bar is left of the oldest's").toBeLessThan(oldestBox.x);
      else expect(newestBox.x, "in English the newest day's bar is right of the oldest's").toBeGreaterThan(oldestBox.x);
      // Every bar left or right of the one before it, by date.
      const xs = await Promise.all(sorted.map(async (day) => (await page.locator(`[data-testid=usage-bar][data-day="${day.day}"]`).boundingBox())!.x));
      for (let i = 1; i < xs.length; i++) expect(language === "ar" ? xs[i]! < xs[i - 1]! : xs[i]! > xs[i - 1]!, `bar of ${sorted[i]!.day}`).toBe(true);
      // A taller bar is a bigger day.
      const withData = sorted.filter((day) => day.value > 0);
      expect(withData.length).toBeGreaterThan(5);
      const heights = await Promise.all(withData.map(async (day) => (await page.locator(`[data-testid=usage-bar][data-day="${day.day}"]`).boundingBox())!.height));
      const biggest = withData.reduce((best, day, i) => (day.value > withData[best]!.value ? i : best), 0);
      expect(Math.max(...heights)).toBe(heights[biggest]);
      // The chart is one image for screen readers, with a summary.
      const chart = page.getByRole("img", { name: new RegExp(t.usage.kinds.data) });
      await chart.waitFor();

      // The table alternative: a disclosure right after the chart, a captioned table, the same numbers.
      await page.getByText(t.usage.tableToggle).click();
      const table = page.getByRole("table", { name: new RegExp(t.usage.tableCaption.split("{{")[0]!.trim()) });
      await table.waitFor();
      expect(await table.locator("tbody tr").count()).toBe(30);
      for (const day of withData) {
        const row = table.locator(`tbody tr[data-day="${day.day}"]`);
        expect((await row.locator("td").first().textContent())!.trim(), day.day).toBe(dataFigure(language, day.value));
      }
      expect(await table.getByRole("columnheader").allTextContents()).toEqual([t.usage.day, t.usage.kinds.data, t.usage.kinds.voice, t.usage.kinds.sms, t.usage.cost]);
      expect(await overflowOf(page), "the usage page is wider than a 390 px screen").toBeLessThanOrEqual(0);
      const violations = await axeViolations(page, "/my-line/usage");
      expect(violations, describeViolations(violations)).toEqual([]);

      // The records: 20 a page, newest first, masked; next, next, previous.
      const records = page.getByRole("table", { name: t.usage.recordsCaption });
      const startedAt = () => records.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-started-at")!));
      // The page number shown says the new page's rows are in (a client-side navigation renders after the URL changes).
      const pageShown = (number: number) => page.getByText(t.usage.pageOf.replace("{{page}}", String(number)).replace("{{pages}}", "3")).waitFor();
      await pageShown(1);
      const first = await startedAt();
      expect(first).toHaveLength(20);
      expect([...first].sort().reverse()).toEqual(first);
      const parties = (await records.locator("tbody tr td:nth-child(4)").allTextContents()).map((text) => text.trim()).filter((text) => text !== "—");
      expect(parties.length).toBeGreaterThan(0);
      for (const party of parties) expect(party).toMatch(/^0944•••\d{3}$/);
      await page.getByRole("link", { name: t.usage.next }).click();
      await page.waitForURL(/page=2/);
      await pageShown(2);
      const second = await startedAt();
      expect(second).toHaveLength(20);
      expect(Date.parse(second[0]!)).toBeLessThanOrEqual(Date.parse(first.at(-1)!));
      await page.getByRole("link", { name: t.usage.next }).click();
      await page.waitForURL(/page=3/);
      await pageShown(3);
      expect(await startedAt()).toHaveLength(5);
      expect(await page.getByRole("link", { name: t.usage.next }).count()).toBe(0);
      await page.getByRole("link", { name: t.usage.previous }).click();
      await page.waitForURL(/page=2/);
      await pageShown(2);

      // The kind and the period are links.
      await page.getByRole("navigation", { name: t.usage.chartKinds }).getByRole("link", { name: t.usage.kinds.voice }).click();
      await page.waitForURL(/kind=voice/);
      await page.getByRole("img", { name: new RegExp(t.usage.kinds.voice) }).waitFor();
      expect(await page.getByRole("navigation", { name: t.usage.chartKinds }).getByRole("link", { name: t.usage.kinds.voice }).getAttribute("aria-current")).toBe("page");
      await page.getByRole("navigation", { name: t.usage.periods }).getByRole("link", { name: new RegExp("90") }).click();
      await page.waitForURL(/days=90/);
      await page.locator("[data-testid=usage-bar]").nth(89).waitFor({ state: "attached" });
      expect(await bars.count()).toBe(90);

      // No sideways scroll at 320 px either, table open or not.
      await page.setViewportSize({ width: 320, height: 700 });
      await page.getByText(t.usage.tableToggle).click();
      expect(await overflowOf(page), "the usage page is wider than a 320 px screen").toBeLessThanOrEqual(0);

      // The CSV: the link's file, with the session of the page.
      const href = (await page.getByRole("link", { name: t.usage.download }).getAttribute("href"))!;
      expect(href).toBe("/my-line/usage.csv?days=90");
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: t.usage.download }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^usage-${gsm}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const answer = await context.request.get(href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(answer.headers()["cache-control"]).toBe("no-store");
      const body = await answer.body();
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = body.toString("utf8").slice(1).trimEnd().split("\r\n");
      expect(lines).toHaveLength(46);
      expect(lines[0]!.startsWith(t.usage.csv.startedAt)).toBe(true);
      const csvParties = lines.slice(1).map((line) => line.split(",")[4]!).filter((party) => party !== "");
      expect(csvParties.length).toBe(30);
      for (const party of csvParties) expect(party).toMatch(/^0944•••\d{3}$/);
      expect(errors).toEqual([]);
      await release();
    });
  }
});
