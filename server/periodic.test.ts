import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics.ts";
import { startPeriodic, type PeriodicJob } from "./periodic.ts";

/** The count of `periodic_runs_total` for one job and outcome, as /metrics shows it. */
async function runs(metrics: ReturnType<typeof createMetrics>, job: string, outcome: string): Promise<number> {
  const text = await metrics.registry.metrics();
  return Number(new RegExp(`^periodic_runs_total\\{job="${job}",outcome="${outcome}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
}

/** A job started with metrics of its own. */
function started(job: PeriodicJob) {
  const metrics = createMetrics(null);
  return { metrics, task: startPeriodic(job, metrics) };
}

describe("startPeriodic", () => {
  it("runs at once and on schedule, counts each finished run by outcome, and hands a failure to onError", async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const { metrics, task } = started({
      name: "content-version",
      intervalSeconds: 0.02,
      async run() {
        calls += 1;
        if (calls % 2 === 0) throw new Error(`run ${calls} failed`);
      },
      onError: (error) => failures.push(error),
    });
    await expect.poll(() => runs(metrics, "content-version", "failed")).toBeGreaterThanOrEqual(2);
    await task.stop();
    const ok = await runs(metrics, "content-version", "ok");
    const failed = await runs(metrics, "content-version", "failed");
    expect(ok + failed).toBe(calls);
    expect(failed).toBe(failures.length);
    expect(failures.every((error) => error instanceof Error && /failed$/.test(error.message))).toBe(true);
  });

  it("never starts a run while one is in progress, and stop() waits for it", async () => {
    let inProgress = 0;
    let most = 0;
    let finished = 0;
    const { metrics, task } = started({
      name: "reservation-expiry",
      intervalSeconds: 0.005,
      async run() {
        inProgress += 1;
        most = Math.max(most, inProgress);
        await new Promise((resolve) => setTimeout(resolve, 30));
        inProgress -= 1;
        finished += 1;
      },
      onError: () => {},
    });
    await expect.poll(() => finished).toBeGreaterThanOrEqual(2);
    await task.stop();
    expect(inProgress).toBe(0);
    expect(most).toBe(1);
    expect(await runs(metrics, "reservation-expiry", "ok")).toBe(finished);
  });

  it("counts a run that throws before it returns a promise as failed, and keeps running", async () => {
    const failures: unknown[] = [];
    const { metrics, task } = started({
      name: "bundle-renewal",
      intervalSeconds: 0.01,
      run() {
        throw new Error("thrown at once");
      },
      onError: (error) => failures.push(error),
    });
    await expect.poll(() => runs(metrics, "bundle-renewal", "failed")).toBeGreaterThanOrEqual(2);
    await task.stop();
    expect(failures.length).toBe(await runs(metrics, "bundle-renewal", "failed"));
  });
});
