#!/usr/bin/env node
// `npm run proof:load` (step 6, proof 2): a mixed workload against one production instance, from this
// separate process — guest pages, content API, reservation search, authenticated reads, line-feature reads
// and writes, and whole login flows (code by SMPP to an SMSC of this script) — at PROOF_CONNECTIONS (200)
// for PROOF_ROUNDS (3) rounds of PROOF_DURATION (60) seconds, after PROOF_WARMUP (5) seconds of warm-up. Prints
// per route: requests, req/s, p50, p99 and every status that was not expected; throughput; the server's RSS after
// warm-up and after each round.
// Exit code 1 when any answer was unexpected, a login flow failed, the server logged an error, or (for rounds of
// 30 s or more, at least 3) RSS grew more than 10 % from the first round to the last.
// The short version (PROOF_DURATION=3 PROOF_ROUNDS=2 PROOF_WARMUP=2 PROOF_CONNECTIONS=50) runs in `npm test`
// (tests/ops).
import os from "node:os";
import { prepareLoginBench, registerNumbers, runLoginFlows, type LoginPhase } from "./bench-login.ts";
import { createClient, positive, requireBuild, routeTable, rssBytes, runMix, startProofServer, workload, type MixRun, type ProofServer } from "./proof-support.ts";

const CONNECTIONS = positive("PROOF_CONNECTIONS", 200);
const DURATION_S = positive("PROOF_DURATION", 60);
const ROUNDS = positive("PROOF_ROUNDS", 3);
const WARMUP_S = positive("PROOF_WARMUP", 5);
const NUMBERS = positive("PROOF_NUMBERS", 300);
const LOGIN_FLOWS_IN_FLIGHT = Math.min(20, Math.max(2, Math.round(CONNECTIONS / 10)));
const RSS_GROWTH_LIMIT = 0.1;
const log = (message: string) => process.stderr.write(`proof:load: ${message}\n`);

requireBuild("proof:load");
const client = createClient(CONNECTIONS);

let instance: ProofServer | undefined;
async function main(): Promise<number> {
  const started = await startProofServer();
  instance = started;
  const { baseUrl, smsc, server } = started;
  log(`server ready on ${baseUrl}; registering ${NUMBERS} numbers (not measured)`);
  const context = await prepareLoginBench({ baseUrl, smsc });
  const tokens = await registerNumbers(context, { count: NUMBERS, concurrency: 50 });
  // Login flows and the other requests use different numbers: a new login does not race the sessions in use.
  const entries = [...tokens];
  const loginTokens = new Map(entries.slice(0, Math.max(LOGIN_FLOWS_IN_FLIGHT * 2, 10)));
  const routes = workload(entries.slice(loginTokens.size).map(([gsm, token]) => ({ gsm, token })));

  log(`warm-up ${WARMUP_S} s`);
  await runMix({ baseUrl, client, routes, connections: CONNECTIONS, seconds: WARMUP_S });
  const rss = [{ after: "warm-up", bytes: rssBytes(server.pid) }];
  const rounds: { result: MixRun; logins: LoginPhase }[] = [];
  for (let index = 1; index <= ROUNDS; index++) {
    log(`round ${index}/${ROUNDS}: ${DURATION_S} s at ${CONNECTIONS} connections + ${LOGIN_FLOWS_IN_FLIGHT} login flows in flight`);
    const [result, logins] = await Promise.all([
      runMix({ baseUrl, client, routes, connections: CONNECTIONS, seconds: DURATION_S }),
      runLoginFlows(context, loginTokens, { concurrency: LOGIN_FLOWS_IN_FLIGHT, warmupSeconds: 0, durationSeconds: DURATION_S }),
    ]);
    rounds.push({ result, logins: logins.measured });
    rss.push({ after: `round ${index}`, bytes: rssBytes(server.pid) });
  }

  const lines = ["", `Mixed load: ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION_S} s, Node ${process.versions.node}, ${os.cpus().length} CPUs`];
  const table = routeTable(routes, rounds.map(({ result }) => result));
  lines.push(...table.lines);
  const loginFlows = rounds.reduce((sum, { logins }) => sum + logins.flows, 0);
  const loginFailed = rounds.reduce((sum, { logins }) => sum + logins.failed, 0);
  const allRequests = rounds.reduce((sum, { result }) => sum + [...result.stats.values()].reduce((count, entry) => count + entry.answers, 0), 0);
  const allSeconds = rounds.reduce((sum, { result }) => sum + result.seconds, 0);
  lines.push(`login flows (login2 → SMS → signin): ${loginFlows} completed, ${loginFailed} failed, p99 ${Math.max(...rounds.map(({ logins }) => logins.latencyMs.p99 ?? 0)).toFixed(0)} ms`);
  lines.push(`throughput: ${(allRequests / allSeconds).toFixed(1)} requests/s (plus ${(loginFlows / allSeconds).toFixed(1)} login flows/s)`);
  const mb = (bytes: number | undefined) => (bytes === undefined ? "?" : (bytes / 1024 / 1024).toFixed(1));
  lines.push(`server RSS: ${rss.map((sample) => `${sample.after} ${mb(sample.bytes)} MB`).join(", ")}`);
  // From round 1 to the last (NaN when /proc could not be read: not judged then).
  const firstRound = rss[1]?.bytes ?? Number.NaN;
  const growth = ((rss.at(-1)?.bytes ?? Number.NaN) - firstRound) / firstRound;
  // Memory is judged on rounds long enough for the heap to settle (the short version's are not).
  const judgeMemory = ROUNDS >= 3 && DURATION_S >= 30;
  lines.push(`RSS growth from round 1 to round ${ROUNDS}: ${(growth * 100).toFixed(1)} % (limit ${RSS_GROWTH_LIMIT * 100} %${judgeMemory ? "" : "; not judged: rounds shorter than 30 s or fewer than 3"})`);
  const serverProblems = started.errorLines();
  if (serverProblems.length > 0) lines.push(`server errors logged: ${serverProblems.length}; first: ${serverProblems[0]?.slice(0, 300)}`);
  const failed = table.unexpectedTotal > 0 || loginFailed > 0 || (judgeMemory && growth > RSS_GROWTH_LIMIT) || serverProblems.length > 0;
  lines.push(failed ? "RESULT: FAILED" : "RESULT: PASSED");
  process.stdout.write(`${lines.join("\n")}\n`);
  return failed ? 1 : 0;
}

async function cleanup() {
  client.destroy();
  await instance?.stop();
}

main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (error: unknown) => {
    process.stderr.write(`proof:load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    await cleanup();
    process.exit(1);
  },
);
