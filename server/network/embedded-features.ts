// SIMULATION (part of server/network/embedded.ts): the line features the network keeps — call forwarding,
// super clip and call barring switches, the super clip auto-reply, and the calls super clip recorded.
// State lives in the `network_*` tables. A line's caller history is generated once, the first time it is
// read (any instance may do it; an advisory lock makes it happen once): calls from a handful of local
// numbers spread over the last 30 days, denser towards today, so every period filter shows a different list.
import { createHash } from "node:crypto";
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { networkAutoReplies, networkCallerRecords, networkLineFeatures } from "../db/schema.ts";
import type { FeatureOption } from "../line-features/types.ts";
import type { FeatureState, LineFeaturesPort } from "./types.ts";

const HOUR_MS = 60 * 60 * 1000;
const HISTORY_HOURS = 30 * 24;

/** The calls of a simulated line's history: a pure function of the number and the moment it is generated. */
export function simulatedCallers(gsm: string, now: Date): { caller: string; calledAt: Date }[] {
  const seed = createHash("sha256").update(`callers:${gsm}`).digest();
  const callers = Array.from({ length: 6 }, (_, index) => `09${String(seed.readUInt32BE(index * 4) % 100_000_000).padStart(8, "0")}`);
  const total = 60 + (seed[24]! % 60);
  return Array.from({ length: total }, (_, index) => {
    // Ages grow faster than linearly: about an eighth of the calls fall in the last day, all within 30 days.
    const ageHours = Math.pow((index + 1) / total, 1.6) * HISTORY_HOURS - 0.01;
    return { caller: callers[(seed[index % 32]! + index) % callers.length]!, calledAt: new Date(now.getTime() - ageHours * HOUR_MS) };
  });
}

function emptyState(feature: string): FeatureState {
  const types = feature === "call-barring" ? [0, 1, 2, 3, 4] : [0, 1, 2, 3];
  const customerState: FeatureOption[] = types.map((type) => (feature === "call-forward" ? { type, state: 0, number: "" } : { type, state: 0 }));
  return { serviceState: 0, customerState, endsAt: null };
}

export function embeddedFeatures(
  db: Db,
): Pick<LineFeaturesPort, "readFeature" | "writeFeature" | "readAutoReply" | "writeAutoReply" | "listCallers"> {
  async function ensureCallerHistory(gsm: string): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`callers:${gsm}`}))`);
      const [existing] = await tx.select({ value: count() }).from(networkCallerRecords).where(eq(networkCallerRecords.gsm, gsm));
      if ((existing?.value ?? 0) > 0) return;
      await tx.insert(networkCallerRecords).values(simulatedCallers(gsm, new Date()).map((call) => ({ gsm, ...call })));
    });
  }

  return {
    async readFeature(gsm, feature) {
      const [row] = await db
        .select()
        .from(networkLineFeatures)
        .where(and(eq(networkLineFeatures.gsm, gsm), eq(networkLineFeatures.feature, feature)))
        .limit(1);
      if (!row) return emptyState(feature);
      return { serviceState: row.serviceState === 1 ? 1 : 0, customerState: row.options, endsAt: row.endsAt };
    },
    async writeFeature(gsm, feature, state) {
      const values = { serviceState: state.serviceState, options: state.customerState, endsAt: state.endsAt, updatedAt: new Date() };
      await db
        .insert(networkLineFeatures)
        .values({ gsm, feature, ...values, version: 1 })
        .onConflictDoUpdate({ target: [networkLineFeatures.gsm, networkLineFeatures.feature], set: { ...values, version: sql`${networkLineFeatures.version} + 1` } });
    },
    async readAutoReply(gsm) {
      const [row] = await db.select().from(networkAutoReplies).where(eq(networkAutoReplies.gsm, gsm)).limit(1);
      return row ? { generalMessage: row.generalMessage, others: row.others } : { generalMessage: "", others: [] };
    },
    async writeAutoReply(gsm, autoReply) {
      const values = { generalMessage: autoReply.generalMessage, others: autoReply.others, updatedAt: new Date() };
      await db.insert(networkAutoReplies).values({ gsm, ...values }).onConflictDoUpdate({ target: networkAutoReplies.gsm, set: values });
    },
    async listCallers(gsm, query) {
      await ensureCallerHistory(gsm);
      const where = and(
        eq(networkCallerRecords.gsm, gsm),
        gte(networkCallerRecords.calledAt, query.since),
        query.caller === null ? undefined : eq(networkCallerRecords.caller, query.caller),
      );
      const [records, [total]] = await Promise.all([
        db
          .select({ number: networkCallerRecords.caller, calledAt: networkCallerRecords.calledAt })
          .from(networkCallerRecords)
          .where(where)
          .orderBy(desc(networkCallerRecords.calledAt), desc(networkCallerRecords.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(networkCallerRecords).where(where),
      ]);
      return { records, total: total?.value ?? 0 };
    },
  };
}
