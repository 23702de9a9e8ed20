// The content scheduler, on a schedule in every instance (like the reservation expiry sweep): due scheduled
// revisions are published and due ends taken down. Several instances at once are safe: each due revision is
// locked by one sweep (SKIP LOCKED) and changed once (server/content/revisions.ts sweepSchedule).
import type { Db } from "../db/database.ts";
import { loggableMessage } from "../db/errors.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { startPeriodic, type PeriodicTask } from "../periodic.ts";
import { realClock, type Clock } from "./content-clock.ts";
import { sweepSchedule } from "./revisions.ts";

/** `clock`: the content clock (services.contentClock), read at each sweep: a test that moves it is followed at once. */
export function startContentScheduleSweep(db: Db, logger: Logger, intervalSeconds: number, metrics: Pick<Metrics, "periodicRun">, clock: Clock = realClock): PeriodicTask {
  return startPeriodic(
    {
      name: "content-schedule",
      intervalSeconds,
      async run() {
        const counts = await sweepSchedule(db, clock(), (revision, error) => logger.warn({ revision, code: (error as { code?: string }).code }, "scheduled content could not be changed; back to its editors"));
        if (counts.published + counts.ended + counts.failed > 0) logger.info(counts, "scheduled content swept");
      },
      onError: (error) => logger.warn({ err: loggableMessage(error) }, "content schedule sweep failed; next try on schedule"),
    },
    metrics,
  );
}
