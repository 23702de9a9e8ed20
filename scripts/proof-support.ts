// What the proof commands share (scripts/proof-load.ts, scripts/proof-faults.ts): a production instance on a
// fresh embedded database with SMS by SMPP to an SMSC of the script, an HTTP client with keep-alive, the mixed
// workload, and figures per route.
import type { ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAppProcess } from "./app-process.ts";
import { BENCH_OTP_LIMITS, startBenchSmsc, type BenchSmsc } from "./bench-login.ts";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function requireBuild(command: string): void {
  if (!existsSync(path.join(rootDir, "build", "server", "index.js"))) {
    process.stderr.write(`${command}: build/server/index.js is missing: run \`npm run build\` first\n`);
    process.exit(1);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export function rssBytes(pid: number | undefined): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** One request of the mix. */
export interface ProofRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** An answer: its status and time, or status 0 with the error's code when none came. */
export interface ProofAnswer {
  status: number;
  ms: number;
  error?: string;
}

export interface ProofClient {
  request(baseUrl: string, request: ProofRequest): Promise<ProofAnswer>;
  destroy(): void;
}

/** The code of a Node system error (ECONNRESET, …), else its message. */
function errorCode(error: Error): string {
  return "code" in error && typeof error.code === "string" ? error.code : error.message;
}

/** An HTTP client for `connections` concurrent loops; an answer is {status, ms}, or {status: 0, error} when none came. */
export function createClient(connections: number): ProofClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    request(baseUrl, { method = "GET", path: pathName, headers = {}, body }) {
      return new Promise((resolve) => {
        const started = performance.now();
        const req = http.request(`${baseUrl}${pathName}`, { method, agent, headers: { "accept-encoding": "gzip", ...headers }, timeout: 30_000 }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
          res.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, error: errorCode(error) }));
        });
        req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
        req.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, error: errorCode(error) }));
        req.end(body);
      });
    },
    destroy() {
      agent.destroy();
    },
  };
}

/** A production instance of the site for a proof, with its SMSC and its own data directory. */
export interface ProofServer {
  baseUrl: string;
  dataDir: string;
  smsc: BenchSmsc;
  server: ChildProcess;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
  output(): string;
  /** Lines the server logged at error level or worse. */
  errorLines(): string[];
  /** The embedded database, as its superuser, through its socket. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Starts the SMSC and the production server (extra `env` wins), waits until /readyz is 200. */
export async function startProofServer(env: Record<string, string> = {}): Promise<ProofServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "operator-proof-"));
  chmodSync(dataDir, 0o711);
  const port = await freePort();
  const smsc = await startBenchSmsc();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await startAppProcess({
    args: ["--seed"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", NODE_ENV: "production", SMS_DRIVER: "smpp", SMPP_URL: smsc.url, DATABASE_POOL_SIZE: "20", ...BENCH_OTP_LIMITS, ...env },
    timeoutMs: 90_000,
    readyPath: "/readyz",
  }).catch(async (error) => {
    await smsc.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const server = app.child;
  const exited = app.exited.then(({ code, signal }) => code ?? signal);
  const output = app.output;
  return {
    baseUrl,
    dataDir,
    smsc,
    server,
    exited,
    output,
    errorLines: () => output().split("\n").filter((line) => /"level":(50|60)/.test(line)),
    adminUrl: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(path.join(dataDir, "run"))}&port=5432`,
    async stop() {
      await app.stop(20_000);
      await smsc.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One route of the mix: its label, its weight, and how to make one request. */
export interface ProofRoute {
  route: string;
  weight: number;
  make(): ProofRequest;
}

export interface ProofSession {
  gsm: string;
  token: string;
}

/** The mix: route label, weight, and how to make one request (sessions rotate over the registered numbers). */
export function workload(sessions: readonly ProofSession[]): ProofRoute[] {
  if (sessions.length === 0) throw new Error("the mix needs at least one registered number");
  let next = 0;
  const session = (): ProofSession => sessions[next++ % sessions.length]!;
  const post = (pathName: string, fields: Record<string, string>): ProofRequest => {
    const { gsm, token } = session();
    return { method: "POST", path: pathName, headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ gsm, ...fields }).toString() };
  };
  return [
    { route: "page /home (ar)", weight: 12, make: () => ({ path: "/home", headers: { cookie: "lang=ar" } }) },
    { route: "page /home (en)", weight: 5, make: () => ({ path: "/home", headers: { cookie: "lang=en" } }) },
    { route: "page /bundles", weight: 5, make: () => ({ path: "/bundles" }) },
    { route: "page /products/payment/62", weight: 4, make: () => ({ path: "/products/payment/62" }) },
    { route: "page /support/FAQs", weight: 4, make: () => ({ path: "/support/FAQs" }) },
    { route: "page /roaming", weight: 4, make: () => ({ path: "/roaming" }) },
    { route: "api bundles/web", weight: 8, make: () => ({ path: "/core/api/bundles/web", headers: { "accept-language": "ar" } }) },
    { route: "api city/all", weight: 6, make: () => ({ path: "/customerCare/api/city/all" }) },
    { route: "api search/web", weight: 6, make: () => ({ path: `/core/api/search/web?q=${encodeURIComponent("الانترنت")}` }) },
    { route: "api numbers/available", weight: 6, make: () => ({ path: "/core/api/numbers/available?pattern=777" }) },
    { route: "api numbers/user (Bearer)", weight: 10, make: () => ({ path: "/core/api/users/numbers/user", headers: { authorization: `Bearer ${session().token}` } }) },
    { route: "api callForward/show", weight: 12, make: () => post("/core/api/callForward/show", {}) },
    { route: "api superClip/myCallers/show", weight: 6, make: () => post("/core/api/superClip/myCallers/show?page=0", { gsmFilter: "", dateFilterType: "2" }) },
    {
      route: "api callForward/activate (write)",
      weight: 8,
      make: () =>
        post(
          "/core/api/callForward/activate",
          Math.random() < 0.5 ? { serviceState: "1", "customerState[0].type": "1", "customerState[0].state": "1", "customerState[0].number": "0911111111" } : { serviceState: "0" },
        ),
    },
  ];
}

/** What one run of the mix saw on one route: every latency, the unexpected answers by status (or error). */
export interface RouteStats {
  latencies: number[];
  unexpected: Map<number | string, number>;
  answers: number;
}

export interface MixRun {
  seconds: number;
  /** By route label. */
  stats: Map<string, RouteStats>;
}

export interface MixOptions {
  baseUrl: string;
  client: ProofClient;
  routes: readonly ProofRoute[];
  connections: number;
  seconds: number;
  /** Whether an answer is expected; `sentAt` is ms since the run started. Default: 200 only. */
  judge?: (answer: ProofAnswer, sentAt: number) => boolean;
  /** Checked before each request: true ends the loops early. */
  stopWhen?: () => boolean;
}

/**
 * `connections` loops for `seconds`, each picking a route by weight. `judge(answer, startedAt)` says whether an
 * answer is expected (default: 200 only). Answers are kept per route: latencies and the unexpected ones.
 */
export async function runMix({ baseUrl, client, routes, connections, seconds, judge = (answer) => answer.status === 200, stopWhen = () => false }: MixOptions): Promise<MixRun> {
  const [firstRoute] = routes;
  if (!firstRoute) throw new Error("the mix has no route");
  const total = routes.reduce((sum, route) => sum + route.weight, 0);
  const stats = new Map<string, RouteStats>(routes.map((route) => [route.route, { latencies: [], unexpected: new Map(), answers: 0 }]));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && !stopWhen()) {
        let pick = Math.random() * total;
        const route = routes.find((candidate) => (pick -= candidate.weight) < 0) ?? firstRoute;
        const sentAt = performance.now();
        const answer = await client.request(baseUrl, route.make());
        const entry = routeStats(stats, route.route);
        entry.answers += 1;
        entry.latencies.push(answer.ms);
        if (!judge(answer, sentAt - started)) {
          const key = answer.status || answer.error || "no answer";
          entry.unexpected.set(key, (entry.unexpected.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, stats };
}

function routeStats(stats: Map<string, RouteStats>, route: string): RouteStats {
  const entry = stats.get(route);
  if (!entry) throw new Error(`no figures for the route ${route}: was it part of this run's mix?`);
  return entry;
}

export function percentile(sorted: readonly number[], fraction: number): number | undefined {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] : undefined;
}

/** The per-route table of one or more runs; answers the number of unexpected answers with the lines. */
export function routeTable(routes: readonly ProofRoute[], runs: readonly MixRun[]): { lines: string[]; unexpectedTotal: number } {
  const pad = (text: string | number | undefined, width: number, right = true) => (right ? String(text).padStart(width) : String(text).padEnd(width));
  const lines = [`${pad("route", 34, false)} ${pad("requests", 9)} ${pad("req/s", 8)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)}  unexpected`];
  let unexpectedTotal = 0;
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  for (const route of routes) {
    const latencies = runs.flatMap((run) => routeStats(run.stats, route.route).latencies).sort((a, b) => a - b);
    const unexpected = new Map<number | string, number>();
    for (const run of runs) for (const [status, count] of routeStats(run.stats, route.route).unexpected) unexpected.set(status, (unexpected.get(status) ?? 0) + count);
    unexpectedTotal += [...unexpected.values()].reduce((sum, count) => sum + count, 0);
    const bad = [...unexpected].map(([status, count]) => `${count}× ${status}`).join(", ");
    lines.push(`${pad(route.route, 34, false)} ${pad(latencies.length, 9)} ${pad((latencies.length / seconds).toFixed(1), 8)} ${pad(percentile(latencies, 0.5)?.toFixed(0), 8)} ${pad(percentile(latencies, 0.99)?.toFixed(0), 8)}  ${bad || "none"}`);
  }
  return { lines, unexpectedTotal };
}
