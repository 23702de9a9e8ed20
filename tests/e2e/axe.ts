// axe-core in the e2e browser. The pages' CSP (a per-request nonce) refuses an injected script tag, so
// axe's source is evaluated over the DevTools protocol (page.evaluate), which CSP does not govern.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import type { AxeResults, ImpactValue, RunOptions } from "axe-core";
import { expect } from "vitest";
import { nextFrames } from "./browser.ts";
import { GRADIENT_REGIONS, measureContrast } from "./contrast-by-pixels.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. The incomplete results are kept whole: a text's
 * contrast that axe could not decide on a gradient or an image is measured from the pixels.
 */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
  resultTypes: ["violations", "incomplete"],
};

const BLOCKING: ImpactValue[] = ["serious", "critical"];

export interface Violation {
  /** Where it was found: URL and state ("share dialog open", "390 px"). */
  where: string;
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now (fonts loaded, no animation under way) and answers every violation. */
export async function axeViolations(page: Page, where: string): Promise<Violation[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Colours are measured with motion reduced, as app.css draws it then: every change of form happens at once.
  // The floating Support button takes its form half a second after a scroll or a resize, and looks at its spot
  // again in the frame after the page's body changed size (app/shell/SupportMenu.tsx). A change that came during
  // axe's run (a tab's content arriving late on a loaded machine) would otherwise be measured mid-fade, its label
  // half transparent; with reduced motion each of its two forms is measured whole, and both must pass.
  const reducedBefore = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  if (!reducedBefore) await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await nextFrames(page);
    await page.waitForFunction(() => !document.querySelector(".support-float[data-pending]"));
    // Opening dialogs fade and slide in; colours are measured once they have arrived (spinners never end).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ).then(() => undefined),
    );
    return await runAxe(page, where);
  } finally {
    if (!reducedBefore) await page.emulateMedia({ reducedMotion: "no-preference" });
  }
}

/**
 * Tells axe that no font of the site is an icon font. axe leaves out of color-contrast any text it takes for an icon
 * font's ligature: it draws the text's first letter alone and the whole text on a canvas and compares the two, and
 * once a font has given mixed answers it draws every text of that font again. Arabic letters join, so their shapes
 * differ alone and in a word: axe took about half the Arabic lines of a page for icons (83 of 172 on /home) and never
 * weighed their contrast, and drew every Arabic text twice per run. The site draws its icons in SVG and its text in
 * Cairo (accessibility-suite.ts checks the page's fonts, and that a faint Arabic line is reported): axe's record of
 * each font then says "seen often, never a ligature", so every text is text. axe keeps that record in its cache
 * (`axe._cache`, the one object its code asks, cleared after every run), under "fonts", by font-family.
 */
function installTextFontsOnly(): void {
  type Cache = { get(key: string, creator?: () => unknown): unknown };
  const cache = (window as unknown as { axe: { _cache: Cache } }).axe._cache;
  const get = cache.get;
  const textFont = { occurrences: Number.POSITIVE_INFINITY, numLigatures: 0 };
  cache.get = function (key, creator) {
    return get.call(this, key, key === "fonts" ? () => new Proxy({}, { get: () => ({ ...textFont }) }) : creator);
  };
  (window as unknown as { textFontsOnly: boolean }).textFontsOnly = true;
}

/**
 * What the tests read of axe's results, picked out in the page: axe's whole results (every rule, each node's HTML and
 * check data) cost the test runner several times the CPU to receive (docs/PERFORMANCE.md, seventeenth session).
 */
interface AxeSummary {
  violations: Omit<Violation, "where">[];
  /** The texts whose contrast axe left undecided for one of MEASURED_REASONS (their selectors). */
  undecided: string[];
}

async function runAxe(page: Page, where: string): Promise<Violation[]> {
  // axe and the override together, or both again (a page where one of them failed must not run axe's own guess).
  if (!(await page.evaluate(() => "axe" in window && "textFontsOnly" in window))) {
    await page.evaluate(axeSource);
    await page.evaluate(installTextFontsOnly);
  }
  const { violations, undecided } = await page.evaluate(
    async ({ options, measuredReasons }): Promise<AxeSummary> => {
      const results = await (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe.run(document, options);
      const selector = (node: { target: unknown[] }) => node.target.join(" ");
      return {
        violations: results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map(selector) })),
        undecided: results.incomplete
          .filter((result) => result.id === "color-contrast")
          .flatMap((result) => result.nodes.filter((node) => [...node.any, ...node.all, ...node.none].some((check) => measuredReasons.includes((check.data as { messageKey?: string } | null)?.messageKey ?? ""))))
          .map(selector),
      };
    },
    { options: RUN_OPTIONS, measuredReasons: MEASURED_REASONS },
  );
  const found: Violation[] = violations.map((violation) => ({ where: `${where} ${page.url()}`, ...violation }));
  return [...found, ...(await undecidedContrast(page, where, undecided))];
}

/**
 * Why axe left a text's contrast undecided when the text shows whole on a background of more than one colour (a
 * gradient, a background image, an image element behind it): then the pixels behind it tell. (Text partly covered
 * by something else, a toast over a dialog's title, stays axe's call: its pixels would be the cover's.)
 */
const MEASURED_REASONS = ["bgGradient", "bgImage", "imgNode"];

/**
 * The texts whose contrast axe left undecided on a gradient or an image (`undecided`), measured from the pixels
 * (tests/e2e/contrast-by-pixels.ts): one violation per text below WCAG AA. The brand gradients are measured once per
 * language and width by accessibility-suite.ts, not on every page.
 */
async function undecidedContrast(page: Page, where: string, undecided: string[]): Promise<Violation[]> {
  if (undecided.length === 0) return [];
  const gradients = Object.values(GRADIENT_REGIONS).join(", ");
  // A text that went away after axe's run is measured too: measureContrast says it could not.
  const toMeasure = await page.evaluate(({ targets, gradients }) => targets.filter((target) => !document.querySelector(target)?.closest(gradients)), { targets: undecided, gradients });
  const found: Violation[] = [];
  for (const target of toMeasure) {
    const { problems } = await measureContrast(page, target);
    if (problems.length === 0) continue;
    found.push({ where: `${where} ${page.url()}`, id: "color-contrast", impact: "serious", help: "Text contrast, measured from the pixels where axe could not decide", targets: problems.map((problem) => `${target}: ${problem}`) });
  }
  return found;
}

export const blocking = (violations: Violation[]) => violations.filter((violation) => BLOCKING.includes(violation.impact ?? "minor"));

/** One line per violation, for a failure message a newcomer can act on. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => `- [${violation.impact}] ${violation.id} (${violation.help}) at ${violation.where}\n    ${violation.targets.slice(0, 8).join("\n    ")}${violation.targets.length > 8 ? `\n    … and ${violation.targets.length - 8} more` : ""}`)
    .join("\n");
}

/** A file's moderate and minor findings (they do not fail a test): how often each rule was met, with a first example. */
export type Advisories = Map<string, { count: number; example: Violation }>;

/**
 * The findings of one test: `check` runs axe on the page as it is, `expectNone` fails the test with every serious or
 * critical one and counts the others in the file's `advisories`.
 */
export function axeFindings(advisories: Advisories) {
  const all: Violation[] = [];
  return {
    async check(page: Page, where: string) {
      all.push(...(await axeViolations(page, where)));
    },
    expectNone() {
      for (const violation of all) {
        if (blocking([violation]).length > 0) continue;
        const seen = advisories.get(violation.id);
        advisories.set(violation.id, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? violation });
      }
      const found = blocking(all);
      expect(found.length, `axe found ${found.length} serious or critical violation(s):\n${describeViolations(found)}\n`).toBe(0);
    },
  };
}

/** Prints a file's advisories once, at its end (nothing when there are none). */
export function printAdvisories(advisories: Advisories): void {
  if (advisories.size === 0) return;
  const lines = [...advisories.values()].map(({ count, example }) => `${describeViolations([example])}\n    (${count} time(s) in all)`);
  console.info(`axe's moderate and minor findings (not failing):\n${lines.join("\n")}`);
}
