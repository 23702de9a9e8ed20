// The reservation rules that pages render with, without Zod: the inventory's tiers and prices, the line
// types, the search's match kinds, the hold and the age rule. The schemas are in reservation.ts.

/** A reservation holds its number this long; then the number returns to the pool. */
export const RESERVATION_HOLD_HOURS = 72;
/** Active reservations an account may have at once. */
export const MAX_ACTIVE_RESERVATIONS = 2;
export const NUMBER_TIERS = ["regular", "silver", "gold"] as const;
export type NumberTier = (typeof NUMBER_TIERS)[number];
/** SIM price and service fee by tier, in the configured currency. */
export const TIER_PRICES: Record<NumberTier, { sim: number; fee: number }> = {
  regular: { sim: 5_000, fee: 0 },
  silver: { sim: 5_000, fee: 20_000 },
  gold: { sim: 5_000, fee: 95_000 },
};
export const LINE_TYPES = ["prepaid", "postpaid"] as const;
export type LineType = (typeof LINE_TYPES)[number];

const SEQUENCES = ["0123", "1234", "2345", "3456", "4567", "5678", "6789", "9876", "8765", "7654", "6543", "5432", "4321", "3210"];

/**
 * The tier of a number, from its last seven digits: gold for four equal digits in a row or four in
 * sequence (…1234, …9876); silver for three equal in a row, or a repeated pair (…4545, …4455).
 */
export function tierOf(gsm: string): NumberTier {
  const tail = gsm.slice(3);
  if (/(\d)\1{3}/.test(tail) || SEQUENCES.some((run) => tail.includes(run))) return "gold";
  if (/(\d)\1{2}/.test(tail) || /(\d\d)\1/.test(tail) || /(\d)\1(\d)\2/.test(tail)) return "silver";
  return "regular";
}

export const RESERVATION_MATCH = ["contains", "endsWith"] as const;

/** Lines are sold to people of 18 or more: from the 18th birthday on (`birthDate` as birth-date.ts gives it). */
export function adultOn(birthDate: string, today: Date): boolean {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return eighteenth <= today.getTime();
}
