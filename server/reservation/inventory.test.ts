// The number search on a real database: whichever plan answers (the ordered walk of the covering index or the
// trigram index), a page holds exactly the rows, in exactly the order, of the plain query
//   where state = 'available' and gsm like <pattern> [and tier = …] order by gsm limit size + 1 offset page × size
// — numbers that are not available are never shown, the tier and range filters hold, and a walk that stops
// at its limit before the page is full hands the page to the trigram plan instead of cutting it short.
import { beforeAll, describe, expect, test } from "vitest";
import type { NumberFilter } from "../../common/reservation.ts";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { DEMO_INVENTORY_SIZE, expectedShare, likePattern, searchAvailableNumbers, seedInventory, trigramQuery, walkFirst, walkLimit, WALK_MIN_ENTRIES, walkQuery } from "./inventory.ts";

type Row = { gsm: string; tier: string; sim_price: number; service_fee: number };
const database = useTestDatabase();

/** The search as it was before the two plans: the meaning both plans must keep. */
async function reference(filter: NumberFilter, page: number, size: number) {
  const { rows } = await database.pool.query<Row>(
    `select gsm, tier, sim_price, service_fee from number_inventory
     where state = 'available' and gsm like $1 and ($2::text is null or tier = $2)
     order by gsm limit $3 offset $4`,
    [likePattern(filter), filter.tier ?? null, size + 1, page * size],
  );
  return {
    numbers: rows.slice(0, size).map((row) => ({ gsm: row.gsm, tier: row.tier, simPrice: row.sim_price, serviceFee: row.service_fee })),
    hasMore: rows.length > size,
  };
}

const filter = (pattern: string, more: Partial<NumberFilter> = {}): NumberFilter => ({ pattern, match: "contains", ...more });

beforeAll(async () => {
  // More numbers than a walk reads at most, so that a walk can stop before the end of the inventory.
  await seedInventory(database.db, WALK_MIN_ENTRIES + 30_000, DEMO_INVENTORY_SIZE + 1);
  // Some numbers are held or sold: every search must leave them out, whichever plan it takes.
  await database.pool.query("update number_inventory set state = 'reserved' where right(gsm, 1) = '3' and gsm like '%7%'");
  await database.pool.query("update number_inventory set state = 'taken' where right(gsm, 2) = '11'");
  await database.pool.query("vacuum analyze number_inventory");
}, 120_000);

describe("which plan a search tries first", () => {
  test("a pattern in many numbers walks the numbers in order; a rare one asks the trigram index", () => {
    expect(expectedShare(filter("09"))).toBe(1);
    expect(expectedShare(filter("777"))).toBeCloseTo(0.0075, 6);
    expect(expectedShare(filter("2024", { match: "endsWith" }))).toBeCloseTo(0.0001, 8);
    // After a range only the 7 digits that follow it count.
    expect(expectedShare(filter("777", { prefix: "094" }))).toBeCloseTo(0.005, 6);
    expect(expectedShare(filter("8", { prefix: "094" }))).toBeCloseTo(0.7, 6);
    expect(walkFirst(filter("777"), 21)).toBe(true);
    expect(walkFirst(filter("7"), 100_101)).toBe(true);
    expect(walkFirst(filter("2024", { match: "endsWith" }), 21)).toBe(false);
    expect(walkFirst(filter("1234567"), 21)).toBe(false);
    expect(walkFirst(filter("777", { tier: "gold" }), 21)).toBe(false);
    // Deep pages of a 3-digit pattern: the trigram plan reads its few thousand matches instead.
    expect(walkFirst(filter("777"), 10 * 24 + 25)).toBe(false);
    expect(walkLimit(21)).toBe(WALK_MIN_ENTRIES);
    expect(walkLimit(100_101)).toBe(2_002_020);
  });
});

describe("every plan gives the plain query's page", () => {
  const cases: [string, NumberFilter, number, number][] = [
    ["contains 777, first page", filter("777"), 0, 20],
    ["contains 777, third page of 24", filter("777"), 2, 24],
    ["contains 7, page 40 of 100", filter("7"), 40, 100],
    ["contains 09 (every number), page 7", filter("09"), 7, 25],
    ["contains 3 (some held), page 5", filter("3"), 5, 24],
    ["contains 11 (some sold)", filter("11"), 0, 50],
    ["ends with 2024", filter("2024", { match: "endsWith" }), 0, 20],
    ["ends with 7", filter("7", { match: "endsWith" }), 3, 20],
    ["silver, contains 77", filter("77", { tier: "silver" }), 1, 20],
    ["gold, contains 1", filter("1", { tier: "gold" }), 0, 24],
    ["gold, contains 777", filter("777", { tier: "gold" }), 0, 20],
    ["range 095, contains 5", filter("5", { prefix: "095" }), 2, 24],
    ["range 097, gold, ends with 9", filter("9", { prefix: "097", tier: "gold", match: "endsWith" }), 0, 20],
    ["contains 1234567 (no number)", filter("1234567"), 0, 20],
    ["contains 777, past the last match", filter("777"), 500, 24],
  ];
  test.each(cases)("%s", async (_label, asked, page, size) => {
    const expected = await reference(asked, page, size);
    const got = await searchAvailableNumbers(database.db, asked, page, size);
    expect(got).toEqual(expected);
    // The trigram plan is exact on its own; the walk is exact whenever it fills its page.
    const trigram = await database.db.execute<Row>(trigramQuery(asked, page, size));
    expect(trigram.rows.map((row) => row.gsm)).toEqual(expected.numbers.map((number) => number.gsm).concat(expected.hasMore ? [trigram.rows.at(-1)!.gsm] : []));
    const walked = await database.db.execute<Row>(walkQuery(asked, page, size));
    if (walked.rows.length > size) expect(walked.rows.slice(0, size).map((row) => row.gsm)).toEqual(expected.numbers.map((number) => number.gsm));
  });

  test("the first page of contains 777 is in number order, all available, all containing 777", async () => {
    const { numbers, hasMore } = await searchAvailableNumbers(database.db, filter("777"), 0, 20);
    expect(numbers).toHaveLength(20);
    expect(hasMore).toBe(true);
    expect(numbers.map((number) => number.gsm)).toEqual(numbers.map((number) => number.gsm).toSorted());
    for (const number of numbers) expect(number.gsm).toContain("777");
    const { rows } = await database.pool.query<{ state: string }>("select distinct state from number_inventory where gsm = any($1)", [numbers.map((number) => number.gsm)]);
    expect(rows).toEqual([{ state: "available" }]);
  });
});

describe("a walk that stops at its limit", () => {
  test("hands the page to the trigram plan: matches beyond the walk's first numbers are found, in order", async () => {
    // Hold every number with 777 among the first numbers a walk reads, but 3: a walk for "contains 777" then
    // finds 3 rows where 21 are asked; the page must still list the 20 first available matches of all.
    const { rows: walked } = await database.pool.query<{ gsm: string }>(
      "select gsm from number_inventory where state = 'available' order by gsm limit $1",
      [walkLimit(21)],
    );
    const lastWalked = walked.at(-1)!.gsm;
    const { rows: held } = await database.pool.query<{ gsm: string }>(
      `update number_inventory set state = 'reserved'
       where gsm in (select gsm from number_inventory where state = 'available' and gsm like '%777%' and gsm <= $1 order by gsm offset 3)
       returning gsm`,
      [lastWalked],
    );
    try {
      expect(walkFirst(filter("777"), 21)).toBe(true);
      const walk = await database.db.execute<Row>(walkQuery(filter("777"), 0, 20));
      expect(walk.rows).toHaveLength(3);
      const page = await searchAvailableNumbers(database.db, filter("777"), 0, 20);
      expect(page).toEqual(await reference(filter("777"), 0, 20));
      expect(page.numbers).toHaveLength(20);
      expect(page.numbers.filter((number) => number.gsm > lastWalked)).toHaveLength(17);
    } finally {
      await database.pool.query("update number_inventory set state = 'available' where gsm = any($1)", [held.map((row) => row.gsm)]);
    }
  });
});
