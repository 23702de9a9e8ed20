// The embedded driver's usage records (issue 16): being built (helper stream "usage").
import type { Db } from "../db/database.ts";
import type { UsageDay, UsagePeriod, UsageRecord } from "./types.ts";

export async function embeddedUsageByDay(_db: Db, _gsm: string, _period: UsagePeriod): Promise<UsageDay[]> {
  throw new Error("usage is not built yet");
}

export async function embeddedUsageRecords(_db: Db, _gsm: string, _period: UsagePeriod, _page: { offset: number; limit: number }): Promise<{ records: UsageRecord[]; total: number }> {
  throw new Error("usage is not built yet");
}
