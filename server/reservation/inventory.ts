// The inventory of numbers that can be reserved: the demo seed (deterministic numbers in the operator's
// ranges, each with its tier and price) and the search of available numbers by a digit pattern.
import { sql } from "drizzle-orm";
import type { NumberFilter } from "../../common/reservation.ts";
import { TIER_PRICES, type NumberTier } from "../../common/reservation-rules.ts";
import type { Db } from "../db/database.ts";

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

/**
 * Available numbers matching the filter, in number order, one page; `hasMore` says whether a next page
 * exists (one more row is read rather than counting every match of a short pattern in a million).
 */
export async function searchAvailableNumbers(db: Executor, filter: NumberFilter, page: number, size: number): Promise<{ numbers: AvailableNumber[]; hasMore: boolean }> {
  const result = await db.execute<{ gsm: string; tier: NumberTier; sim_price: number; service_fee: number }>(sql`
    select gsm, tier, sim_price, service_fee from number_inventory
    where state = 'available' and gsm like ${likePattern(filter)} ${filter.tier ? sql`and tier = ${filter.tier}` : sql``}
    order by gsm
    limit ${size + 1} offset ${page * size}`);
  const numbers = result.rows.slice(0, size).map((row) => ({ gsm: row.gsm, tier: row.tier, simPrice: row.sim_price, serviceFee: row.service_fee }));
  return { numbers, hasMore: result.rows.length > size };
}
