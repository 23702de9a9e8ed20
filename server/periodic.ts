// A job every instance runs on a schedule (the reservation expiry sweep, the bundle renewals, the content
// schedule, the content-version watch): once at start, then every `intervalSeconds`, never two runs at once; the
// timer does not keep the process alive, and stop() waits for a run in progress. A run that throws is handed to
// the job's onError (it logs) and the next run is on schedule. Each finished run is counted by name and outcome
// (`periodic_runs_total` in /metrics): a job that stopped running, or fails every time, shows there.
import type { Metrics, PeriodicJobName } from "./metrics.ts";

export interface PeriodicTask {
  stop(): Promise<void>;
}

export interface PeriodicJob {
  name: PeriodicJobName;
  intervalSeconds: number;
  run(): Promise<void>;
  /** A run failed (it threw): log it at the level it deserves. */
  onError(error: unknown): void;
}

export function startPeriodic(job: PeriodicJob, metrics: Pick<Metrics, "periodicRun">): PeriodicTask {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    // Through a promise, so that a run that throws before its first await is a failed run too.
    running = Promise.resolve()
      .then(() => job.run())
      .then(
        () => metrics.periodicRun(job.name, "ok"),
        (error: unknown) => {
          metrics.periodicRun(job.name, "failed");
          job.onError(error);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, job.intervalSeconds * 1000);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
