// Each instance looks at the content version (raised by every content load: server/db/seed/load-content.ts)
// every CONTENT_VERSION_POLL_SECONDS, and empties its page cache when it changed. One small query per
// instance per period; no connection is held open, so it survives database restarts without reconnect logic.
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { contentState } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { startPeriodic, type PeriodicTask } from "../periodic.ts";
import { loggableMessage } from "../db/errors.ts";

export async function readContentVersion(db: Db): Promise<number | null> {
  const [row] = await db.select({ version: contentState.version }).from(contentState).where(eq(contentState.id, 1));
  return row?.version ?? null;
}

export function watchContentVersion(db: Db, logger: Logger, intervalSeconds: number, metrics: Pick<Metrics, "periodicRun">, onChange: (version: number | null) => void): PeriodicTask {
  let known: number | null | undefined;
  return startPeriodic(
    {
      name: "content-version",
      intervalSeconds,
      async run() {
        const version = await readContentVersion(db);
        if (known !== undefined && version !== known) {
          logger.info({ version }, "content changed: page cache emptied");
          onChange(version);
        }
        known = version;
      },
      // The database being away is reported by /readyz and the requests; the next look tries again.
      onError: (error) => logger.debug({ err: loggableMessage(error) }, "content version not read"),
    },
    metrics,
  );
}
