// Demo lines of the embedded charging driver: explicit money for a few numbers to try the site with, loaded
// with the demo content (`--seed`, and the test template) and never by a migration, so a real database gets
// none. Lines already known are left as they are. Every other line is known to charging from its first use
// as prepaid with nothing on it; nothing is derived from the number.
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { chargingLines } from "../db/schema.ts";

export const DEMO_CHARGING_LINES = [
  { gsm: "0944123456", plan: "prepaid", mainBalance: 25000, validForDays: 90, unbilled: 0, creditLimit: 0 },
  { gsm: "0955123456", plan: "postpaid", mainBalance: 0, validForDays: null, unbilled: 12000, creditLimit: 50000 },
  { gsm: "0966123456", plan: "prepaid", mainBalance: 500, validForDays: 30, unbilled: 0, creditLimit: 0 },
] as const;

/** Adds the demo lines that are not there yet; answers how many were added. */
export async function seedDemoChargingLines(db: Db): Promise<number> {
  const added = await db
    .insert(chargingLines)
    .values(
      DEMO_CHARGING_LINES.map((line) => ({
        gsm: line.gsm,
        plan: line.plan,
        mainBalance: line.mainBalance,
        validUntil: line.validForDays === null ? null : sql`current_date + ${line.validForDays}::int`,
        unbilled: line.unbilled,
        creditLimit: line.creditLimit,
      })),
    )
    .onConflictDoNothing()
    .returning({ gsm: chargingLines.gsm });
  return added.length;
}
