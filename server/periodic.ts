// A task every instance runs on a schedule (the reservation expiry sweep, the content-version watch): once at
// start, then every `intervalSeconds`, never two runs at once; the timer does not keep the process alive, and
// stop() waits for a run in progress. The task handles its own errors.
export interface PeriodicTask {
  stop(): Promise<void>;
}

export function startPeriodic(intervalSeconds: number, task: () => Promise<void>): PeriodicTask {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = task().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
