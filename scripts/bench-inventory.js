// The number-reservation part of `npm run bench`: fills the bench server's inventory to BENCH_INVENTORY
// numbers (default 1,000,000; the same generator as the demo seed), refreshes the planner's statistics,
// and prints once the plan of each measured search, so one can see which index it uses.
import path from "node:path";
import pg from "pg";

/** The two searches the bench loads: a 3-digit run anywhere, and the last 4 digits. */
export const INVENTORY_SEARCHES = [
  { key: "numbersContains", name: "GET core/api/numbers/available contains 777", query: "pattern=777", like: "%777%" },
  { key: "numbersEndsWith", name: "GET core/api/numbers/available ends 2024", query: "pattern=2024&match=endsWith", like: "%2024" },
];

export async function prepareInventory(dataDir, count, log) {
  const socketDir = path.join(dataDir, "run");
  const pool = new pg.Pool({ connectionString: `postgresql://postgres@localhost/operator?host=${encodeURIComponent(socketDir)}&port=5432`, max: 1 });
  try {
    const [{ seedInventory }, { drizzleOverPool }] = await Promise.all([import("../server/reservation/inventory.ts"), import("../server/db/database.ts")]);
    const started = performance.now();
    // In slices, so that one statement does not hold a huge transaction.
    let added = 0;
    for (let start = 1; start <= count; start += 200_000) added += await seedInventory(drizzleOverPool(pool), Math.min(200_000, count - start + 1), start);
    await pool.query("analyze number_inventory");
    const { rows } = await pool.query("select count(*)::int as total, count(*) filter (where state = 'available')::int as available from number_inventory");
    log(`inventory: ${rows[0].total} numbers (${added} added in ${((performance.now() - started) / 1000).toFixed(1)} s), ${rows[0].available} available`);
    const plans = {};
    for (const search of INVENTORY_SEARCHES) {
      const plan = await pool.query(
        `explain (analyze, costs off, timing off, summary off) select gsm, tier, sim_price, service_fee from number_inventory where state = 'available' and gsm like $1 order by gsm limit 25 offset 0`,
        [search.like],
      );
      plans[search.key] = plan.rows.map((row) => row["QUERY PLAN"]);
    }
    return { total: rows[0].total, plans };
  } finally {
    await pool.end();
  }
}
