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
import lighthouse from "lighthouse";
import { AUDITED_LANGUAGES, AUDITED_PAGES } from "./audited-pages.ts";
import { prepareLoginBench, registerNumbers } from "./bench-login.ts";
import { requireBuild, rootDir, startProofServer } from "./proof-support.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const REPORTS_DIR = path.join(rootDir, "reports", "lighthouse");
/** The targets of issue 8, as Lighthouse scores (0–100). */
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const RUN_ATTEMPTS = 3;
const CATEGORY_TITLES = { performance: "perf", accessibility: "a11y", "best-practices": "best pr.", seo: "SEO" };

const log = (message) => process.stderr.write(`audit:lighthouse: ${message}\n`);

/** Starts Chromium with a DevTools port of its choosing and a throw-away profile; answers the port. */
async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "operator-lighthouse-"));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profileDir}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const port = await new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools address within 30 s:\n${output}`)), 30_000);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
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
function failingAudits(lhr, categoryId) {
  const failing = [];
  for (const ref of lhr.categories[categoryId].auditRefs) {
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
async function auditPage(url, cookie, port, name) {
  for (let attempt = 1; attempt <= RUN_ATTEMPTS; attempt++) {
    const runnerResult = await lighthouse(url, { port, output: ["json", "html"], logLevel: "error", extraHeaders: { Cookie: cookie } });
    const lhr = runnerResult?.lhr;
    if (runnerResult && lhr && !lhr.runtimeError) {
      writeFileSync(path.join(REPORTS_DIR, `${name}.report.json`), runnerResult.report[0]);
      writeFileSync(path.join(REPORTS_DIR, `${name}.report.html`), runnerResult.report[1]);
      return lhr;
    }
    log(`  run ${attempt} of ${RUN_ATTEMPTS} broke: ${lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : "no result"}`);
  }
  return undefined;
}

const reportName = (pagePath, language) => `${pagePath.replace(/^\//, "").replace(/[^\w-]+/g, "_")}.${language}`;
const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));

async function main() {
  requireBuild("audit:lighthouse");
  log("starting the production server on a fresh embedded database");
  const server = await startProofServer({ LOG_LEVEL: "warn" });
  let chromium;
  try {
    const login = await prepareLoginBench({ baseUrl: server.baseUrl, smsc: server.smsc });
    const [sessionToken] = (await registerNumbers(login, { count: 1, concurrency: 1 })).values();
    chromium = await launchChromium();
    mkdirSync(REPORTS_DIR, { recursive: true });

    const results = [];
    for (const { path: pagePath, subscriber } of AUDITED_PAGES) {
      for (const language of AUDITED_LANGUAGES) {
        const cookie = [`lang=${language}`, ...(subscriber ? [`session=${sessionToken}`] : [])].join("; ");
        log(`${pagePath} (${language})`);
        if (server.server.exitCode !== null || server.server.signalCode !== null) {
          throw new Error(`the server exited (${server.server.exitCode ?? server.server.signalCode}); its last output:\n${server.output().split("\n").slice(-20).join("\n")}`);
        }
        const lhr = await auditPage(`${server.baseUrl}${pagePath}`, cookie, chromium.port, reportName(pagePath, language));
        if (!lhr) {
          results.push({ path: pagePath, language, error: true, scores: {}, failing: Object.fromEntries(Object.keys(TARGETS).map((id) => [id, []])) });
          continue;
        }
        const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, lhr.categories[id]?.score == null ? undefined : Math.round(lhr.categories[id].score * 100)]));
        const failing = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, failingAudits(lhr, id)]));
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

function lighthouseVersion() {
  try {
    return JSON.parse(readFileSync(path.join(rootDir, "node_modules", "lighthouse", "package.json"), "utf8")).version;
  } catch {
    return undefined;
  }
}

function printReport(results) {
  const categories = Object.keys(TARGETS);
  const lines = ["", `Lighthouse ${lighthouseVersion() ?? ""} (mobile, simulated throttling); targets: ${categories.map((id) => `${CATEGORY_TITLES[id]} ≥ ${TARGETS[id]}`).join(", ")}`];
  lines.push([pad("page", 34), pad("lang", 4), ...categories.map((id) => pad(CATEGORY_TITLES[id], 8, true))].join("  "));
  for (const result of results) {
    lines.push(
      [
        pad(result.path, 34),
        pad(result.language, 4),
        ...categories.map((id) => pad(`${result.scores[id] ?? "-"}${result.scores[id] !== undefined && result.scores[id] < TARGETS[id] ? " ✗" : "  "}`, 8, true)),
      ].join("  "),
    );
  }
  const below = results.filter((result) => categories.some((id) => result.scores[id] === undefined || result.scores[id] < TARGETS[id]));
  lines.push("");
  if (below.length === 0) {
    lines.push("Every page meets every target.");
  } else {
    lines.push(`Below target (${below.length} of ${results.length} page × language):`);
    for (const result of below) {
      const misses = categories.filter((id) => result.scores[id] === undefined || result.scores[id] < TARGETS[id]);
      lines.push(`  ${result.path} (${result.language}): ${misses.map((id) => `${CATEGORY_TITLES[id]} ${result.scores[id] ?? "-"}`).join(", ")}`);
    }
  }
  // The failing audits once each, with the pages that fail them: the to-do list.
  for (const id of categories) {
    const audits = new Map();
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
