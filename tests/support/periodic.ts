// Observing the scheduled jobs of a test server (server/periodic.ts) through its /metrics, so that a test that
// needs "a few sweeps went by" waits for exactly that instead of sleeping for a guess. The server must run with
// METRICS_TOKEN = PERIODIC_METRICS_TOKEN (put METRICS_ENV in its environment).
import { expect } from "vitest";
import type { PeriodicJobName } from "../../server/metrics.ts";
import { send, type TestServer } from "./test-server.ts";

export const PERIODIC_METRICS_TOKEN = "periodic-runs-token-for-the-tests";
export const METRICS_ENV = { METRICS_TOKEN: PERIODIC_METRICS_TOKEN };

/** The runs of `job` that `server` has finished so far (ok or failed). */
export async function periodicRuns(server: TestServer, job: PeriodicJobName): Promise<number> {
  const answer = await send(server.url, "/metrics", { headers: { authorization: `Bearer ${PERIODIC_METRICS_TOKEN}` } });
  if (answer.status !== 200) throw new Error(`/metrics of ${server.url} answered ${answer.status}: start the server with METRICS_ENV`);
  let runs = 0;
  for (const match of answer.text.matchAll(/^periodic_runs_total\{job="([^"]+)",outcome="[^"]+"\} (\d+)$/gm)) if (match[1] === job) runs += Number(match[2]);
  return runs;
}

/** Waits until every one of `servers` has finished `count` more runs of `job` than when called. */
export async function afterRuns(servers: TestServer[], job: PeriodicJobName, count: number): Promise<void> {
  const before = await Promise.all(servers.map((server) => periodicRuns(server, job)));
  await Promise.all(
    servers.map((server, index) =>
      expect.poll(() => periodicRuns(server, job), { timeout: 30_000, interval: 100, message: `${count} more runs of ${job} on ${server.url}` }).toBeGreaterThanOrEqual(before[index]! + count),
    ),
  );
}
