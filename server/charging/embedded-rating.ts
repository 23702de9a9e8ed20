// The embedded driver's rating of usage (issue 16): what the network reports a line used — a call, an SMS, a
// data session — rated as an operator's online charging system does it. The allowances of that kind of the
// line's bundles in their period at the moment it started take it first (the bundle that ends soonest
// first; an unlimited one takes all of it; an international call is not a bundle's), and what they do not
// cover costs the tariff and is taken from the money (prepaid: the main balance, never below 0; postpaid: the
// unbilled amount, never past the credit limit). The allowances' `used`, the usage record with its cost and
// the money are written in one transaction under the line's row lock (the lock orders take), so My line's
// "what is left" (total − used), the usage page and the API, which read these rows, agree. The repository has
// no network feed of its own: the demo usage (demo-usage.ts) and the tests rate their records here.
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { chargingAllowances, chargingLines, chargingSubscriptions, chargingUsage } from "../db/schema.ts";
import { ensureChargingLine } from "./embedded.ts";
import type { CountedUnit, UsageKind } from "./types.ts";

/** Out of a bundle, in the currency's unit: per started MB of data, per started minute of a call, per SMS. */
export const EMBEDDED_TARIFF = { dataPerMb: 8, nationalCallPerMinute: 20, internationalCallPerMinute: 150, sms: 10 } as const;

/** One call, SMS or data session as the network reports it: data in MB, voice in seconds, sms in messages. */
export interface UsageEvent {
  startedAt: Date;
  kind: UsageKind;
  amount: number;
  /** The number called or texted; null for data. */
  otherParty: string | null;
}

/** The operator's country code: a number in international form with another one is an international call. */
const HOME_COUNTRY_CODE = "963";

export function isInternational(otherParty: string | null): boolean {
  if (otherParty === null) return false;
  const international = /^(?:\+|00)(\d+)/.exec(otherParty);
  return international !== null && !international[1]!.startsWith(HOME_COUNTRY_CODE);
}

/** How many of a record's units (MB, seconds, messages) one unit of an allowance is. */
const RECORD_UNITS_PER: Record<CountedUnit, number> = { GB: 1024, MB: 1, min: 60, sms: 1 };

/** Below this a rest is rounding, not usage. */
const EPSILON = 1e-9;

function costOf(event: UsageEvent, uncovered: number): number {
  if (uncovered <= EPSILON) return 0;
  if (event.kind === "data") return Math.ceil(uncovered - EPSILON) * EMBEDDED_TARIFF.dataPerMb;
  if (event.kind === "sms") return Math.ceil(uncovered - EPSILON) * EMBEDDED_TARIFF.sms;
  const minutes = Math.ceil(uncovered / 60 - EPSILON);
  return minutes * (isInternational(event.otherParty) ? EMBEDDED_TARIFF.internationalCallPerMinute : EMBEDDED_TARIFF.nationalCallPerMinute);
}

export interface RatingOptions {
  /**
   * Take the cost from the line's money (the default, as the network's charging does). The demo content's
   * history is rated without it: the demo lines' money is given as it stands after that history.
   */
  takeMoney?: boolean;
}

/** Rates the events of one line and stores them; answers how many records were stored and what they cost. */
export async function rateEmbeddedUsage(db: Db, gsm: string, events: UsageEvent[], { takeMoney = true }: RatingOptions = {}): Promise<{ records: number; cost: number }> {
  if (events.length === 0) return { records: 0, cost: 0 };
  const sorted = [...events].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const first = sorted[0]!.startedAt;
  const last = sorted.at(-1)!.startedAt;
  await ensureChargingLine(db, gsm);
  return db.transaction(async (tx) => {
    // The line's row lock: an order (a new bundle) and a rating of the same line run one after the other.
    const [line] = await tx.select().from(chargingLines).where(eq(chargingLines.gsm, gsm)).for("update");
    const allowances = await tx
      .select({
        id: chargingAllowances.id,
        kind: chargingAllowances.kind,
        unit: chargingAllowances.unit,
        total: chargingAllowances.total,
        used: chargingAllowances.used,
        startedAt: chargingSubscriptions.startedAt,
        endsAt: chargingSubscriptions.endsAt,
      })
      .from(chargingAllowances)
      .innerJoin(chargingSubscriptions, eq(chargingSubscriptions.id, chargingAllowances.subscriptionId))
      .where(and(eq(chargingSubscriptions.gsm, gsm), lte(chargingSubscriptions.startedAt, last), gt(chargingSubscriptions.endsAt, first)))
      .orderBy(asc(chargingSubscriptions.endsAt), asc(chargingAllowances.id));
    const changed = new Set<(typeof allowances)[number]>();
    const records: (typeof chargingUsage.$inferInsert)[] = [];
    let totalCost = 0;
    for (const event of sorted) {
      let uncovered = event.amount;
      const coverable = !(event.kind === "voice" && isInternational(event.otherParty));
      for (const allowance of coverable ? allowances : []) {
        if (uncovered <= EPSILON) break;
        if (allowance.kind !== event.kind || allowance.startedAt > event.startedAt || allowance.endsAt <= event.startedAt) continue;
        if (allowance.total === null || allowance.unit === "unlimited") {
          uncovered = 0;
          break;
        }
        const per = RECORD_UNITS_PER[allowance.unit as CountedUnit];
        if (!per) continue;
        const taken = Math.min(uncovered, Math.max(0, (allowance.total - allowance.used) * per));
        if (taken <= EPSILON) continue;
        allowance.used = Math.min(allowance.total, allowance.used + taken / per);
        changed.add(allowance);
        uncovered -= taken;
      }
      const cost = costOf(event, uncovered);
      totalCost += cost;
      records.push({ gsm, startedAt: event.startedAt, kind: event.kind, amount: event.amount, otherParty: event.otherParty, cost });
    }
    for (const allowance of changed) {
      await tx.update(chargingAllowances).set({ used: allowance.used }).where(eq(chargingAllowances.id, allowance.id));
    }
    for (let start = 0; start < records.length; start += 1000) {
      await tx.insert(chargingUsage).values(records.slice(start, start + 1000));
    }
    if (takeMoney && totalCost > 0) {
      await tx
        .update(chargingLines)
        .set(
          line!.plan === "postpaid"
            ? { unbilled: sql`least(${chargingLines.creditLimit}, ${chargingLines.unbilled} + ${totalCost})`, updatedAt: sql`now()` }
            : { mainBalance: sql`greatest(0, ${chargingLines.mainBalance} - ${totalCost})`, updatedAt: sql`now()` },
        )
        .where(eq(chargingLines.gsm, gsm));
    }
    return { records: records.length, cost: totalCost };
  });
}
