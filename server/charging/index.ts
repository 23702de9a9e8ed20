// Picks the charging driver the configuration names (CHARGING_DRIVER): embedded (default, our
// PostgreSQL) or tmf (the operator's BSS over the TM Forum Open APIs). The tmf driver is loaded only when chosen.
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { createEmbeddedCharging } from "./embedded.ts";
import { voucherHashKey } from "./voucher-secret.ts";
import type { ChargingPort } from "./types.ts";

export async function createChargingPort(config: Config, db: Db, logger: Logger, metrics: Metrics): Promise<ChargingPort> {
  if (config.CHARGING_DRIVER === "tmf") {
    const { createTmfCharging, parseOfferingIds } = await import("./tmf.ts");
    return createTmfCharging({
      db,
      logger: logger.child({ module: "charging-tmf" }),
      metrics,
      timeZone: config.OPERATOR_TIME_ZONE,
      baseUrl: config.BSS_URL!,
      tokenUrl: config.BSS_TOKEN_URL!,
      clientId: config.BSS_CLIENT_ID!,
      clientSecret: config.BSS_CLIENT_SECRET!,
      timeoutMs: config.BSS_TIMEOUT_MS,
      retries: config.BSS_RETRIES,
      breakerFailures: config.BSS_BREAKER_FAILURES,
      breakerCooldownMs: config.BSS_BREAKER_COOLDOWN_MS,
      offeringIds: parseOfferingIds(config.BSS_OFFERING_IDS),
    });
  }
  return createEmbeddedCharging(db, { timeZone: config.OPERATOR_TIME_ZONE, voucherHashKey: voucherHashKey({ configured: config.VOUCHER_HASH_KEY, dataDir: config.dataDir }) });
}
