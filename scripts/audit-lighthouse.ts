#!/usr/bin/env node
// `npm run audit:lighthouse`: Lighthouse (mobile preset, its default simulated throttling) on the pages of
// scripts/audited-pages.ts in Arabic and English, against the built site.
//
//  1. Needs the build (`npm run build`); builds nothing itself.
//  2. Starts the production server on a fresh embedded database in a temporary DATA_DIR and a free port
//     (SMS by SMPP to a small SMSC of the script, as `npm run bench` does), registers one number through the
//     API and keeps its session for the subscriber pages.
//  3. Launches Chromium (CHROMIUM_PATH, default /usr/bin/chromium) headless and runs Lighthouse on each page,
//     one after the other; the language and the session go as a Cookie header (extraHeaders).
//  4. Prints a table (page × language: performance, accessibility, best practices, SEO), the pages below the
//     targets and the audits they fail; keeps each report as JSON and HTML under reports/lighthouse/.
//
// Exit code: 0 whatever the scores (this is a report, not a gate; the budgets test is the CI check);
// 1 only when the audit could not run (no build, no browser, the server did not start, a run failed).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import type { Language } from "../common/language.ts";
import { AUDITED_LANGUAGES, AUDITED_PAGES } from "./audited-pages.ts";
import { prepareLoginBench, registerNumbers } from "./bench-login.ts";
import { requireBuild, rootDir, startProofServer } from "./proof-support.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const REPORTS_DIR = path.join(rootDir, "reports", "lighthouse");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
/** The targets of issue 8, as Lighthouse scores (0–100). */
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const RUN_ATTEMPTS = 3;
const CATEGORY_TITLES: Record<Category, string> = { performance: "perf", accessibility: "a11y", "best-practices": "best pr.", seo: "SEO" };

/** An audit that costs a page points. */
interface FailingAudit {
  id: string;
  title: string;
  score: number;
  value: string | undefined;
}

/** One page in one language: its scores (0–100) and failing audits by category; `error` when Lighthouse could not audit it. */
interface PageResult {
  path: string;
  language: Language;
  error?: true;
  finalUrl?: string;
  scores: Partial<Record<Category, number>>;
  failing: Record<Category, FailingAudit[]>;
  warnings?: string[];
}

const log = (message: string) => process.stderr.write(`audit:lighthouse: ${message}\n`);

/** Starts Chromium with a DevTools port of its choosing and a throw-away profile; answers the port. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "operator-lighthouse-"));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profileDir}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools address within 30 s:\n${output}`)), 30_000);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      output = (output + chunk).slice(-20_000);
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it listened:\n${output}`));
    });
  });
  return {
    port,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Audits that cost the page points: a failed binary check, or a metric or insight scoring below 0.9. */
function failingAudits(lhr: LighthouseResult, categoryId: Category): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null) continue;
    const limit = audit.scoreDisplayMode === "binary" ? 1 : 0.9;
    if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode) || audit.score >= limit) continue;
    failing.push({ id: audit.id, title: audit.title, score: audit.score, value: audit.displayValue });
  }
  return failing;
}

/**
 * One Lighthouse run, written to reports/lighthouse/<name>.report.{json,html}; a run that breaks (Lighthouse
 * sometimes loses the trace of a page load: NO_NAVSTART) is tried again, twice at most. Answers the result,
 * or undefined when every try broke.
 */
async function auditPage(url: string, cookie: string, port: number, name: string): Promise<LighthouseResult | undefined> {
  for (let attempt = 1; attempt <= RUN_ATTEMPTS; attempt++) {
    const runnerResult = await lighthouse(url, { port, output: ["json", "html"], logLevel: "error", extraHeaders: { Cookie: cookie } });
    const lhr = runnerResult?.lhr;
    if (runnerResult && lhr && !lhr.runtimeError) {
      // Asked for ["json", "html"]: one report of each, in that order.
      const [json, html] = Array.isArray(runnerResult.report) ? runnerResult.report : [runnerResult.report];
      if (json === undefined || html === undefined) throw new Error(`Lighthouse gave no JSON and HTML report for ${url}`);
      writeFileSync(path.join(REPORTS_DIR, `${name}.report.json`), json);
      writeFileSync(path.join(REPORTS_DIR, `${name}.report.html`), html);
      return lhr;
    }
    log(`  run ${attempt} of ${RUN_ATTEMPTS} broke: ${lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : "no result"}`);
  }
  return undefined;
}

const reportName = (pagePath: string, language: Language) => `${pagePath.replace(/^\//, "").replace(/[^\w-]+/g, "_")}.${language}`;
const pad = (text: string | number, width: number, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));

async function main(): Promise<void> {
  requireBuild("audit:lighthouse");
  log("starting the production server on a fresh embedded database");
  const server = await startProofServer({ LOG_LEVEL: "warn" });
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    const login = await prepareLoginBench({ baseUrl: server.baseUrl, smsc: server.smsc });
    const [sessionToken] = (await registerNumbers(login, { count: 1, concurrency: 1 })).values();
    chromium = await launchChromium();
    mkdirSync(REPORTS_DIR, { recursive: true });

    const results: PageResult[] = [];
    for (const { path: pagePath, subscriber } of AUDITED_PAGES) {
      for (const language of AUDITED_LANGUAGES) {
        const cookie = [`lang=${language}`, ...(subscriber ? [`session=${sessionToken}`] : [])].join("; ");
        log(`${pagePath} (${language})`);
        if (server.server.exitCode !== null || server.server.signalCode !== null) {
          throw new Error(`the server exited (${server.server.exitCode ?? server.server.signalCode}); its last output:\n${server.output().split("\n").slice(-20).join("\n")}`);
        }
        const lhr = await auditPage(`${server.baseUrl}${pagePath}`, cookie, chromium.port, reportName(pagePath, language));
        if (!lhr) {
          results.push({ path: pagePath, language, error: true, scores: {}, failing: byCategory(() => []) });
          continue;
        }
        const scores = byCategory((id) => {
          const score = lhr.categories[id]?.score;
          return score == null ? undefined : Math.round(score * 100);
        });
        const failing = byCategory((id) => failingAudits(lhr, id));
        results.push({ path: pagePath, language, finalUrl: lhr.finalDisplayedUrl, scores, failing, warnings: lhr.runWarnings });
      }
    }
    printReport(results);
    const broken = results.filter((result) => result.error);
    if (broken.length > 0) {
      process.exitCode = 1;
      process.stdout.write(`\nLighthouse could not audit ${broken.map((result) => `${result.path} (${result.language})`).join(", ")} (${RUN_ATTEMPTS} tries each)\n`);
    }
    writeFileSync(path.join(REPORTS_DIR, "summary.json"), `${JSON.stringify({ date: new Date().toISOString(), lighthouse: lighthouseVersion(), targets: TARGETS, results }, null, 2)}\n`);
    process.stdout.write(`\nreports: ${path.relative(rootDir, REPORTS_DIR)}/ (one .report.html and .report.json per page and language, summary.json)\n`);
    const serverErrors = server.errorLines();
    if (serverErrors.length > 0) process.stdout.write(`\nthe server logged ${serverErrors.length} error lines during the audit, e.g.:\n${serverErrors.slice(0, 5).join("\n")}\n`);
  } finally {
    await chromium?.close();
    await server.stop();
  }
}

/** An object with one entry per category. */
function byCategory<T>(value: (id: Category) => T): Record<Category, T> {
  return { performance: value("performance"), accessibility: value("accessibility"), "best-practices": value("best-practices"), seo: value("seo") };
}

function lighthouseVersion(): string | undefined {
  try {
    const manifest: unknown = JSON.parse(readFileSync(path.join(rootDir, "node_modules", "lighthouse", "package.json"), "utf8"));
    return typeof manifest === "object" && manifest !== null && "version" in manifest && typeof manifest.version === "string" ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

/** Below the target, or not scored at all. */
function misses(result: PageResult, id: Category): boolean {
  const score = result.scores[id];
  return score === undefined || score < TARGETS[id];
}

function printReport(results: readonly PageResult[]): void {
  const categories = CATEGORIES;
  const lines = ["", `Lighthouse ${lighthouseVersion() ?? ""} (mobile, simulated throttling); targets: ${categories.map((id) => `${CATEGORY_TITLES[id]} ≥ ${TARGETS[id]}`).join(", ")}`];
  lines.push([pad("page", 34), pad("lang", 4), ...categories.map((id) => pad(CATEGORY_TITLES[id], 8, true))].join("  "));
  for (const result of results) {
    lines.push(
      [
        pad(result.path, 34),
        pad(result.language, 4),
        ...categories.map((id) => pad(`${result.scores[id] ?? "-"}${result.scores[id] !== undefined && misses(result, id) ? " ✗" : "  "}`, 8, true)),
      ].join("  "),
    );
  }
  const below = results.filter((result) => categories.some((id) => misses(result, id)));
  lines.push("");
  if (below.length === 0) {
    lines.push("Every page meets every target.");
  } else {
    lines.push(`Below target (${below.length} of ${results.length} page × language):`);
    for (const result of below) {
      const missed = categories.filter((id) => misses(result, id));
      lines.push(`  ${result.path} (${result.language}): ${missed.map((id) => `${CATEGORY_TITLES[id]} ${result.scores[id] ?? "-"}`).join(", ")}`);
    }
  }
  // The failing audits once each, with the pages that fail them: the to-do list.
  for (const id of categories) {
    const audits = new Map<string, { title: string; pages: string[] }>();
    for (const result of results) {
      for (const audit of result.failing[id]) {
        const entry = audits.get(audit.id) ?? { title: audit.title, pages: [] };
        entry.pages.push(`${result.path} ${result.language}${audit.value ? ` (${audit.value})` : ""}`);
        audits.set(audit.id, entry);
      }
    }
    if (audits.size === 0) continue;
    lines.push("", `Failing ${CATEGORY_TITLES[id]} audits:`);
    for (const [auditId, { title, pages }] of [...audits].sort((a, b) => b[1].pages.length - a[1].pages.length)) {
      lines.push(`  ${auditId}: ${title}`);
      lines.push(`    ${pages.length === results.length ? `every page${pages.some((page) => page.includes("(")) ? `: ${pages.join(", ")}` : ""}` : pages.join(", ")}`);
    }
  }
  const warnings = [...new Set(results.flatMap((result) => result.warnings ?? []))];
  if (warnings.length > 0) lines.push("", "Lighthouse warnings:", ...warnings.map((warning) => `  ${warning}`));
  process.stdout.write(`${lines.join("\n")}\n`);
}

try {
  await main();
} catch (error) {
  log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
