#!/usr/bin/env node
// `npm run bench`: measures the production build of the site on this machine.
//
//  1. Builds (npm run build) when build/server/index.js is missing or older than a source file.
//  2. Starts the production server (server/serve.js --seed) on a fresh embedded PostgreSQL in a
//     temporary DATA_DIR and a free port, and measures the time from spawn to the first 200 of /readyz.
//  3. Registers BENCH_NUMBERS new numbers (signup2 + signin; setup, not timed) and measures the whole
//     login flow, login2 → code SMS → signin, as flows/s and latency (scripts/bench-login.ts). The server
//     sends its SMS over SMPP to a small SMSC the bench runs on loopback, which passes each code to its flow.
//     The OTP resend delay and sending limits are raised through the environment so that no flow is refused.
//  4. Runs the load from a separate Node process (scripts/bench-load.ts, autocannon), one target at a
//     time: warm-up, then the measured run; the authenticated target (numbers/user) sends the sessions of
//     the registered numbers in turn. Every request sends Accept-Encoding: gzip.
//     My line (issue 16): GET /my-line signed in, and POST charging/bundles/activate, each request a new
//     order (a fresh idempotency key) on lines given a balance first (scripts/bench-charging.ts).
//  5. Samples the server process's resident memory (VmRSS) every 100 ms and keeps the peak.
//  6. Computes the gzip size of the JavaScript /home loads before it is interactive (plus CSS and
//     preloaded fonts) from the served HTML and the files in build/client.
//  7. Prints a table and writes the same figures to bench-results/latest.json.
//  8. Stops the server (SIGTERM) and the bench SMSC and removes the temporary directory, also on errors and Ctrl-C.
//
// Environment: BENCH_DURATION (seconds per measured run, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_WARMUP (seconds of warm-up per target, default 3), BENCH_INVENTORY (numbers in the reservation
// inventory, default 1,000,000), BENCH_NUMBERS (numbers registered for the
// login flow, default 1000), BENCH_FLOW_CONCURRENCY (login flows in flight at once, default 50),
// BENCH_SMS (smpp, default: the code reaches the bench by SMPP; outbox: the server stores it and the flow
// reads GET /dev/sms-outbox, which exists only outside production, so the server then runs with
// NODE_ENV=development and the page figures are not production figures), BENCH_ONLY (numbers: only the
// number search — the static asset as the baseline and the searches over the inventory; no login flow, no
// signed-in targets, so a change to the search is measured in a minute instead of eight), BENCH_SERVER_NODE_OPTIONS
// (Node options of the server alone, such as --cpu-prof).
//
// Exit code: 0 when everything worked; 1 when something did not (build failed, server did not start,
// a non-2xx response or a request error). Time and size figures are reported against their targets
// but never make the command fail: they depend on the machine.
//
// Units: KB = 1024 bytes, MB = 1024 KB.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import type { Language } from "../common/language.ts";
import { startAppProcess } from "./app-process.ts";
import { BENCH_OTP_LIMITS, prepareLoginBench, registerNumbers, runLoginFlows, startBenchSmsc, type BenchSmsc, type LatencyFigures } from "./bench-login.ts";
import { INVENTORY_SEARCHES, prepareInventory } from "./bench-inventory.ts";
import { BENCH_BUNDLE_ID, prepareCharging } from "./bench-charging.ts";
import type { LoadConfig, LoadFigures, LoadOutput, LoadTarget } from "./bench-load.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(rootDir, "build", "client");

const DURATION_S = positiveNumber("BENCH_DURATION", 10);
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 50);
const WARMUP_S = positiveNumber("BENCH_WARMUP", 3, { allowZero: true });
const NUMBERS = Math.round(positiveNumber("BENCH_NUMBERS", 1000));
const INVENTORY = Math.round(positiveNumber("BENCH_INVENTORY", 1_000_000));
const FLOW_CONCURRENCY = Math.round(positiveNumber("BENCH_FLOW_CONCURRENCY", 50));
const SMS_MODE = process.env.BENCH_SMS === "outbox" ? "outbox" : "smpp";
const ONLY = benchOnly(process.env.BENCH_ONLY);
const READY_TARGET_MS = 3_000;
const JS_TARGET_KB = 150;
/** Throughput targets as a share of the static asset's (issue 8): cached guest pages, a signed-in page. */
const RATIO_TARGETS: Record<string, number> = { homeAr: 0.8, homeEn: 0.8, profileAr: 0.2, myLineAr: 0.2 };
const READY_TIMEOUT_MS = 90_000;
const RSS_SAMPLE_MS = 100;
/** zlib level used for the JS/CSS size figures (the maximum; close to what a static pre-compression would give). */
const GZIP_LEVEL = 9;
/** Every request of the bench, page or asset, asks for gzip, so that byte counts compare fairly. */
const ACCEPT_ENCODING = "gzip";

/** BENCH_ONLY: unset (everything) or "numbers"; anything else is refused rather than silently ignored. */
function benchOnly(raw: string | undefined): "numbers" | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "numbers") return raw;
  process.stderr.write(`bench: BENCH_ONLY=${raw} is not known (numbers); stopping\n`);
  process.exit(2);
}

function positiveNumber(name: string, fallback: number, { allowZero = false }: { allowZero?: boolean } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    process.stderr.write(`bench: ${name}=${raw} is not a valid number; using ${fallback}\n`);
    return fallback;
  }
  return value;
}

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const kb = (bytes: number) => bytes / 1024;
const fmt = (value: number | undefined | null, digits = 1) => (value === undefined || value === null || Number.isNaN(value) ? "-" : value.toFixed(digits));

// ---------------------------------------------------------------------------------------------------
// State shared with the clean-up, which may run from an error, a signal or the normal end.

let server: ChildProcess | undefined;
/** The exit code, or the signal that ended it. */
let serverExited: Promise<number | NodeJS.Signals | null> | undefined;
let loadChild: ChildProcess | undefined;
let dataDir: string | undefined;
let smsc: BenchSmsc | undefined;
let rssTimer: NodeJS.Timeout | undefined;
/** The server's last output lines (scripts/app-process.ts keeps them). */
let serverOutput = () => "";
let cleanupPromise: Promise<void> | undefined;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stops the load generator and the server, removes the temporary data directory. Safe to call twice. */
function cleanup(): Promise<void> {
  cleanupPromise ??= (async () => {
    if (rssTimer) clearInterval(rssTimer);
    if (loadChild && loadChild.exitCode === null && loadChild.signalCode === null) loadChild.kill("SIGTERM");
    if (server && server.exitCode === null && server.signalCode === null) {
      // The server shuts down gracefully on SIGTERM: closes connections, then stops its PostgreSQL.
      server.kill("SIGTERM");
      const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 30_000).unref());
      if ((await Promise.race([serverExited, timeout])) === "timeout") {
        log("the server did not stop within 30 s of SIGTERM; killing it");
        server.kill("SIGKILL");
        await serverExited;
      }
    }
    // After the server: it unbinds from the SMSC while it shuts down.
    if (smsc) await smsc.close();
    if (dataDir) {
      try {
        rmSync(dataDir, { recursive: true, force: true });
      } catch (error) {
        log(`could not remove ${dataDir}: ${messageOf(error)}`);
      }
    }
  })();
  return cleanupPromise;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping the server and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------
// 1. Build when needed.

/** Newest modification time (ms) of the files under the given paths (directories are walked). */
function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(target)) visit(path.join(target, entry));
    } else {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const target of paths) visit(target);
  return newest;
}

function buildIfNeeded(): void {
  const bundle = path.join(rootDir, "build", "server", "index.js");
  // The sources of the build (the brief: app/, server/, common/) plus the two build configuration files.
  const sources = ["app", "server", "common", "vite.config.ts", "react-router.config.ts"].map((name) => path.join(rootDir, name));
  let reason: string | undefined;
  if (!existsSync(bundle)) reason = "build/server/index.js is missing";
  else if (newestMtime(sources) > statSync(bundle).mtimeMs) reason = "sources are newer than build/server/index.js";
  if (!reason) {
    log("build is up to date");
    return;
  }
  log(`${reason}: running npm run build`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { cwd: rootDir, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/**
 * A fingerprint of the build the server serves: the server bundle's mtime and the asset names. Another
 * `npm run build` during the bench (for example by a test run) replaces build/ under the running server,
 * which then answers 404/500 for assets: comparing the fingerprint before and after detects it.
 */
function buildFingerprint(): string {
  try {
    const bundle = statSync(path.join(rootDir, "build", "server", "index.js")).mtimeMs;
    const assets = readdirSync(path.join(clientDir, "assets")).sort().join(",");
    return `${bundle}|${assets}`;
  } catch {
    return "missing";
  }
}

// ---------------------------------------------------------------------------------------------------
// 2. Start the server.

/** A TCP port that is free right now on 127.0.0.1 (asked from the OS, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** One GET's answer: the status, headers, the bytes as received (`wire`) and the decoded body. */
interface GetAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  wire: Buffer;
  body: Buffer;
}

/** One GET; resolves with the status, headers, the bytes as received (`wire`) and the decoded body. */
function get(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<GetAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": ACCEPT_ENCODING, ...headers }, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        let body = wire;
        try {
          if (encoding === "gzip") body = zlib.gunzipSync(wire);
          else if (encoding === "br") body = zlib.brotliDecompressSync(wire);
          else if (encoding === "deflate") body = zlib.inflateSync(wire);
        } catch (error) {
          reject(new Error(`${url}: cannot decode ${encoding} body: ${messageOf(error)}`));
          return;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, wire, body });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`${url}: no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** Reads VmRSS (bytes) of a process from /proc; undefined when it is not available (not Linux, exited). */
function rssBytes(pid: number | undefined): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const rss = { peakBytes: 0, samples: 0 };

async function startServer(): Promise<{ baseUrl: string; readyMs: number; dataDir: string }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "operator-bench-"));
  dataDir = directory;
  // mkdtemp creates the directory with mode 0700. When the app runs as root, the embedded PostgreSQL
  // runs as the `postgres` user, which must be able to traverse this directory to reach DATA_DIR/postgres.
  chmodSync(directory, 0o711);
  const port = await freePort();
  const benchSmsc = SMS_MODE === "smpp" ? await startBenchSmsc() : undefined;
  smsc = benchSmsc;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: directory,
    DATABASE_URL: "", // empty = unset for the app: always the fresh embedded PostgreSQL
    LOG_LEVEL: "warn",
    ...(benchSmsc
      ? { NODE_ENV: "production", SMS_DRIVER: "smpp", SMPP_URL: benchSmsc.url }
      : { NODE_ENV: "development", SMS_DRIVER: "outbox" }),
    ...BENCH_OTP_LIMITS,
    // BENCH_SERVER_NODE_OPTIONS: Node options of the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see
    // where a target's time goes under load (the profile is written when the bench stops the server).
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  };
  log(`OTP limits raised for the bench: ${Object.entries(BENCH_OTP_LIMITS).map(([name, value]) => `${name}=${value}`).join(", ")}`);
  log(benchSmsc ? `SMS: smpp driver to the bench SMSC at ${benchSmsc.url.replace(/\/\/[^@]*@/, "//")}` : "SMS: outbox driver, NODE_ENV=development (BENCH_SMS=outbox)");
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`starting the server on ${baseUrl} (DATA_DIR ${directory})`);

  // The server's output (warnings and errors at LOG_LEVEL=warn) is kept for the report; its resident memory
  // (4.) is sampled from the spawn to the end of the load; ready is the first 200 of /readyz.
  const app = await startAppProcess({
    args: ["--seed"],
    env,
    timeoutMs: READY_TIMEOUT_MS,
    readyPath: "/readyz",
    onSpawn(child, output) {
      server = child;
      serverExited = new Promise((resolve) => child.once("exit", (code: number | null, signal: NodeJS.Signals | null) => resolve(code ?? signal)));
      serverOutput = output;
      rssTimer = setInterval(() => {
        const bytes = rssBytes(child.pid);
        if (bytes === undefined) return;
        rss.samples += 1;
        rss.peakBytes = Math.max(rss.peakBytes, bytes);
      }, RSS_SAMPLE_MS);
    },
  });
  const readyMs = app.readyMs;
  log(`ready after ${Math.round(readyMs)} ms`);
  return { baseUrl, readyMs, dataDir: directory };
}

// ---------------------------------------------------------------------------------------------------
// 5. JavaScript /home loads before it is interactive.

/** Absolute path in build/client of a same-site asset URL path, or undefined when it is not a file there. */
function assetFile(urlPath: string): string | undefined {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  if (!file.startsWith(clientDir + path.sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

/** Static import/export-from specifiers of a JS module (not `import("…")`, which is loaded later). */
function staticImports(source: string): string[] {
  const specifiers = new Set<string>();
  // `import x from "…"`, `import{a as b}from"…"`, `export*from"…"`, `export{a}from"…"`.
  for (const [, , specifier] of source.matchAll(/\bfrom\s*(["'])([^"'\n]+?)\1/g)) if (specifier) specifiers.add(specifier);
  // Side-effect imports: `import "…"` / `import"…"`. A dynamic import has a "(" before the quote.
  for (const [, , specifier] of source.matchAll(/\bimport\s*(["'])([^"'\n]+?)\1/g)) if (specifier) specifiers.add(specifier);
  return [...specifiers];
}

function gzipSize(buffer: Buffer): number {
  return zlib.gzipSync(buffer, { level: GZIP_LEVEL }).length;
}

/**
 * Starts from every /assets/*.js URL in the HTML (module scripts, modulepreload links and the
 * imports of React Router's inline module script), then follows static imports recursively.
 */
/** A JavaScript file /home loads before it is interactive, and why (how the HTML or an import reaches it). */
interface JavaScriptFile {
  url: string;
  via: string;
  rawBytes: number;
  gzipBytes: number;
}

interface JavaScriptFigures {
  gzipLevel: number;
  gzipBytes: number;
  rawBytes: number;
  files: JavaScriptFile[];
  /** URLs the HTML or a module names that build/client does not have. */
  missing: string[];
}

function javascriptBeforeInteractive(html: string): JavaScriptFigures {
  const roots = new Map<string, string>(); // URL path → how the HTML references it
  const note = (urlPath: string, how: string) => {
    const clean = new URL(urlPath, "http://site/").pathname;
    if (!roots.has(clean)) roots.set(clean, how);
  };
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (src && /\btype\s*=\s*["']module["']/i.test(tag)) note(src, "script type=module");
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && /\brel\s*=\s*["']modulepreload["']/i.test(tag)) note(href, "modulepreload");
  }
  // Every other /assets/…js URL in the HTML: the inline module script's `import "…"`, `import * as … from "…"`
  // and `import("…")` of the client entry, which hydration needs.
  for (const [, asset] of html.matchAll(/(?:https?:\/\/[^"'\s/]+)?(\/assets\/[\w./-]+?\.js)(?![\w.])/g)) if (asset) note(asset, "inline script");

  const files = new Map<string, JavaScriptFile>(); // URL path → the file
  const missing: string[] = [];
  const queue = [...roots].map(([url, via]) => ({ url, via }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { url, via } = next;
    if (files.has(url)) continue;
    const file = assetFile(url);
    if (!file) {
      missing.push(url);
      continue;
    }
    const source = readFileSync(file);
    files.set(url, { url, via, rawBytes: source.length, gzipBytes: gzipSize(source) });
    for (const specifier of staticImports(source.toString("utf8"))) {
      if (!/^(\.{1,2}\/|\/)/.test(specifier)) continue; // bare specifiers do not exist in a browser build
      const resolved = new URL(specifier, `http://site${url}`).pathname;
      if (!files.has(resolved)) queue.push({ url: resolved, via: `import in ${path.posix.basename(url)}` });
    }
  }
  const list = [...files.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    gzipLevel: GZIP_LEVEL,
    gzipBytes: list.reduce((sum, entry) => sum + entry.gzipBytes, 0),
    rawBytes: list.reduce((sum, entry) => sum + entry.rawBytes, 0),
    files: list,
    missing,
  };
}

/** Stylesheets (gzip bytes) and preloaded fonts (bytes as stored, woff2 is already compressed). */
interface CssFigures {
  gzipLevel: number;
  gzipBytes: number;
  rawBytes: number;
  files: { url: string; rawBytes: number | undefined; gzipBytes: number | undefined }[];
}

interface FontFigures {
  bytes: number;
  files: { url: string; bytes: number | undefined }[];
}

function cssAndFonts(html: string): { css: CssFigures; fonts: FontFigures } {
  const css: CssFigures["files"] = [];
  const fonts: FontFigures["files"] = [];
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (!href) continue;
    const urlPath = new URL(href, "http://site/").pathname;
    const file = assetFile(urlPath);
    if (/\brel\s*=\s*["']stylesheet["']/i.test(tag)) {
      const bytes = file ? readFileSync(file) : undefined;
      css.push({ url: urlPath, rawBytes: bytes?.length, gzipBytes: bytes ? gzipSize(bytes) : undefined });
    } else if (/\brel\s*=\s*["']preload["']/i.test(tag) && /\bas\s*=\s*["']font["']/i.test(tag)) {
      fonts.push({ url: urlPath, bytes: file ? statSync(file).size : undefined });
    }
  }
  const sum = (values: readonly (number | undefined)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
  return {
    css: { gzipLevel: GZIP_LEVEL, gzipBytes: sum(css.map((file) => file.gzipBytes)), rawBytes: sum(css.map((file) => file.rawBytes)), files: css },
    fonts: { bytes: sum(fonts.map((file) => file.bytes)), files: fonts },
  };
}

// ---------------------------------------------------------------------------------------------------
// 3. Targets and load.

/** The file of build/client/assets whose size is closest to `bytes` (empty files are skipped). */
function assetClosestTo(bytes: number): { name: string; size: number } {
  const dir = path.join(clientDir, "assets");
  let best: { name: string; size: number } | undefined;
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".map")) continue; // source maps (when built with them) are not what users download
    const size = statSync(path.join(dir, name)).size;
    if (size === 0) continue;
    if (!best || Math.abs(size - bytes) < Math.abs(best.size - bytes)) best = { name, size };
  }
  if (!best) throw new Error("build/client/assets has no files");
  return best;
}

/** Runs scripts/bench-load.ts in its own Node process and returns its parsed JSON output. */
function runLoad(config: LoadConfig): Promise<LoadOutput> {
  return new Promise((resolve, reject) => {
    // The configuration goes on stdin: with a session list per target it outgrows a command-line argument.
    const child = spawn(process.execPath, [path.join(rootDir, "scripts", "bench-load.ts")], {
      cwd: rootDir,
      stdio: ["pipe", "pipe", "inherit"],
    });
    loadChild = child;
    child.stdin.end(JSON.stringify(config));
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code !== 0) return reject(new Error(`the load generator failed (${code ?? signal})`));
      try {
        // Printed by scripts/bench-load.ts, which this process runs: trusted as its LoadOutput.
        resolve(JSON.parse(stdout) as LoadOutput);
      } catch {
        reject(new Error(`the load generator printed no JSON:\n${stdout.slice(0, 2000)}`));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// 6. Report.

/** One load target: its key (for the ratio targets and BENCH_ONLY) and what bench-load.ts needs. */
interface BenchTarget extends LoadTarget {
  key: string;
}

interface TargetResult {
  key: string;
  name: string;
  /** The path and query, without the base URL. */
  url: string;
  headers: Record<string, string>;
  measured: LoadFigures;
  warmup: LoadFigures | undefined;
  ratioToStatic: number | undefined;
}

/** A row of the printed table: a load target, or the login flow (whose req/s counts whole flows). */
interface ReportRow {
  name: string;
  measured: {
    requestsPerSecond: number;
    latencyMs: Pick<LatencyFigures, "p50" | "p99">;
    non2xx: number;
    errors: number;
    timeouts: number;
    bytesPerSecond: number | undefined;
  };
  ratioToStatic: number | undefined;
}

interface HomeHtmlFigures {
  bytes: number;
  wireBytes: number;
  encoding: string;
}

/** What bench-results/latest.json holds, and the table is printed from. */
interface BenchReport {
  date: string;
  node: string;
  cpus: number;
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    acceptEncoding: string;
    numbers: number;
    flowConcurrency: number;
    sms: "smpp" | "outbox";
    otpLimits: Record<string, string>;
    only: "numbers" | undefined;
  };
  targets: TargetResult[];
  inventory: { numbers: number; plans: Record<string, string[]> };
  loginFlow:
    | (Awaited<ReturnType<typeof runLoginFlows>> & { setupSeconds: number | undefined; ratioToStatic: number | undefined; smsc: BenchSmsc["counts"] | undefined })
    | undefined;
  staticAsset: { url: string; bytes: number; chosenFor: string };
  homeHtml: Record<Language, HomeHtmlFigures>;
  peakRssMB: number;
  rssSamples: number;
  readyMs: number;
  readyTargetMs: number;
  javascriptBeforeInteractive: JavaScriptFigures & { targetKB: number };
  css: CssFigures;
  fonts: FontFigures;
  serverOutput: string[];
  problems: string[];
}

function pad(text: string | number | undefined, width: number, right = false): string {
  const value = String(text);
  return right ? value.padStart(width) : value.padEnd(width);
}

function printReport(report: BenchReport): void {
  const lines: string[] = [];
  const columns: [title: string, width: number, right: boolean][] = [
    ["target", 42, false],
    ["req/s", 9, true],
    ["p50 ms", 8, true],
    ["p99 ms", 8, true],
    ["non-2xx", 8, true],
    ["errors", 7, true],
    ["KB/resp", 8, true], // bytes on the wire per response, headers included
    ["vs static", 10, true],
  ];
  const row = (cells: readonly (string | number)[]) =>
    cells.map((cell, index) => pad(cell, columns[index]?.[1] ?? 0, columns[index]?.[2] ?? false)).join(" ");
  lines.push("");
  lines.push(`Load: ${report.settings.connections} connections, ${report.settings.warmupSeconds} s warm-up + ${report.settings.durationSeconds} s per target, Accept-Encoding: gzip, Node ${process.versions.node}, ${os.cpus().length} CPUs`);
  lines.push(row(columns.map(([title]) => title)));
  lines.push(row(columns.map(([, width]) => "-".repeat(width))));
  const flow = report.loginFlow;
  const targetRows: ReportRow[] = [...report.targets];
  // The login flow as a row of its own, after the API routes: its req/s column counts whole flows.
  if (flow) targetRows.push({
    name: "login flow (flows/s)",
    measured: { ...flow.measured, requestsPerSecond: flow.measured.flowsPerSecond, non2xx: flow.measured.failed, errors: 0, timeouts: 0, bytesPerSecond: undefined },
    ratioToStatic: flow.ratioToStatic,
  });
  for (const target of targetRows) {
    const m = target.measured;
    lines.push(
      row([
        target.name,
        fmt(m.requestsPerSecond, 1),
        fmt(m.latencyMs.p50, 0),
        fmt(m.latencyMs.p99, 0),
        m.non2xx,
        m.errors + m.timeouts,
        m.bytesPerSecond === undefined ? "-" : fmt(kb(m.bytesPerSecond / Math.max(m.requestsPerSecond, 1e-9)), 1),
        fmt(target.ratioToStatic, 2),
      ]),
    );
  }
  lines.push("");
  for (const [key, target] of Object.entries(RATIO_TARGETS)) {
    const measured = report.targets.find((candidate) => candidate.key === key);
    if (!measured?.ratioToStatic) continue;
    lines.push(`${measured.name} ÷ static: ${fmt(measured.ratioToStatic, 2)} (target ≥ ${target}: ${measured.ratioToStatic >= target ? "met" : "NOT met"})`);
  }
  const via = report.settings.sms === "smpp" ? "the code SMS by SMPP to the bench SMSC" : "the code read from GET /dev/sms-outbox";
  if (flow) {
    lines.push(`login flow: POST core/api/users/login2 → ${via} → POST api/users/signin; ${flow.concurrency} in flight over ${flow.numbers} registered numbers (registered in ${fmt(flow.setupSeconds, 1)} s, not timed)`);
    lines.push(`  ${flow.measured.flows} flows in ${fmt(flow.measured.durationSeconds, 1)} s; p50 per step: login2 ${fmt(flow.measured.stepsP50Ms.request, 0)} ms, code ${fmt(flow.measured.stepsP50Ms.code, 0)} ms, signin ${fmt(flow.measured.stepsP50Ms.signIn, 0)} ms`);
  } else {
    lines.push(`BENCH_ONLY=${report.settings.only}: no login flow and no signed-in targets in this run`);
  }
  lines.push(`OTP limits raised for the bench: ${Object.entries(report.settings.otpLimits).map(([name, value]) => `${name}=${value}`).join(", ")}`);
  if (report.settings.sms === "outbox") lines.push("BENCH_SMS=outbox: the server ran with NODE_ENV=development, so these are not production figures");
  lines.push(`static asset: ${report.staticAsset.url} (${report.staticAsset.bytes} B; /home ar HTML ${report.homeHtml.ar.bytes} B, en ${report.homeHtml.en.bytes} B)`);
  lines.push(`peak RSS (server process):   ${fmt(report.peakRssMB, 1)} MB (${report.rssSamples} samples every ${RSS_SAMPLE_MS} ms)`);
  lines.push(`time to ready (spawn→/readyz 200): ${Math.round(report.readyMs)} ms (target ≤ ${READY_TARGET_MS} ms: ${report.readyMs <= READY_TARGET_MS ? "met" : "NOT met"})`);
  const js = report.javascriptBeforeInteractive;
  lines.push(`JS before interactive (/home): ${fmt(kb(js.gzipBytes), 1)} KB gzip level ${js.gzipLevel} (${fmt(kb(js.rawBytes), 1)} KB raw; target ≤ ${JS_TARGET_KB} KB: ${kb(js.gzipBytes) <= JS_TARGET_KB ? "met" : "NOT met"}), ${js.files.length} files:`);
  for (const file of js.files) {
    lines.push(`  ${pad(fmt(kb(file.gzipBytes), 1), 7, true)} KB  ${pad(file.url, 48)} (${fmt(kb(file.rawBytes), 1)} KB raw; ${file.via})`);
  }
  if (js.missing.length > 0) lines.push(`  not found in build/client: ${js.missing.join(", ")}`);
  const { css, fonts } = report;
  lines.push(`CSS: ${fmt(kb(css.gzipBytes), 1)} KB gzip level ${css.gzipLevel} (${fmt(kb(css.rawBytes), 1)} KB raw): ${css.files.map((file) => file.url).join(", ") || "none"}`);
  lines.push(`fonts preloaded: ${fmt(kb(fonts.bytes), 1)} KB: ${fonts.files.map((file) => `${file.url} (${fmt(kb(file.bytes ?? 0), 1)} KB)`).join(", ") || "none"}`);
  if (report.problems.length > 0) {
    lines.push("");
    lines.push("PROBLEMS:");
    for (const problem of report.problems) lines.push(`  - ${problem}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** Groups the server's log lines by level, message, method, path and status: [[text, count], …], most frequent first. */
function summarizeServerOutput(lines: readonly string[]): [string, number][] {
  const levels: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };
  const counts = new Map<string, number>();
  for (const line of lines) {
    let key = line.slice(0, 300);
    try {
      const entry: unknown = JSON.parse(line);
      if (typeof entry !== "object" || entry === null) throw new Error("not a log entry");
      const { level, msg, method, path: urlPath, status, err } = entry as Record<string, unknown>;
      const errorMessage = typeof err === "object" && err !== null && "message" in err ? err.message : undefined;
      key = [(typeof level === "number" ? levels[level] : undefined) ?? level, msg, method, urlPath, status, errorMessage]
        .filter((part) => part !== undefined)
        .join(" ");
    } catch {
      // not a JSON log line: kept as it is
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  buildIfNeeded();
  const fingerprint = buildFingerprint();
  const { baseUrl, readyMs, dataDir: benchDataDir } = await startServer();
  const problems: string[] = [];

  // The /home HTML in both languages, once, as a guest: its size picks the static asset and its
  // scripts give the JavaScript figure.
  const homePage = async (lang: Language) => {
    const response = await get(`${baseUrl}/home`, { cookie: `lang=${lang}` });
    if (response.status !== 200) throw new Error(`GET /home (lang=${lang}) answered ${response.status}`);
    return { bytes: response.body.length, wireBytes: response.wire.length, encoding: response.headers["content-encoding"] ?? "identity", html: response.body.toString("utf8") };
  };
  const homeHtml = { ar: await homePage("ar"), en: await homePage("en") };
  // 5. Read the files now, while they certainly match the HTML the server gave.
  const javascript = javascriptBeforeInteractive(homeHtml.ar.html);
  if (javascript.missing.length > 0) problems.push(`JS referenced by /home not found in build/client: ${javascript.missing.join(", ")}`);
  const { css, fonts } = cssAndFonts(homeHtml.ar.html);

  const asset = assetClosestTo(homeHtml.ar.bytes);
  const assetUrl = `/assets/${asset.name}`;
  const assetCheck = await get(`${baseUrl}${assetUrl}`);
  if (assetCheck.status !== 200) throw new Error(`GET ${assetUrl} answered ${assetCheck.status}`);

  // 3. The login flow, with the numbers it needs registered first (not timed). BENCH_ONLY=numbers skips it.
  let loginFlow: Awaited<ReturnType<typeof runLoginFlows>> | undefined;
  let setupSeconds: number | undefined;
  let tokens = new Map<string, string>();
  if (!ONLY) {
    const loginContext = await prepareLoginBench({ baseUrl, smsc });
    log(`registering ${NUMBERS} numbers (signup2 + signin, ${FLOW_CONCURRENCY} at a time; not timed)`);
    const setupStarted = performance.now();
    tokens = await registerNumbers(loginContext, { count: NUMBERS, concurrency: FLOW_CONCURRENCY });
    setupSeconds = (performance.now() - setupStarted) / 1000;
    log(`registered ${tokens.size} numbers in ${setupSeconds.toFixed(1)} s`);
    process.stderr.write(`  load: login flow: warm-up ${WARMUP_S} s, then ${DURATION_S} s at ${Math.min(FLOW_CONCURRENCY, tokens.size)} flows in flight\n`);
    loginFlow = await runLoginFlows(loginContext, tokens, { concurrency: FLOW_CONCURRENCY, warmupSeconds: WARMUP_S, durationSeconds: DURATION_S });
    for (const phase of ["warmup", "measured"] as const) {
      const figures = loginFlow[phase];
      if (figures && figures.failed > 0) problems.push(`login flow: ${figures.failed} failed flows during ${phase} (${JSON.stringify(figures.failures)})`);
      if (figures && figures.flows === 0) problems.push(`login flow: no flow completed during ${phase}`);
    }
    if (smsc && smsc.counts.unexpected > 0) problems.push(`the bench SMSC received ${smsc.counts.unexpected} SMS that no flow waited for`);
  }
  // Each number's newest session (a login may end the older ones), checked once before the load.
  const bearerTokens = [...tokens.values()];
  if (!ONLY) {
    const numbersCheck = await get(`${baseUrl}/core/api/users/numbers/user`, { authorization: `Bearer ${bearerTokens[0]}` });
    if (numbersCheck.status !== 200) throw new Error(`GET /core/api/users/numbers/user with a fresh session answered ${numbersCheck.status}`);
  }

  // Number reservation: the inventory at its benchmark size, and the plan of each search, printed once.
  const inventory = await prepareInventory(benchDataDir, INVENTORY, log);
  for (const search of INVENTORY_SEARCHES) process.stderr.write(`\nplan of ${search.name} (like '${search.like}'):\n  ${(inventory.plans[search.key] ?? []).join("\n  ")}\n`);

  // Line features act on the session's own number: each request posts the gsm that goes with its token.
  const sessions = [...tokens].map(([gsm, token]) => ({ gsm, token }));
  if (!ONLY) await prepareCharging(benchDataDir, sessions.map((session) => session.gsm), log);
  const listedTargets: BenchTarget[] = [
    // The static asset first, next to the pages whose throughput is given as a share of its own, so that
    // both are measured in the same conditions (later targets follow the inventory's million-row load).
    { key: "static", name: `static ${asset.name}`, url: `${baseUrl}${assetUrl}`, headers: {} },
    { key: "homeAr", name: "GET /home (guest, ar)", url: `${baseUrl}/home`, headers: { cookie: "lang=ar" } },
    { key: "homeEn", name: "GET /home (guest, en)", url: `${baseUrl}/home`, headers: { cookie: "lang=en" } },
    // A signed-in page is rendered for its visitor on every request (never cached).
    { key: "profileAr", name: "GET /profile (signed in, ar)", url: `${baseUrl}/profile`, headers: { cookie: `lang=ar; session=${bearerTokens[0]}` } },
    { key: "cityAll", name: "GET /customerCare/api/city/all", url: `${baseUrl}/customerCare/api/city/all`, headers: {} },
    { key: "numbersUser", name: "GET core/api/users/numbers/user (Bearer)", url: `${baseUrl}/core/api/users/numbers/user`, headers: {}, bearerTokens },
    { key: "callForwardShow", name: "POST core/api/callForward/show (Bearer)", url: `${baseUrl}/core/api/callForward/show`, headers: {}, sessionForms: { sessions, fields: {} } },
    {
      key: "myCallersShow",
      name: "POST core/api/superClip/myCallers/show (Bearer)",
      url: `${baseUrl}/core/api/superClip/myCallers/show?page=0`,
      headers: {},
      sessionForms: { sessions, fields: { gsmFilter: "", dateFilterType: "4" } },
    },
    // My line: the page (balance and bundles from the charging port, rendered for its visitor) and a real
    // bundle order per request (a fresh idempotency key each time; the money taken; the confirmation SMS).
    { key: "myLineAr", name: "GET /my-line (signed in, ar)", url: `${baseUrl}/my-line`, headers: { cookie: `lang=ar; session=${bearerTokens[0]}` } },
    {
      key: "bundleActivate",
      name: "POST core/api/charging/bundles/activate (Bearer)",
      url: `${baseUrl}/core/api/charging/bundles/activate`,
      headers: {},
      sessionForms: { sessions, fields: { bundleId: String(BENCH_BUNDLE_ID), renew: "0" }, uniqueKey: "idempotencyKey" },
    },
    ...INVENTORY_SEARCHES.map((search) => ({ key: search.key, name: search.name, url: `${baseUrl}/core/api/numbers/available?${search.query}`, headers: {} })),
  ];
  const allTargets = listedTargets.map((target) => ({ ...target, headers: { "accept-encoding": ACCEPT_ENCODING, ...target.headers } }));
  // BENCH_ONLY=numbers: the baseline and the searches.
  const targets = ONLY === "numbers" ? allTargets.filter((target) => target.key === "static" || INVENTORY_SEARCHES.some((search) => search.key === target.key)) : allTargets;

  const load = await runLoad({
    targets: targets.map(({ name, url, headers, bearerTokens: rotate, sessionForms }) => ({ name, url, headers, bearerTokens: rotate, sessionForms })),
    connections: CONNECTIONS,
    duration: DURATION_S,
    warmup: WARMUP_S,
  });
  // Peak memory covers start-up and the whole load; stop sampling before the shutdown.
  clearInterval(rssTimer);
  if (buildFingerprint() !== fingerprint) {
    problems.push("build/ changed during the bench (another `npm run build` ran?): the server lost its files, figures are not reliable; run again");
  }

  const staticRps = load.results[targets.findIndex((target) => target.key === "static")]?.measured.requestsPerSecond;
  const results = targets.map((target, index): TargetResult => {
    const result = load.results[index];
    if (!result) throw new Error(`the load generator gave no result for ${target.name}`);
    for (const phase of ["warmup", "measured"] as const) {
      const figures = result[phase];
      if (!figures) continue;
      if (figures.non2xx > 0) problems.push(`${target.name}: ${figures.non2xx} non-2xx responses during ${phase} (${JSON.stringify(figures.statusCodes)})`);
      if (figures.errors + figures.timeouts > 0) problems.push(`${target.name}: ${figures.errors} errors, ${figures.timeouts} timeouts during ${phase}`);
      if (figures.count2xx === 0) problems.push(`${target.name}: no 2xx response during ${phase}`);
    }
    return {
      key: target.key,
      name: target.name,
      url: target.url.slice(baseUrl.length),
      headers: target.headers,
      measured: result.measured,
      warmup: result.warmup,
      ratioToStatic: staticRps ? result.measured.requestsPerSecond / staticRps : undefined,
    };
  });

  // Server warnings/errors printed during the run (LOG_LEVEL=warn), reported as problems to look at.
  const serverLines = serverOutput().split("\n").filter((line) => line.trim());

  const report: BenchReport = {
    date: new Date().toISOString(),
    node: process.versions.node,
    cpus: os.cpus().length,
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      acceptEncoding: ACCEPT_ENCODING,
      numbers: NUMBERS,
      flowConcurrency: FLOW_CONCURRENCY,
      sms: SMS_MODE,
      otpLimits: BENCH_OTP_LIMITS,
      only: ONLY,
    },
    targets: results,
    inventory: { numbers: inventory.total, plans: inventory.plans },
    loginFlow: loginFlow && {
      ...loginFlow,
      setupSeconds,
      ratioToStatic: staticRps ? loginFlow.measured.flowsPerSecond / staticRps : undefined,
      smsc: smsc ? { ...smsc.counts } : undefined,
    },
    staticAsset: { url: assetUrl, bytes: asset.size, chosenFor: "closest size to the /home (ar) HTML" },
    homeHtml: {
      ar: { bytes: homeHtml.ar.bytes, wireBytes: homeHtml.ar.wireBytes, encoding: homeHtml.ar.encoding },
      en: { bytes: homeHtml.en.bytes, wireBytes: homeHtml.en.wireBytes, encoding: homeHtml.en.encoding },
    },
    peakRssMB: rss.peakBytes / 1024 / 1024,
    rssSamples: rss.samples,
    readyMs,
    readyTargetMs: READY_TARGET_MS,
    javascriptBeforeInteractive: { ...javascript, targetKB: JS_TARGET_KB },
    css,
    fonts,
    serverOutput: serverLines.slice(-50),
    problems,
  };

  printReport(report);
  if (serverLines.length > 0) {
    const groups = summarizeServerOutput(serverLines);
    process.stdout.write(`\nserver output at LOG_LEVEL=warn: ${serverLines.length} lines\n`);
    for (const [line, count] of groups.slice(0, 15)) process.stdout.write(`  ${pad(count, 6, true)} × ${line}\n`);
    if (groups.length > 15) process.stdout.write(`  … ${groups.length - 15} more kinds (bench-results/latest.json has the last 50 lines)\n`);
    const clientSaw5xx = results.some((target) => Object.keys(target.measured.statusCodes).some((code) => code.startsWith("5")) ||
      Object.keys(target.warmup?.statusCodes ?? {}).some((code) => code.startsWith("5")));
    if (!clientSaw5xx && groups.some(([line]) => / 500$/.test(line))) {
      process.stdout.write("  note: the load generator received no 5xx. autocannon aborts the requests in flight when a run ends, and the\n" +
        "  server logs an aborted page request as \"request failed\" with status 500: these lines are most likely those.\n");
    }
  }
  mkdirSync(path.join(rootDir, "bench-results"), { recursive: true });
  const resultsFile = path.join(rootDir, "bench-results", "latest.json");
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nwritten: ${path.relative(rootDir, resultsFile)}\n`);
  return problems.length === 0 ? 0 : 1;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  const lastLines = serverOutput().trim().split("\n").filter(Boolean).slice(-10).map((line) => line.slice(0, 500));
  if (lastLines.length > 0) log(`the server's last lines (LOG_LEVEL=warn):\n${lastLines.join("\n")}`);
  exitCode = 1;
} finally {
  await cleanup();
}
if (!interrupted) process.exit(exitCode);
