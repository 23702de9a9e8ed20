// SIMULATION (part of server/network/embedded.ts): the line features the network keeps — call forwarding,
// super clip and call barring switches, the super clip auto-reply, and the calls super clip recorded —
// and the line's services, which are those switches read the same way: a feature that is on.
// State lives in the `network_*` tables. A line's caller history is generated once, the first time it is
// read (any instance may do it; an advisory lock makes it happen once): calls from a handful of local
// numbers spread over the last 30 days, denser towards today, so every period filter shows a different list.
import { createHash } from "node:crypto";
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { preparedStatement } from "../db/prepared.ts";
import { networkAutoReplies, networkCallerRecords, networkLineFeatures } from "../db/schema.ts";
import type { FeatureKey, FeatureOption } from "../line-features/types.ts";
import type { FeatureReading, LineFeaturesPort, LineService } from "./types.ts";

const HOUR_MS = 60 * 60 * 1000;
/** A line's feature rows: the profile's active services on every view (a prepared statement, server/db/prepared.ts). */
const lineFeaturesByGsm = preparedStatement("network_line_features_by_gsm", (db, name) => db.select().from(networkLineFeatures).where(eq(networkLineFeatures.gsm, sql.placeholder("gsm"))).prepare(name));
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

function emptyState(feature: string): FeatureReading {
  const types = feature === "call-barring" ? [0, 1, 2, 3, 4] : [0, 1, 2, 3];
  const customerState: FeatureOption[] = types.map((type) => (feature === "call-forward" ? { type, state: 0, number: "" } : { type, state: 0 }));
  return { serviceState: 0, customerState, endsAt: null, activeSince: null };
}

/**
 * The one reading of a feature's row, for the feature's own screen and for the line's services alike: no
 * row is off, and a bar past its end is off (the network lifts it by itself).
 */
function readingOf(row: typeof networkLineFeatures.$inferSelect | undefined, feature: string, now: Date): FeatureReading {
  if (!row || (row.endsAt !== null && row.endsAt <= now)) return emptyState(feature);
  const on = row.serviceState === 1;
  return { serviceState: on ? 1 : 0, customerState: row.options, endsAt: row.endsAt, activeSince: on ? row.activeSince : null };
}

/** The services that are on among a line's feature rows, oldest first (what activeServices answers). */
export function activeServicesOf(rows: (typeof networkLineFeatures.$inferSelect)[], now = new Date()): LineService[] {
  return rows
    .map((row) => ({ feature: row.feature as FeatureKey, reading: readingOf(row, row.feature, now) }))
    .filter(({ reading }) => reading.serviceState === 1)
    .map(({ feature, reading }) => ({ feature, since: reading.activeSince! }))
    .sort((a, b) => a.since.getTime() - b.since.getTime() || a.feature.localeCompare(b.feature));
}

export function embeddedFeatures(db: Db): Pick<LineFeaturesPort, "readFeature" | "writeFeature" | "readAutoReply" | "writeAutoReply" | "listCallers"> & {
  activeServices(gsm: string): Promise<LineService[]>;
} {
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
      return readingOf(row, feature, new Date());
    },
    async writeFeature(gsm, feature, state) {
      const values = { serviceState: state.serviceState, options: state.customerState, endsAt: state.endsAt, updatedAt: new Date() };
      const table = networkLineFeatures;
      // On since the save that turned it on: a save while it is on keeps the moment, unless what was on had
      // already ended (a bar past its end) and this save starts it again.
      const stillOn = sql`${table.serviceState} = 1 and (${table.endsAt} is null or ${table.endsAt} > now())`;
      await db
        .insert(table)
        .values({ gsm, feature, ...values, activeSince: state.serviceState === 1 ? sql`now()` : null, version: 1 })
        .onConflictDoUpdate({
          target: [table.gsm, table.feature],
          set: {
            ...values,
            activeSince: state.serviceState === 1 ? sql`case when ${stillOn} then ${table.activeSince} else now() end` : null,
            version: sql`${table.version} + 1`,
          },
        });
    },
    async activeServices(gsm) {
      return activeServicesOf(await lineFeaturesByGsm(db).execute({ gsm }));
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
