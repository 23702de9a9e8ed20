#!/usr/bin/env node
// `npm run proof:load` (step 6, proof 2): a mixed workload against one production instance, from this
// separate process — guest pages, content API, reservation search, authenticated reads, line-feature reads
// and writes, and whole login flows (code by SMPP to an SMSC of this script) — at PROOF_CONNECTIONS (200)
// for PROOF_ROUNDS (3) rounds of PROOF_DURATION (60) seconds. Prints per route: requests, req/s, p50, p99
// and every status that was not expected; throughput; the server's RSS after warm-up and after each round.
// Exit code 1 when any answer was unexpected or RSS grew more than 10 % from the first round to the last.
// The short version (PROOF_DURATION=5 PROOF_ROUNDS=2 PROOF_CONNECTIONS=50) runs in `npm test` (tests/ops).
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_OTP_LIMITS, prepareLoginBench, registerNumbers, runLoginFlows, startBenchSmsc } from "./bench-login.js";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const CONNECTIONS = number("PROOF_CONNECTIONS", 200);
const DURATION_S = number("PROOF_DURATION", 60);
const ROUNDS = number("PROOF_ROUNDS", 3);
const NUMBERS = number("PROOF_NUMBERS", 300);
const LOGIN_FLOWS_IN_FLIGHT = Math.min(20, Math.max(2, Math.round(CONNECTIONS / 10)));
const RSS_GROWTH_LIMIT = 0.1;
const log = (message) => process.stderr.write(`proof:load: ${message}\n`);

if (!existsSync(path.join(rootDir, "build", "server", "index.js"))) {
  process.stderr.write("proof:load: build/server/index.js is missing: run `npm run build` first\n");
  process.exit(1);
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

function rssBytes(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function request(baseUrl, { method = "GET", path: pathName, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(`${baseUrl}${pathName}`, { method, agent, headers: { "accept-encoding": "gzip", ...headers }, timeout: 30_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** The mix: route label, weight, and how to make one request (sessions rotate over the registered numbers). */
function workload(sessions) {
  let next = 0;
  const session = () => sessions[next++ % sessions.length];
  const form = (fields) => new URLSearchParams(fields).toString();
  const post = (pathName, fields) => {
    const { gsm, token } = session();
    return { method: "POST", path: pathName, headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" }, body: form({ gsm, ...fields }) };
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
        post("/core/api/callForward/activate", Math.random() < 0.5
          ? { serviceState: "1", "customerState[0].type": "1", "customerState[0].state": "1", "customerState[0].number": "0911111111" }
          : { serviceState: "0" }),
    },
  ];
}

function percentile(sorted, fraction) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] : undefined;
}

async function round(baseUrl, routes, seconds) {
  const total = routes.reduce((sum, route) => sum + route.weight, 0);
  const stats = new Map(routes.map((route) => [route.route, { latencies: [], unexpected: new Map() }]));
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        let pick = Math.random() * total;
        const route = routes.find((candidate) => (pick -= candidate.weight) < 0) ?? routes[0];
        const answer = await request(baseUrl, route.make());
        const entry = stats.get(route.route);
        entry.latencies.push(answer.ms);
        if (answer.status !== 200) entry.unexpected.set(answer.status, (entry.unexpected.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, stats };
}

let server;
let smsc;
let dataDir;
async function main() {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "operator-proof-"));
  chmodSync(dataDir, 0o711);
  const port = await freePort();
  smsc = await startBenchSmsc();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server/serve.js", "--seed"], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", NODE_ENV: "production", SMS_DRIVER: "smpp", SMPP_URL: smsc.url, DATABASE_POOL_SIZE: "20", ...BENCH_OTP_LIMITS },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output = (output + chunk).slice(-50_000)));
  server.stderr.on("data", (chunk) => (output = (output + chunk).slice(-50_000)));
  for (const deadline = Date.now() + 90_000; ; ) {
    if (server.exitCode !== null) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready within 90 s:\n${output}`);
    if ((await request(baseUrl, { path: "/readyz" })).status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  log(`server ready on ${baseUrl}; registering ${NUMBERS} numbers (not measured)`);
  const context = await prepareLoginBench({ baseUrl, smsc });
  const tokens = await registerNumbers(context, { count: NUMBERS, concurrency: 50 });
  // Login flows and the other requests use different numbers: a new login does not race the sessions in use.
  const entries = [...tokens];
  const loginTokens = new Map(entries.slice(0, Math.max(LOGIN_FLOWS_IN_FLIGHT * 2, 10)));
  const sessions = entries.slice(loginTokens.size).map(([gsm, token]) => ({ gsm, token }));
  const routes = workload(sessions);

  log("warm-up 5 s");
  await round(baseUrl, routes, 5);
  const rss = [{ after: "warm-up", bytes: rssBytes(server.pid) }];
  const rounds = [];
  for (let index = 1; index <= ROUNDS; index++) {
    log(`round ${index}/${ROUNDS}: ${DURATION_S} s at ${CONNECTIONS} connections + ${LOGIN_FLOWS_IN_FLIGHT} login flows in flight`);
    const [result, logins] = await Promise.all([
      round(baseUrl, routes, DURATION_S),
      runLoginFlows(context, loginTokens, { concurrency: LOGIN_FLOWS_IN_FLIGHT, warmupSeconds: 0, durationSeconds: DURATION_S }),
    ]);
    rounds.push({ result, logins: logins.measured });
    rss.push({ after: `round ${index}`, bytes: rssBytes(server.pid) });
  }

  // Report.
  const lines = [];
  const pad = (text, width, right = true) => (right ? String(text).padStart(width) : String(text).padEnd(width));
  let unexpectedTotal = 0;
  lines.push("", `Mixed load: ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION_S} s, Node ${process.versions.node}, ${os.cpus().length} CPUs`);
  lines.push(`${pad("route", 34, false)} ${pad("requests", 9)} ${pad("req/s", 8)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)}  unexpected`);
  for (const route of routes) {
    const latencies = rounds.flatMap(({ result }) => result.stats.get(route.route).latencies).sort((a, b) => a - b);
    const unexpected = new Map();
    for (const { result } of rounds) for (const [status, count] of result.stats.get(route.route).unexpected) unexpected.set(status, (unexpected.get(status) ?? 0) + count);
    const seconds = rounds.reduce((sum, { result }) => sum + result.seconds, 0);
    const bad = [...unexpected].map(([status, count]) => `${count}× ${status || "no answer"}`).join(", ");
    unexpectedTotal += [...unexpected.values()].reduce((sum, count) => sum + count, 0);
    lines.push(`${pad(route.route, 34, false)} ${pad(latencies.length, 9)} ${pad((latencies.length / seconds).toFixed(1), 8)} ${pad(percentile(latencies, 0.5)?.toFixed(0), 8)} ${pad(percentile(latencies, 0.99)?.toFixed(0), 8)}  ${bad || "none"}`);
  }
  const loginFlows = rounds.reduce((sum, { logins }) => sum + logins.flows, 0);
  const loginFailed = rounds.reduce((sum, { logins }) => sum + logins.failed, 0);
  const allRequests = rounds.reduce((sum, { result }) => sum + [...result.stats.values()].reduce((count, entry) => count + entry.latencies.length, 0), 0);
  const allSeconds = rounds.reduce((sum, { result }) => sum + result.seconds, 0);
  lines.push(`login flows (login2 → SMS → signin): ${loginFlows} completed, ${loginFailed} failed, p99 ${Math.max(...rounds.map(({ logins }) => logins.latencyMs.p99 ?? 0)).toFixed(0)} ms`);
  lines.push(`throughput: ${(allRequests / allSeconds).toFixed(1)} requests/s (plus ${(loginFlows / allSeconds).toFixed(1)} login flows/s)`);
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  lines.push(`server RSS: ${rss.map((sample) => `${sample.after} ${mb(sample.bytes)} MB`).join(", ")}`);
  const first = rss[1].bytes;
  const last = rss.at(-1).bytes;
  const growth = (last - first) / first;
  lines.push(`RSS growth from round 1 to round ${ROUNDS}: ${(growth * 100).toFixed(1)} % (limit ${RSS_GROWTH_LIMIT * 100} %)`);
  const serverProblems = output.split("\n").filter((line) => /"level":(50|60)/.test(line));
  if (serverProblems.length > 0) lines.push(`server errors logged: ${serverProblems.length}; first: ${serverProblems[0].slice(0, 300)}`);
  process.stdout.write(`${lines.join("\n")}\n`);
  const failed = unexpectedTotal > 0 || loginFailed > 0 || (ROUNDS > 1 && growth > RSS_GROWTH_LIMIT) || serverProblems.length > 0;
  if (failed) process.stdout.write("RESULT: FAILED\n");
  else process.stdout.write("RESULT: PASSED\n");
  return failed ? 1 : 0;
}

async function cleanup() {
  agent.destroy();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  await smsc?.close().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (error) => {
    process.stderr.write(`proof:load: ${error.stack ?? error.message}\n`);
    await cleanup();
    process.exit(1);
  },
);
