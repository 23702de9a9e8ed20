// Demo usage of the embedded charging driver (issue 16): 90 days of calls, SMS and data sessions for each
// demo line of DEMO_CHARGING_LINES, loaded with the demo content (`--seed`, and the test template) beside
// the demo lines and never by a migration. Once stored they are the demo line's records like any other:
// pages show only what charging_usage holds. A line that already has usage gets nothing.
//
// The pattern is deterministic per number (a PRNG seeded from the number, not Math.random), laid on the
// 90 calendar days (operator time zone) that end on the day of seeding, up to the moment of seeding:
// - data: 2–5 sessions a weekday, 3–7 on a weekend day (Friday, Saturday), 2–160 MB each, mostly evenings;
// - voice: 2–6 calls a weekday, 1–4 on a weekend day, 20 s to 12 min; most to five recurring contacts of
//   the line, some to other numbers, about one in forty to an international number;
// - SMS: 0–3 a day, mostly to the recurring contacts.
// Cost, in the currency's unit, where no bundle covers it (the tariff): data 8 per started MB, a national
// call 20 per started minute, an international call 150 per started minute, an SMS 10. What the demo
// story's bundles cover costs 0, counted per 30-day cycle from the first day:
// - 0944123456 (prepaid): 5 GB of data a cycle; calls and SMS at the tariff;
// - 0955123456 (postpaid): 10 GB of data and every national call a cycle; SMS at the tariff;
// - 0966123456 (prepaid, little money): nothing covered, everything at the tariff.
import { sql } from "drizzle-orm";
import { calendarDay, OPERATOR_TIME_ZONE } from "../../common/format.ts";
import type { Db } from "../db/database.ts";
import { DEMO_CHARGING_LINES } from "./demo-lines.ts";
import type { UsageKind } from "./types.ts";

export const DEMO_USAGE_DAYS = 90;

export const DEMO_TARIFF = { dataPerMb: 8, nationalCallPerMinute: 20, internationalCallPerMinute: 150, sms: 10 } as const;

/** What the demo story's bundles cover per 30-day cycle (data in MB; national calls all or none). */
const DEMO_COVER: Record<string, { dataMb: number; nationalCalls: boolean }> = {
  "0944123456": { dataMb: 5 * 1024, nationalCalls: false },
  "0955123456": { dataMb: 10 * 1024, nationalCalls: true },
  "0966123456": { dataMb: 0, nationalCalls: false },
};

/** One generated record: `daysBack` days before the day of seeding, `second` seconds after its midnight. */
export interface DemoUsageRow {
  daysBack: number;
  second: number;
  kind: UsageKind;
  amount: number;
  otherParty: string | null;
  cost: number;
}

/** mulberry32: a small, well-mixed 32-bit PRNG; the same seed gives the same sequence everywhere. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the number: its PRNG seed. */
function seedOf(gsm: string): number {
  let hash = 0x811c9dc5;
  for (const char of gsm) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** Day of the week (0 Sunday … 6 Saturday) of a yyyy-mm-dd day `daysBack` days before `today`. */
function weekdayOf(today: string, daysBack: number): number {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - daysBack)).getUTCDay();
}

/** The generated usage of one number over the DEMO_USAGE_DAYS days ending on `today` (yyyy-mm-dd), oldest first. */
export function generateDemoUsage(gsm: string, today: string): DemoUsageRow[] {
  const random = prng(seedOf(gsm));
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const anyNumber = () => `09${between(3, 9)}${String(between(0, 9_999_999)).padStart(7, "0")}`;
  const contacts = Array.from({ length: 5 }, anyNumber).filter((number) => number !== gsm);
  const cover = DEMO_COVER[gsm] ?? { dataMb: 0, nationalCalls: false };
  /** A moment of the day, more often in the afternoon and evening (08:00–23:59). */
  const momentOfDay = () => {
    const hour = random() < 0.65 ? between(15, 23) : between(8, 14);
    return hour * 3600 + between(0, 3599);
  };
  const rows: DemoUsageRow[] = [];
  let coveredData = 0;
  for (let daysBack = DEMO_USAGE_DAYS - 1; daysBack >= 0; daysBack--) {
    if ((DEMO_USAGE_DAYS - 1 - daysBack) % 30 === 0) coveredData = 0;
    const weekday = weekdayOf(today, daysBack);
    const weekend = weekday === 5 || weekday === 6;
    const day: DemoUsageRow[] = [];
    for (let i = between(weekend ? 3 : 2, weekend ? 7 : 5); i > 0; i--) {
      // Mostly small sessions, now and then a large one (a video, an update).
      const megabytes = Math.round((random() < 0.15 ? between(60, 160) : between(2, 45)) * 10 + between(0, 9)) / 10;
      const covered = Math.max(0, Math.min(megabytes, cover.dataMb - coveredData));
      coveredData += covered;
      const charged = megabytes - covered;
      day.push({ daysBack, second: momentOfDay(), kind: "data", amount: megabytes, otherParty: null, cost: charged > 0 ? Math.ceil(charged) * DEMO_TARIFF.dataPerMb : 0 });
    }
    for (let i = between(weekend ? 1 : 2, weekend ? 4 : 6); i > 0; i--) {
      const international = random() < 0.025;
      const otherParty = international ? `+9715${between(0, 9)}${String(between(0, 9_999_999)).padStart(7, "0")}` : random() < 0.75 ? contacts[between(0, contacts.length - 1)]! : anyNumber();
      const seconds = random() < 0.2 ? between(180, 720) : between(20, 180);
      const minutes = Math.ceil(seconds / 60);
      const cost = international ? minutes * DEMO_TARIFF.internationalCallPerMinute : cover.nationalCalls ? 0 : minutes * DEMO_TARIFF.nationalCallPerMinute;
      day.push({ daysBack, second: momentOfDay(), kind: "voice", amount: seconds, otherParty, cost });
    }
    for (let i = between(0, 3); i > 0; i--) {
      day.push({ daysBack, second: momentOfDay(), kind: "sms", amount: 1, otherParty: random() < 0.8 ? contacts[between(0, contacts.length - 1)]! : anyNumber(), cost: DEMO_TARIFF.sms });
    }
    rows.push(...day.sort((a, b) => a.second - b.second));
  }
  return rows;
}

/**
 * Stores the generated usage of each demo line that has no usage yet, in one statement a line, up to the
 * moment of seeding (a record later today is left out); answers how many records were added.
 */
export async function seedDemoUsage(db: Db, timeZone: string = OPERATOR_TIME_ZONE): Promise<number> {
  const today = calendarDay(new Date(), timeZone);
  let added = 0;
  for (const line of DEMO_CHARGING_LINES) {
    const rows = generateDemoUsage(line.gsm, today).map((row) => ({ d: row.daysBack, s: row.second, k: row.kind, a: row.amount, o: row.otherParty, c: row.cost }));
    const result = await db.execute(sql`
      insert into charging_usage (gsm, started_at, kind, amount, other_party, cost)
      select ${line.gsm}, moment, r.k, r.a, r.o, r.c
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(d int, s int, k text, a float8, o text, c int),
           lateral (select ((${today}::date - r.d)::timestamp + make_interval(secs => r.s)) at time zone ${timeZone} as moment) as m
      where moment <= now()
        and not exists (select 1 from charging_usage where gsm = ${line.gsm})`);
    added += result.rowCount ?? 0;
  }
  return added;
}
