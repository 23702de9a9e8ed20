// The number-reservation part of `npm run bench`: fills the bench server's inventory to BENCH_INVENTORY
// numbers (default 1,000,000; the same generator as the demo seed), vacuums it as one does after a bulk load
// (the planner's statistics, the visibility map that lets the search read the index only, the trigram index's
// pending entries), and prints once the plan of each measured search — the statement the app runs, with
// EXPLAIN (ANALYZE, BUFFERS) — so one can see which index it uses and what it reads.
import path from "node:path";
import pg from "pg";
import type { NumberFilter } from "../common/reservation.ts";

export interface InventorySearch {
  key: "numbersContains" | "numbersEndsWith";
  /** The bench's row label. */
  name: string;
  /** The query string of GET core/api/numbers/available. */
  query: string;
  /** The LIKE pattern the search runs (for the printed plan). */
  like: string;
  filter: NumberFilter;
}

export interface PreparedInventory {
  /** Numbers in the inventory. */
  total: number;
  /** The EXPLAIN (ANALYZE, BUFFERS) lines of each search, by key. */
  plans: Record<string, string[]>;
}

/** The two searches the bench loads: a 3-digit run anywhere, and the last 4 digits (the API's page: 0, size 20). */
export const INVENTORY_SEARCHES: readonly InventorySearch[] = [
  { key: "numbersContains", name: "GET core/api/numbers/available contains 777", query: "pattern=777", like: "%777%", filter: { pattern: "777", match: "contains" } },
  { key: "numbersEndsWith", name: "GET core/api/numbers/available ends 2024", query: "pattern=2024&match=endsWith", like: "%2024", filter: { pattern: "2024", match: "endsWith" } },
];
const PAGE_SIZE = 20;

/** One line of EXPLAIN's text output. */
type PlanRow = { "QUERY PLAN": string };

export async function prepareInventory(dataDir: string, count: number, log: (message: string) => void): Promise<PreparedInventory> {
  const socketDir = path.join(dataDir, "run");
  const pool = new pg.Pool({ connectionString: `postgresql://postgres@localhost/operator?host=${encodeURIComponent(socketDir)}&port=5432`, max: 1 });
  try {
    const [inventory, { drizzleOverPool }, { sql }] = await Promise.all([import("../server/reservation/inventory.ts"), import("../server/db/database.ts"), import("drizzle-orm")]);
    const { seedInventory, trigramQuery, walkFirst, walkQuery } = inventory;
    const started = performance.now();
    // In slices, so that one statement does not hold a huge transaction.
    let added = 0;
    for (let start = 1; start <= count; start += 200_000) added += await seedInventory(drizzleOverPool(pool), Math.min(200_000, count - start + 1), start);
    await pool.query("vacuum (analyze) number_inventory");
    const { rows } = await pool.query<{ total: number; available: number }>("select count(*)::int as total, count(*) filter (where state = 'available')::int as available from number_inventory");
    const [counted] = rows;
    if (!counted) throw new Error("counting number_inventory answered no row");
    log(`inventory: ${counted.total} numbers (${added} added in ${((performance.now() - started) / 1000).toFixed(1)} s), ${counted.available} available`);
    const plans: Record<string, string[]> = {};
    const db = drizzleOverPool(pool);
    for (const search of INVENTORY_SEARCHES) {
      // The plan the app tries first for page 0 (server/reservation/inventory.ts); a walk that finds too few
      // rows is followed by the trigram plan, shown then too.
      const walk = walkFirst(search.filter, PAGE_SIZE + 1);
      const lines: string[] = [];
      if (walk) {
        const plan = await db.execute<PlanRow>(sql`explain (analyze, buffers) ${walkQuery(search.filter, 0, PAGE_SIZE)}`);
        lines.push("walk:", ...plan.rows.map((row) => row["QUERY PLAN"]));
        const rows = await db.execute(walkQuery(search.filter, 0, PAGE_SIZE));
        if (rows.rows.length > PAGE_SIZE) plans[search.key] = lines;
      }
      if (!plans[search.key]) {
        const plan = await db.execute<PlanRow>(sql`explain (analyze, buffers) ${trigramQuery(search.filter, 0, PAGE_SIZE)}`);
        lines.push("trigram:", ...plan.rows.map((row) => row["QUERY PLAN"]));
        plans[search.key] = lines;
      }
    }
    return { total: counted.total, plans };
  } finally {
    await pool.end();
  }
}
