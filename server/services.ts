// Everything a request may need from this process, created once at start by server/app.ts.
import type { Config } from "./config.ts";
import type { Clock } from "./content/content-clock.ts";
import type { Memo } from "./memo.ts";
import type { Database, Db } from "./db/database.ts";
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import type { ChargingPort } from "./charging/types.ts";
import type { NetworkPort } from "./network/types.ts";
import type { PageCache } from "./page-cache/page-cache.ts";
import type { SmsGateway } from "./sms/types.ts";

export interface AppServices {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  sms: SmsGateway;
  network: NetworkPort;
  /** The charging port: a line's money, bundles and orders (server/charging/). */
  charging: ChargingPort;
  metrics: Metrics;
  /** Guest pages already rendered (server/page-cache/). */
  pageCache: PageCache;
  /** Lists every page's shell reads, kept until content changes (server/memo.ts). */
  contentMemo: Memo;
  /** Pages of the number search, kept NUMBER_SEARCH_CACHE_MS (server/reservation/inventory.ts). */
  numberSearchMemo: Memo;
  /** Now, for content's starts and ends (the real clock but in tests: server/content/content-clock.ts). */
  contentClock: Clock;
}
