// Observing the scheduled jobs of a test server (server/periodic.ts) through its /metrics, so that a test that
// needs "a few sweeps went by" waits for exactly that instead of sleeping for a guess. The server must run with
// METRICS_TOKEN = PERIODIC_METRICS_TOKEN (put METRICS_ENV in its environment).
import { expect } from "vitest";
import type { PeriodicJobName } from "../../server/metrics.ts";
import { send, type TestServer } from "./test-server.ts";

export const PERIODIC_METRICS_TOKEN = "periodic-runs-token-for-the-tests";
export const METRICS_ENV = { METRICS_TOKEN: PERIODIC_METRICS_TOKEN };

/** The runs of `job` that `server` has finished so far with `outcome` (a failed run proves nothing went by). */
export async function periodicRuns(server: TestServer, job: PeriodicJobName, outcome: "ok" | "failed" = "ok"): Promise<number> {
  const answer = await send(server.url, "/metrics", { headers: { authorization: `Bearer ${PERIODIC_METRICS_TOKEN}` } });
  if (answer.status !== 200) throw new Error(`/metrics of ${server.url} answered ${answer.status}: start the server with METRICS_ENV`);
  const line = new RegExp(`^periodic_runs_total\\{job="${job}",outcome="${outcome}"\\} (\\d+)$`, "m").exec(answer.text);
  if (!line) throw new Error(`/metrics of ${server.url} has no periodic_runs_total of ${job}, ${outcome}`);
  return Number(line[1]);
}

/** Waits until every one of `servers` has finished `count` more runs of `job` than when called, all of them ok. */
export async function afterRuns(servers: TestServer[], job: PeriodicJobName, count: number): Promise<void> {
  const before = await Promise.all(servers.map((server) => periodicRuns(server, job)));
  const failedBefore = await Promise.all(servers.map((server) => periodicRuns(server, job, "failed")));
  await Promise.all(
    servers.map((server, index) =>
      expect.poll(() => periodicRuns(server, job), { timeout: 30_000, interval: 100, message: `${count} more runs of ${job} on ${server.url}` }).toBeGreaterThanOrEqual(before[index]! + count),
    ),
  );
  const failedAfter = await Promise.all(servers.map((server) => periodicRuns(server, job, "failed")));
  expect(failedAfter, `runs of ${job} that failed meanwhile`).toEqual(failedBefore);
}
