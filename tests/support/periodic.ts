// Observing the scheduled jobs of a test server (server/periodic.ts) through its /metrics, so that a test that
// needs "a few sweeps went by" waits for exactly that instead of sleeping for a guess; and any other of its metrics. The server must run with
// METRICS_TOKEN = PERIODIC_METRICS_TOKEN (put METRICS_ENV in its environment).
import { expect } from "vitest";
import type { PeriodicJobName, PeriodicOutcome } from "../../server/metrics.ts";
import { send, type TestServer } from "./test-server.ts";

export const PERIODIC_METRICS_TOKEN = "periodic-runs-token-for-the-tests";
export const METRICS_ENV = { METRICS_TOKEN: PERIODIC_METRICS_TOKEN };

/** One read of `server`'s /metrics: the value of each of `series` (a metric's name with its labels, as the text shows it), in order. */
export async function metricValues<Series extends readonly string[]>(server: TestServer, series: Series): Promise<{ [Index in keyof Series]: number }> {
  const answer = await send(server.url, "/metrics", { headers: { authorization: `Bearer ${PERIODIC_METRICS_TOKEN}` } });
  if (answer.status !== 200) throw new Error(`/metrics of ${server.url} answered ${answer.status}: start the server with METRICS_ENV`);
  const lines = answer.text.split("\n");
  return series.map((name) => {
    const line = lines.find((candidate) => candidate.startsWith(`${name} `));
    if (!line) throw new Error(`/metrics of ${server.url} has no ${name}`);
    return Number(line.slice(name.length + 1));
  }) as { [Index in keyof Series]: number };
}

/** The runs of `job` that `server` has finished so far, by outcome (one read of its /metrics). */
export async function periodicRuns(server: TestServer, job: PeriodicJobName): Promise<Record<PeriodicOutcome, number>> {
  const [ok, failed] = await metricValues(server, [`periodic_runs_total{job="${job}",outcome="ok"}`, `periodic_runs_total{job="${job}",outcome="failed"}`] as const);
  return { ok, failed };
}

/**
 * Waits until every one of `servers` has finished `count` more ok runs of `job` than when called (a failed run proves
 * nothing went by), and none failed meanwhile.
 */
export async function afterRuns(servers: TestServer[], job: PeriodicJobName, count: number): Promise<void> {
  const before = await Promise.all(servers.map((server) => periodicRuns(server, job)));
  await Promise.all(
    servers.map((server, index) =>
      expect.poll(async () => (await periodicRuns(server, job)).ok, { timeout: 30_000, interval: 100, message: `${count} more runs of ${job} on ${server.url}` }).toBeGreaterThanOrEqual(before[index]!.ok + count),
    ),
  );
  const failedAfter = await Promise.all(servers.map(async (server) => (await periodicRuns(server, job)).failed));
  expect(failedAfter, `runs of ${job} that failed meanwhile`).toEqual(before.map((runs) => runs.failed));
}
