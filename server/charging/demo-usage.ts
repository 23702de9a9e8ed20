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
// The records are rated like any usage (embedded-rating.ts), against the demo story's bundles, which are
// stored first (DEMO_BUNDLES: bought some weeks before the day of seeding and renewed every period since, so
// the last one is active with part of its allowances used); what no bundle covers costs the tariff. The
// demo lines' money is given as it stands after this history (demo-lines.ts): the rating takes none of it.
// - 0944123456 (prepaid): Sama all-in-one (10 GB, 300 minutes, 200 SMS) since 72 days;
// - 0955123456 (postpaid): Sama Plus for postpaid lines (30 GB, unlimited calls, 500 SMS) since 80 days;
// - 0966123456 (prepaid, little money): no bundle, everything at the tariff.
import { eq, sql } from "drizzle-orm";
import { calendarDay, DEFAULT_OPERATOR_TIME_ZONE } from "../../common/format.ts";
import type { Db } from "../db/database.ts";
import { bundles, chargingAllowances, chargingLines, chargingSubscriptions, chargingUsage } from "../db/schema.ts";
import { DEMO_CHARGING_LINES } from "./demo-lines.ts";
import { rateEmbeddedUsage } from "./embedded-rating.ts";
import type { UsageKind } from "./types.ts";

export const DEMO_USAGE_DAYS = 90;

/** The demo story's bundles: the catalogue bundle each line bought `sinceDays` days before seeding (then renewed). */
export const DEMO_BUNDLES: Record<string, { bundleId: number; sinceDays: number }> = {
  "0944123456": { bundleId: 401, sinceDays: 72 },
  "0955123456": { bundleId: 402, sinceDays: 80 },
};

/** One generated record: `daysBack` days before the day of seeding, `second` seconds after its midnight. */
export interface DemoUsageRow {
  daysBack: number;
  second: number;
  kind: UsageKind;
  amount: number;
  otherParty: string | null;
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
  /** A moment of the day, more often in the afternoon and evening (08:00–23:59). */
  const momentOfDay = () => {
    const hour = random() < 0.65 ? between(15, 23) : between(8, 14);
    return hour * 3600 + between(0, 3599);
  };
  const rows: DemoUsageRow[] = [];
  for (let daysBack = DEMO_USAGE_DAYS - 1; daysBack >= 0; daysBack--) {
    const weekday = weekdayOf(today, daysBack);
    const weekend = weekday === 5 || weekday === 6;
    const day: DemoUsageRow[] = [];
    for (let i = between(weekend ? 3 : 2, weekend ? 7 : 5); i > 0; i--) {
      // Mostly small sessions, now and then a large one (a video, an update).
      const megabytes = Math.round((random() < 0.15 ? between(60, 160) : between(2, 45)) * 10 + between(0, 9)) / 10;
      day.push({ daysBack, second: momentOfDay(), kind: "data", amount: megabytes, otherParty: null });
    }
    for (let i = between(weekend ? 1 : 2, weekend ? 4 : 6); i > 0; i--) {
      const international = random() < 0.025;
      const otherParty = international ? `+9715${between(0, 9)}${String(between(0, 9_999_999)).padStart(7, "0")}` : random() < 0.75 ? contacts[between(0, contacts.length - 1)]! : anyNumber();
      const seconds = random() < 0.2 ? between(180, 720) : between(20, 180);
      day.push({ daysBack, second: momentOfDay(), kind: "voice", amount: seconds, otherParty });
    }
    for (let i = between(0, 3); i > 0; i--) {
      day.push({ daysBack, second: momentOfDay(), kind: "sms", amount: 1, otherParty: random() < 0.8 ? contacts[between(0, contacts.length - 1)]! : anyNumber() });
    }
    rows.push(...day.sort((a, b) => a.second - b.second));
  }
  return rows;
}

/**
 * The demo story's subscriptions of a line: its bundle bought `sinceDays` ago and bought again at each end
 * since (those ended marked as renewed, so the renewal sweep leaves them), the last one active and renewing.
 */
async function seedDemoSubscriptions(tx: Db, gsm: string): Promise<void> {
  const story = DEMO_BUNDLES[gsm];
  if (!story) return;
  const [bundle] = await tx.select().from(bundles).where(eq(bundles.id, story.bundleId)).limit(1);
  // Content without that bundle: the line has no bundle, and its usage is rated at the tariff.
  if (!bundle) return;
  for (let startDaysAgo = story.sinceDays; startDaysAgo > 0; startDaysAgo -= bundle.validityDays) {
    const endDaysAgo = startDaysAgo - bundle.validityDays;
    const [subscription] = await tx
      .insert(chargingSubscriptions)
      .values({
        gsm,
        bundleId: bundle.id,
        titleAr: bundle.titleAr,
        titleEn: bundle.titleEn,
        price: bundle.price,
        startedAt: sql`now() - make_interval(days => ${startDaysAgo})`,
        endsAt: sql`now() - make_interval(days => ${endDaysAgo})`,
        renews: true,
        renewalHandledAt: endDaysAgo >= 0 ? sql`now() - make_interval(days => ${endDaysAgo})` : null,
      })
      .returning({ id: chargingSubscriptions.id });
    if (bundle.allowances.length === 0) continue;
    await tx.insert(chargingAllowances).values(
      bundle.allowances.map((allowance) => ({ subscriptionId: subscription!.id, kind: allowance.kind, unit: allowance.unit, total: allowance.unit === "unlimited" ? null : allowance.amount })),
    );
  }
}

/**
 * Stores the demo story of each demo line that has no usage yet — its bundles, then its generated usage up to
 * the moment of seeding (a record later today is left out), rated against them — in one transaction a line;
 * answers how many records were added.
 */
export async function seedDemoUsage(db: Db, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): Promise<number> {
  const today = calendarDay(new Date(), timeZone);
  let added = 0;
  for (const line of DEMO_CHARGING_LINES) {
    added += await db.transaction(async (tx) => {
      // The line's row lock: two instances seeding at once take turns, and the second finds the usage there.
      const [locked] = await tx.select({ gsm: chargingLines.gsm }).from(chargingLines).where(eq(chargingLines.gsm, line.gsm)).for("update");
      if (!locked) return 0;
      const [stored] = await tx.select({ id: chargingUsage.id }).from(chargingUsage).where(eq(chargingUsage.gsm, line.gsm)).limit(1);
      if (stored) return 0;
      const [subscribed] = await tx.select({ id: chargingSubscriptions.id }).from(chargingSubscriptions).where(eq(chargingSubscriptions.gsm, line.gsm)).limit(1);
      if (!subscribed) await seedDemoSubscriptions(tx, line.gsm);
      const rows = generateDemoUsage(line.gsm, today);
      // Each record's moment: its day and second of the day in the operator's zone, as PostgreSQL reads them.
      const moments = await tx.execute<{ i: number; moment: Date | string }>(sql`
        select r.i, m.moment
        from json_to_recordset(${JSON.stringify(rows.map((row, i) => ({ i, d: row.daysBack, s: row.second })))}::json) as r(i int, d int, s int),
             lateral (select ((${today}::date - r.d)::timestamp + make_interval(secs => r.s)) at time zone ${timeZone} as moment) as m
        where m.moment <= now()`);
      const events = moments.rows.map(({ i, moment }) => ({ ...rows[i]!, startedAt: new Date(moment) }));
      return (await rateEmbeddedUsage(tx, line.gsm, events, { takeMoney: false })).records;
    });
  }
  return added;
}
