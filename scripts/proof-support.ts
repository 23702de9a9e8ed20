// What the proof commands share (scripts/proof-load.ts, scripts/proof-faults.ts): a production instance on a
// fresh embedded database with SMS by SMPP to an SMSC of the script, an HTTP client with keep-alive, the mixed
// workload, and figures per route.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAppProcess } from "./app-process.ts";
import { BENCH_OTP_LIMITS, startBenchSmsc } from "./bench-login.ts";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function requireBuild(command) {
  if (!existsSync(path.join(rootDir, "build", "server", "index.js"))) {
    process.stderr.write(`${command}: build/server/index.js is missing: run \`npm run build\` first\n`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export function rssBytes(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** An HTTP client for `connections` concurrent loops; an answer is {status, ms}, or {status: 0, error} when none came. */
export function createClient(connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    request(baseUrl, { method = "GET", path: pathName, headers = {}, body }) {
      return new Promise((resolve) => {
        const started = performance.now();
        const req = http.request(`${baseUrl}${pathName}`, { method, agent, headers: { "accept-encoding": "gzip", ...headers }, timeout: 30_000 }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
          res.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, error: error.code ?? error.message }));
        });
        req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
        req.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, error: error.code ?? error.message }));
        req.end(body);
      });
    },
    destroy() {
      agent.destroy();
    },
  };
}

/** Starts the SMSC and the production server (extra `env` wins), waits until /readyz is 200. */
export async function startProofServer(env = {}) {
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
    /** Lines the server logged at error level or worse. */
    errorLines: () => output().split("\n").filter((line) => /"level":(50|60)/.test(line)),
    /** The embedded database, as its superuser, through its socket. */
    adminUrl: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(path.join(dataDir, "run"))}&port=5432`,
    async stop() {
      await app.stop(20_000);
      await smsc.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The mix: route label, weight, and how to make one request (sessions rotate over the registered numbers). */
export function workload(sessions) {
  let next = 0;
  const session = () => sessions[next++ % sessions.length];
  const post = (pathName, fields) => {
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

/**
 * `connections` loops for `seconds`, each picking a route by weight. `judge(answer, startedAt)` says whether an
 * answer is expected (default: 200 only). Answers are kept per route: latencies and the unexpected ones.
 */
export async function runMix({ baseUrl, client, routes, connections, seconds, judge = (answer) => answer.status === 200, stopWhen = () => false }) {
  const total = routes.reduce((sum, route) => sum + route.weight, 0);
  const stats = new Map(routes.map((route) => [route.route, { latencies: [], unexpected: new Map(), answers: 0 }]));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && !stopWhen()) {
        let pick = Math.random() * total;
        const route = routes.find((candidate) => (pick -= candidate.weight) < 0) ?? routes[0];
        const sentAt = performance.now();
        const answer = await client.request(baseUrl, route.make());
        const entry = stats.get(route.route);
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

export function percentile(sorted, fraction) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] : undefined;
}

/** The per-route table of one or more runs; answers the number of unexpected answers with the lines. */
export function routeTable(routes, runs) {
  const pad = (text, width, right = true) => (right ? String(text).padStart(width) : String(text).padEnd(width));
  const lines = [`${pad("route", 34, false)} ${pad("requests", 9)} ${pad("req/s", 8)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)}  unexpected`];
  let unexpectedTotal = 0;
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  for (const route of routes) {
    const latencies = runs.flatMap((run) => run.stats.get(route.route).latencies).sort((a, b) => a - b);
    const unexpected = new Map();
    for (const run of runs) for (const [status, count] of run.stats.get(route.route).unexpected) unexpected.set(status, (unexpected.get(status) ?? 0) + count);
    unexpectedTotal += [...unexpected.values()].reduce((sum, count) => sum + count, 0);
    const bad = [...unexpected].map(([status, count]) => `${count}× ${status}`).join(", ");
    lines.push(`${pad(route.route, 34, false)} ${pad(latencies.length, 9)} ${pad((latencies.length / seconds).toFixed(1), 8)} ${pad(percentile(latencies, 0.5)?.toFixed(0), 8)} ${pad(percentile(latencies, 0.99)?.toFixed(0), 8)}  ${bad || "none"}`);
  }
  return { lines, unexpectedTotal };
}
