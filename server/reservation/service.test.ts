// The reservation rules on a real database, with a controlled clock: the seed's tiers agree with tierOf,
// a hold ends at its time and not before, two sweeps running at once end each due hold exactly once,
// and a due hold never blocks a new reservation of its number.
import { describe, expect, test } from "vitest";
import { tierOf } from "../../common/reservation-rules.ts";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { expireHolds, reserveNumber } from "./service.ts";

const database = useTestDatabase({ each: true });

async function account(gsm: string): Promise<number> {
  const { rows } = await database.pool.query<{ id: string }>("insert into accounts (main_gsm) values ($1) returning id", [gsm]);
  return Number(rows[0]!.id);
}
async function available(count: number): Promise<string[]> {
  const { rows } = await database.pool.query<{ gsm: string }>("select gsm from number_inventory where state = 'available' order by gsm limit $1", [count]);
  return rows.map((row) => row.gsm);
}
const form = (gsm: string) => ({ gsm, fullName: "Ali Hasan", cityId: 1, birthDate: "1990-01-01", lineType: "prepaid" as const });
const HOUR = 3_600_000;

describe("inventory seed", () => {
  test("every seeded number's tier is the one tierOf gives, and all three tiers occur", async () => {
    const { rows } = await database.pool.query<{ gsm: string; tier: string }>("select gsm, tier from number_inventory order by random() limit 5000");
    expect(rows.length).toBe(5000);
    for (const row of rows) expect(row.tier, row.gsm).toBe(tierOf(row.gsm));
    const { rows: tiers } = await database.pool.query<{ tier: string }>("select distinct tier from number_inventory order by tier");
    expect(tiers.map((row) => row.tier)).toEqual(["gold", "regular", "silver"]);
  });
});

describe("expiry", () => {
  test("a hold ends at its time, not before; its number is available again", async () => {
    const start = new Date("2026-11-20T10:00:00Z");
    const [gsm] = await available(1);
    await reserveNumber(database.db, await account("0944900001"), form(gsm!), start);
    expect(await expireHolds(database.db, new Date(start.getTime() + 72 * HOUR - 1000))).toBe(0);
    expect(await expireHolds(database.db, new Date(start.getTime() + 72 * HOUR))).toBe(1);
    const { rows } = await database.pool.query("select state from number_inventory where gsm = $1", [gsm]);
    expect(rows).toEqual([{ state: "available" }]);
  });

  test("two sweeps at once end each due hold exactly once", async () => {
    const start = new Date("2026-11-20T10:00:00Z");
    const numbers = await available(20);
    for (const [index, gsm] of numbers.entries()) await reserveNumber(database.db, await account(`09449100${String(index).padStart(2, "0")}`), form(gsm), start);
    const later = new Date(start.getTime() + 73 * HOUR);
    const [a, b] = await Promise.all([expireHolds(database.db, later), expireHolds(database.db, later)]);
    expect(a + b).toBe(20);
    const { rows } = await database.pool.query<{ n: number }>("select count(*)::int as n from reservation_events where to_state = 'expired'");
    expect(rows[0]!.n).toBe(20);
  });

  test("a due hold does not stop someone else reserving the number, even before any sweep", async () => {
    const start = new Date("2026-11-20T10:00:00Z");
    const [gsm] = await available(1);
    await reserveNumber(database.db, await account("0944920001"), form(gsm!), start);
    await expect(reserveNumber(database.db, await account("0944920002"), form(gsm!), new Date(start.getTime() + HOUR))).rejects.toMatchObject({ code: "NUMBER_TAKEN" });
    const second = await reserveNumber(database.db, await account("0944920003"), form(gsm!), new Date(start.getTime() + 80 * HOUR));
    expect(second.reference).toMatch(/^R-/);
  });
});
