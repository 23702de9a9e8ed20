// The inventory of numbers that can be reserved: the demo seed (deterministic numbers in the operator's
// ranges, each with its tier and price) and the search of available numbers by a digit pattern.
import { sql, type SQL } from "drizzle-orm";
import type { NumberFilter } from "../../common/reservation.ts";
import { TIER_PRICES, type NumberTier } from "../../common/reservation-rules.ts";
import type { Db } from "../db/database.ts";
import type { Memo } from "../memo.ts";

type Executor = Pick<Db, "execute">;

/** The demo seed's size: tens of thousands of available numbers. */
export const DEMO_INVENTORY_SIZE = 40_000;

/**
 * Adds `count` numbers to the inventory (those already there are left as they are): number i is
 * 09[4-7] (i mod 4) followed by (i × 7919 + 1234567) mod 10⁷ — distinct for every i below 10⁷, since 7919
 * is prime to 10⁷. The tier is computed by the same rule as common/reservation.ts tierOf (a test holds
 * them together), in SQL so that a million rows load in seconds.
 */
export async function seedInventory(db: Db, count: number, start = 1): Promise<number> {
  const { regular, silver, gold } = TIER_PRICES;
  // A large insert (index maintenance included) may run longer than the statement timeout of requests.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return tx.execute(sql`
    insert into number_inventory (gsm, tier, sim_price, service_fee)
    select gsm, tier,
      case tier when 'gold' then ${gold.sim}::int when 'silver' then ${silver.sim}::int else ${regular.sim}::int end,
      case tier when 'gold' then ${gold.fee}::int when 'silver' then ${silver.fee}::int else ${regular.fee}::int end
    from (
      select gsm,
        case
          when substr(gsm, 4) ~ '(\\d)\\1{3}' or substr(gsm, 4) ~ '0123|1234|2345|3456|4567|5678|6789|9876|8765|7654|6543|5432|4321|3210' then 'gold'
          when substr(gsm, 4) ~ '(\\d)\\1{2}' or substr(gsm, 4) ~ '(\\d\\d)\\1' or substr(gsm, 4) ~ '(\\d)\\1(\\d)\\2' then 'silver'
          else 'regular'
        end as tier
      from (
        select '09' || (4 + i % 4)::text || lpad(((i::bigint * 7919 + 1234567) % 10000000)::text, 7, '0') as gsm
        from generate_series(${start}::int, ${start + count - 1}::int) as i
      ) as numbers
    ) as tiered
    on conflict (gsm) do nothing`);
  });
  return result.rowCount ?? 0;
}

export interface AvailableNumber {
  gsm: string;
  tier: NumberTier;
  simPrice: number;
  serviceFee: number;
}

/** LIKE pattern of a filter: its digits are all digits, so nothing needs escaping. */
export function likePattern(filter: Pick<NumberFilter, "pattern" | "match" | "prefix">): string {
  const prefix = filter.prefix ?? "";
  return filter.match === "endsWith" ? `${prefix}%${filter.pattern}` : `${prefix}%${filter.pattern}%`;
}

// The search has two plans, and both give exactly the rows and order of
//   select … where state = 'available' and gsm like <pattern> [and tier = …] order by gsm limit size + 1 offset page × size
// (docs/PERFORMANCE.md "Number search" has the measurements behind the choice):
//  - walk: read the available numbers in number order from number_inventory_available_gsm_idx (index only: it
//    holds every column of the answer) and keep those that match, until the page and one more row are found.
//    Cheap when many numbers match: "contains 777" (0.7 % of numbers) finds its first 21 rows among 11,937
//    entries (about 2 ms; the first numbers in order, 094…, hold fewer than the average).
//    Its cost grows as the pattern gets rarer, so the walk reads at most walkLimit() entries: the matches among
//    the first N numbers in order are the first matches of all, so a walk that found its rows is exact; one that
//    did not is answered by the other plan.
//  - trigram: the trigram index finds every match, which are then sorted. Cheap when few numbers match
//    ("ends with 2024": 100 of a million); it reads every matching row, so "contains 777" costs 6,800 rows.
// Which one is tried first comes from expectedShare(): the share of numbers a pattern matches if the 7 digits
// after the range were random. A wrong guess costs time, never a wrong answer.

/** The fewest index entries a walk may read before it gives the page to the trigram plan. */
export const WALK_MIN_ENTRIES = 50_000;
/** Entries a walk may read per row it must find (a deep page of a frequent pattern). */
const WALK_ENTRIES_PER_ROW = 20;

/** How many available numbers (in number order) a walk reads at most to find `rowsNeeded` matches. */
export function walkLimit(rowsNeeded: number): number {
  return Math.max(WALK_MIN_ENTRIES, WALK_ENTRIES_PER_ROW * rowsNeeded);
}

/** Share of each tier among numbers with random digits (the tier rule of common/reservation-rules.ts). */
const TIER_SHARE: Record<NumberTier, number> = { regular: 0.887, silver: 0.104, gold: 0.009 };

/**
 * The share of numbers that would match the filter if numbers were 09, a range digit (4 to 7, or the prefix's)
 * and 7 random digits: the sum over the places the pattern may start of the chance it is there.
 */
export function expectedShare(filter: Pick<NumberFilter, "pattern" | "match" | "prefix" | "tier">): number {
  const length = 10;
  const chance = (position: number, digit: string): number => {
    if (position === 0) return digit === "0" ? 1 : 0;
    if (position === 1) return digit === "9" ? 1 : 0;
    if (position === 2) return filter.prefix ? (digit === filter.prefix[2] ? 1 : 0) : "4567".includes(digit) ? 0.25 : 0;
    return 0.1;
  };
  const { pattern } = filter;
  const first = filter.match === "endsWith" ? length - pattern.length : filter.prefix ? filter.prefix.length : 0;
  let share = 0;
  for (let start = first; start <= length - pattern.length; start += 1) {
    let here = 1;
    for (let index = 0; index < pattern.length; index += 1) here *= chance(start + index, pattern[index]!);
    share += here;
  }
  return Math.min(1, share) * (filter.tier ? TIER_SHARE[filter.tier] : 1);
}

/** The walk is tried first when it is expected to find its rows in half its limit. */
export function walkFirst(filter: Pick<NumberFilter, "pattern" | "match" | "prefix" | "tier">, rowsNeeded: number): boolean {
  return rowsNeeded / expectedShare(filter) <= walkLimit(rowsNeeded) / 2;
}

/** The walk plan: the first `limit` available numbers of the range in number order, those that match, one page. */
export function walkQuery(filter: NumberFilter, page: number, size: number): SQL {
  const offset = page * size;
  const prefix = filter.prefix;
  // The range as bounds on the index's first column (the LIKE below still checks it).
  const range = prefix ? sql`and gsm >= ${prefix} and gsm < ${String(Number(prefix) + 1).padStart(prefix.length, "0")}` : sql``;
  return sql`
    select gsm, tier, sim_price, service_fee from (
      select gsm, tier, sim_price, service_fee from number_inventory
      where state = 'available' ${range}
      order by gsm
      limit ${walkLimit(offset + size + 1)}
    ) as walked
    where gsm like ${likePattern(filter)} ${filter.tier ? sql`and tier = ${filter.tier}` : sql``}
    order by gsm
    limit ${size + 1} offset ${offset}`;
}

/** The trigram plan: every match (a materialised CTE, so that the planner cannot turn it into an unbounded walk), sorted, one page. */
export function trigramQuery(filter: NumberFilter, page: number, size: number): SQL {
  return sql`
    with matches as materialized (
      select gsm, tier, sim_price, service_fee from number_inventory
      where state = 'available' and gsm like ${likePattern(filter)} ${filter.tier ? sql`and tier = ${filter.tier}` : sql``}
    )
    select gsm, tier, sim_price, service_fee from matches
    order by gsm
    limit ${size + 1} offset ${page * size}`;
}

type Row = { gsm: string; tier: NumberTier; sim_price: number; service_fee: number };

/**
 * searchAvailableNumbers through the app's number-search memo (NUMBER_SEARCH_CACHE_MS, server/memo.ts): the API
 * row and the /Reservation page ask the same search once however many visitors ask it at the same moment. The
 * page answered is shared: callers read it and never change it.
 */
export function findAvailableNumbers(
  // (Not Pick<AppServices, …>: scripts/bench-inventory.ts imports this module, and Node runs scripts without a build.)
  services: { db: Db; numberSearchMemo: Memo },
  filter: NumberFilter,
  page: number,
  size: number,
): Promise<{ numbers: AvailableNumber[]; hasMore: boolean }> {
  const key = JSON.stringify([filter.pattern, filter.match, filter.tier ?? "", filter.prefix ?? "", page, size]);
  return services.numberSearchMemo.get(key, () => searchAvailableNumbers(services.db, filter, page, size));
}

/**
 * Available numbers matching the filter, in number order, one page; `hasMore` says whether a next page
 * exists (one more row is read rather than counting every match of a short pattern in a million).
 */
export async function searchAvailableNumbers(
  db: Executor,
  filter: NumberFilter,
  page: number,
  size: number,
): Promise<{ numbers: AvailableNumber[]; hasMore: boolean }> {
  const onePage = (rows: Row[]) => ({
    numbers: rows.slice(0, size).map((row) => ({ gsm: row.gsm, tier: row.tier, simPrice: row.sim_price, serviceFee: row.service_fee })),
    hasMore: rows.length > size,
  });
  if (walkFirst(filter, page * size + size + 1)) {
    const walked = await db.execute<Row>(walkQuery(filter, page, size));
    // A full page and one more: exact. Fewer: the walk may have stopped before the last matches.
    if (walked.rows.length > size) return onePage(walked.rows);
  }
  return onePage((await db.execute<Row>(trigramQuery(filter, page, size))).rows);
}
