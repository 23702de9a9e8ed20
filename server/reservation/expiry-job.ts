// The sweep that returns expired holds to the pool, on a schedule in every instance. Running it in
// several instances at once is safe: each due hold is locked by one sweep (SKIP LOCKED) and ended once.
import type { Db } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { startPeriodic, type PeriodicTask } from "../periodic.ts";
import { loggableMessage } from "../db/errors.ts";
import { expireHolds } from "./service.ts";

export function startExpirySweep(
  db: Db,
  logger: Logger,
  intervalSeconds: number,
  metrics: Pick<Metrics, "holdsExpired" | "periodicRun">,
  /** Called when numbers went back to the pool (the app empties its kept number searches). */
  onReturned: () => void,
  clock: () => Date = () => new Date(),
): PeriodicTask {
  return startPeriodic(
    {
      name: "reservation-expiry",
      intervalSeconds,
      async run() {
        // A large backlog (after a long stop) is ended 1000 holds per statement until none is due.
        let ended: number;
        do {
          ended = await expireHolds(db, clock());
          if (ended > 0) {
            logger.info({ ended }, "reservation holds expired");
            metrics.holdsExpired(ended);
            onReturned();
          }
        } while (ended >= 1000);
      },
      onError: (error) => logger.warn({ err: loggableMessage(error) }, "reservation expiry sweep failed; next try on schedule"),
    },
    metrics,
  );
}
