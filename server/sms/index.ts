// Picks the SMS driver the configuration names. The smpp driver is loaded only when chosen.
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import { createOutboxGateway } from "./outbox.ts";
import type { SmsGateway } from "./types.ts";

export async function createSmsGateway(config: Config, db: Db, logger: Logger): Promise<SmsGateway> {
  if (config.SMS_DRIVER === "smpp") {
    const { createSmppGateway } = await import("./smpp.ts");
    return createSmppGateway({ url: config.SMPP_URL!, logger: logger.child({ module: "smpp" }) });
  }
  return createOutboxGateway(db);
}
