#!/usr/bin/env node
// `npm run proof:faults` (step 6, proof 3): faults during a mixed load on one production instance.
//  1. The database goes away (connections cut, new ones refused) for a while: every answer is 200 or a quick
//     503 with Retry-After — never a 500, never a hang — /readyz says 503, and after the database returns the
//     instance serves 200 again by itself, with no database connection left checked out (/metrics).
//  2. The SMSC goes away: a login code request answers a localised 503 SMS_UNAVAILABLE (no code is consumed);
//     when it returns, codes are sent again.
//  3. SIGTERM while the load runs: every request that reached the server is answered; the process exits 0.
// PROOF_CONNECTIONS (100), PROOF_DURATION (30 s, the load around the database outage). Exit code 1 on any failure.
import pg from "pg";
import { prepareLoginBench, registerNumbers } from "./bench-login.ts";
import { createClient, positive, requireBuild, routeTable, runMix, startProofServer, workload, type ProofAnswer, type ProofServer } from "./proof-support.ts";

const CONNECTIONS = positive("PROOF_CONNECTIONS", 100);
const DURATION_S = positive("PROOF_DURATION", 30);
const log = (message: string) => process.stderr.write(`proof:faults: ${message}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

requireBuild("proof:faults");
const client = createClient(CONNECTIONS);
let instance: ProofServer | undefined;
const METRICS_TOKEN = "proof-faults-metrics-token";

/** Connections the instance's pool has checked out (busy), from /metrics. */
async function busyConnections(baseUrl: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await answer.text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return gauge("db_pool_connections") - gauge("db_pool_idle_connections");
}

/** The server's last 60 lines above info level (what says why a proof failed). */
function serverTail(server: ProofServer): string[] {
  return server.output().trim().split("\n").filter((line) => !line.includes("\"level\":30")).slice(-60);
}

async function admin(url: string, statements: readonly string[]): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    for (const statement of statements) await db.query(statement);
  } finally {
    await db.end();
  }
}

async function main(): Promise<number> {
  const started = await startProofServer({ SHUTDOWN_DRAIN_MS: "1500", DATABASE_STATEMENT_TIMEOUT_MS: "2000", LOG_LEVEL: process.env.PROOF_LOG_LEVEL ?? "warn", METRICS_TOKEN });
  instance = started;
  const { baseUrl, smsc, server } = started;
  const context = await prepareLoginBench({ baseUrl, smsc });
  const tokens = await registerNumbers(context, { count: 60, concurrency: 20 });
  const entries = [...tokens];
  const routes = workload(entries.map(([gsm, token]) => ({ gsm, token })));
  const lines = [""];
  const failures: string[] = [];

  // 1. Database outage in the middle of the load.
  const outageFrom = DURATION_S * 0.3 * 1000;
  const outageFor = Math.max(3_000, DURATION_S * 0.2 * 1000);
  let restoredAt = Infinity;
  let recoveredAt = Infinity;
  let readyDuringOutage: number | undefined;
  const timeline = (async () => {
    await sleep(outageFrom);
    log(`database outage for ${(outageFor / 1000).toFixed(0)} s`);
    await admin(started.adminUrl, ["alter database operator allow_connections false", "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'operator'"]);
    await sleep(outageFor / 2);
    const probe = createClient(1);
    readyDuringOutage = (await probe.request(baseUrl, { path: "/readyz" })).status;
    log(`/readyz during the outage: ${readyDuringOutage}`);
    await sleep(outageFor / 2);
    await admin(started.adminUrl, ["alter database operator allow_connections true"]);
    restoredAt = performance.now();
    log("database accepts connections again");
    for (const giveUp = Date.now() + 60_000; Date.now() < giveUp; await sleep(100)) {
      if ((await probe.request(baseUrl, { path: "/readyz" })).status === 200) {
        recoveredAt = performance.now();
        break;
      }
    }
    probe.destroy();
    log(`ready again ${((recoveredAt - restoredAt) / 1000).toFixed(1)} s after the database returned`);
  })();
  const loadStarted = performance.now();
  // During the outage (and until the instance is ready again) a quick 503 is expected; at any other time, 200.
  const judge = (answer: ProofAnswer, sentAt: number) => {
    if (answer.status === 200) return true;
    // Any request that was being answered while the database was away may be a quick 503.
    const answeredAt = loadStarted + sentAt + answer.ms;
    const inOutage = sentAt + answer.ms >= outageFrom && loadStarted + sentAt <= recoveredAt + 500;
    return inOutage && answeredAt > 0 && answer.status === 503 && answer.ms < 10_000;
  };
  const mix = await runMix({ baseUrl, client, routes, connections: CONNECTIONS, seconds: DURATION_S, judge });
  log("load around the outage done");
  await timeline;
  const table = routeTable(routes, [mix]);
  const served503 = [...mix.stats.values()].reduce((sum, entry) => sum + entry.answers, 0);
  lines.push(`1. database outage of ${(outageFor / 1000).toFixed(0)} s during ${DURATION_S} s at ${CONNECTIONS} connections:`, ...table.lines);
  lines.push(`   /readyz during the outage: ${readyDuringOutage}; ready again ${((recoveredAt - restoredAt) / 1000).toFixed(1)} s after the database returned; ${served503} answers in all`);
  if (table.unexpectedTotal > 0) failures.push(`${table.unexpectedTotal} unexpected answers around the database outage`);
  if (readyDuringOutage !== 503) failures.push(`/readyz answered ${readyDuringOutage} during the outage`);
  if (!Number.isFinite(recoveredAt)) failures.push("the instance did not become ready again");
  // With the load over, no connection may stay checked out: one that a request lost in the outage would leave the
  // pool short for good and keep the shutdown waiting (drizzle-orm's transaction leaked one when `begin` failed).
  let busy = Number.NaN;
  for (let attempt = 0; attempt < 30 && busy !== 0; attempt++) {
    if (attempt > 0) await sleep(100);
    busy = await busyConnections(baseUrl);
  }
  lines.push(`   connections still checked out once the load was over: ${busy}`);
  if (busy !== 0) failures.push(`${busy} database connections still checked out after the load around the outage (leaked)`);

  // 2. The SMSC goes away, then returns.
  log("SMSC outage");
  const [first] = entries;
  if (!first) throw new Error("no number was registered");
  const [gsm] = first;
  const login2 = () => client.request(baseUrl, { method: "POST", path: "/core/api/users/login2", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ gsm: context.encrypt(gsm) }).toString() });
  await smsc.stop();
  const down = await login2();
  await smsc.restart();
  let up: ProofAnswer | undefined;
  for (let attempt = 0; attempt < 20 && up?.status !== 200; attempt++) {
    up = await login2();
    if (up.status !== 200) await sleep(500);
  }
  lines.push(`2. SMSC gone: login2 answered ${down.status} in ${down.ms.toFixed(0)} ms; SMSC back: login2 answered ${up?.status}`);
  if (down.status !== 503 || down.ms > 15_000) failures.push(`with the SMSC gone, login2 answered ${down.status} after ${down.ms.toFixed(0)} ms (expected a quick 503)`);
  if (up?.status !== 200) failures.push(`after the SMSC returned, login2 answered ${up?.status}`);

  // 3. SIGTERM while the load runs. The load generator acts as a load balancer would: it polls /readyz and
  // stops sending new requests once the instance says it is not ready (the drain); every request sent must
  // then be answered — none lost when the listener closes — and the process must exit 0.
  const poller = createClient(1);
  let outOfRotation = false;
  let outOfRotationAt = Infinity;
  const polling = setInterval(() => {
    void poller.request(baseUrl, { path: "/readyz" }).then((answer) => {
      if (answer.status !== 200 && !outOfRotation) {
        outOfRotation = true;
        outOfRotationAt = performance.now();
      }
    });
  }, 100);
  log("SIGTERM under load");
  const termLoad = runMix({ baseUrl, client, routes, connections: CONNECTIONS, seconds: 20, stopWhen: () => outOfRotation });
  await sleep(3_000);
  const terminatedAt = performance.now();
  server.kill("SIGTERM");
  const exitCode = await Promise.race([started.exited, sleep(60_000).then(() => "still running after 60 s")]);
  if (exitCode !== 0) log(`after SIGTERM: ${exitCode}`);
  const term = await termLoad;
  clearInterval(polling);
  poller.destroy();
  const termTable = routeTable(routes, [term]);
  const answered = [...term.stats.values()].reduce((sum, entry) => sum + entry.answers, 0);
  lines.push(`3. SIGTERM under ${CONNECTIONS} connections: out of rotation ${(outOfRotationAt - terminatedAt).toFixed(0)} ms after the signal (/readyz 503), exit code ${exitCode}; ${answered} requests in that run, ${termTable.unexpectedTotal} not answered 200`);
  if (exitCode !== 0) failures.push(`the process exited with ${exitCode} after SIGTERM`);
  if (termTable.unexpectedTotal > 0) failures.push(`SIGTERM: ${termTable.unexpectedTotal} requests not answered 200:\n${termTable.lines.join("\n")}`);

  const serverProblems = started.errorLines();
  if (serverProblems.length > 0) failures.push(`server logged ${serverProblems.length} errors; first: ${serverProblems[0]?.slice(0, 300)}`);
  lines.push(...failures.map((failure) => `FAILED: ${failure}`), failures.length === 0 ? "RESULT: PASSED" : "RESULT: FAILED");
  if (failures.length > 0) lines.push("server output (last lines):", ...serverTail(started));
  process.stdout.write(`${lines.join("\n")}\n`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  async (code) => {
    client.destroy();
    await instance?.stop();
    process.exit(code);
  },
  async (error: unknown) => {
    process.stderr.write(`proof:faults: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    if (instance?.output().trim()) process.stderr.write(`server output (last lines):\n${serverTail(instance).join("\n")}\n`);
    client.destroy();
    await instance?.stop();
    process.exit(1);
  },
);
