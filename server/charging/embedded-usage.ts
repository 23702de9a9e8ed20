// The embedded driver's usage (issue 16): the line's calls, SMS and data sessions as charging_usage rows.
// A period is calendar days in the operator's time zone; both queries bound started_at by the instants
// where those days begin and end in that zone, so they read the (gsm, started_at) index and nothing else.
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { UsageDay, UsageKind, UsagePage, UsagePeriod } from "./types.ts";

/** started_at within the period: from the start of `from` to the start of the day after `to`, in the zone. */
function inPeriod(gsm: string, period: UsagePeriod) {
  return sql`gsm = ${gsm}
    and started_at >= (${period.from}::date::timestamp at time zone ${period.timeZone})
    and started_at < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`;
}

/** Data MB are kept to three decimals, like the allowances. */
const rounded = (value: number) => Math.round(value * 1000) / 1000;

export async function embeddedUsageByDay(db: Db, gsm: string, period: UsagePeriod): Promise<UsageDay[]> {
  const result = await db.execute<{ day: string; data: number; voice: number; sms: number; cost: string }>(sql`
    select to_char((started_at at time zone ${period.timeZone})::date, 'YYYY-MM-DD') as day,
           coalesce(sum(amount) filter (where kind = 'data'), 0)::float8 as data,
           coalesce(sum(amount) filter (where kind = 'voice'), 0)::float8 as voice,
           coalesce(sum(amount) filter (where kind = 'sms'), 0)::float8 as sms,
           sum(cost) as cost
    from charging_usage
    where ${inPeriod(gsm, period)}
    group by 1
    order by 1`);
  return result.rows.map((row) => ({ day: row.day, data: rounded(row.data), voice: row.voice, sms: row.sms, cost: Number(row.cost) }));
}

export async function embeddedUsageRecords(db: Db, gsm: string, period: UsagePeriod, page: { offset: number; limit: number }): Promise<UsagePage> {
  const [rows, count] = await Promise.all([
    db.execute<{ id: string; started_at: Date | string; kind: UsageKind; amount: number; other_party: string | null; cost: number }>(sql`
      select id, started_at, kind, amount, other_party, cost
      from charging_usage
      where ${inPeriod(gsm, period)}
      order by started_at desc, id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ total: string }>(sql`select count(*) as total from charging_usage where ${inPeriod(gsm, period)}`),
  ]);
  return {
    records: rows.rows.map((row) => ({
      id: String(row.id),
      startedAt: new Date(row.started_at),
      kind: row.kind,
      amount: row.kind === "data" ? rounded(row.amount) : row.amount,
      otherParty: row.other_party,
      cost: row.cost,
    })),
    total: Number(count.rows[0]!.total),
    consumed: rows.rows.length,
  };
}
