// Number reservation (step 5), shared by the pages, the API and the tests: the inventory's ranges and
// tiers, the search filter and the reserve form (spec §5 messages, as catalog keys), and the hold rules.
import { z } from "./zod.ts";
import { LOGIN_NUMBER_PATTERN } from "./constants.ts";
import { normaliseDigits } from "./language.ts";
import { birthDateSchema } from "./birth-date.ts";

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

/** The search filter of /Reservation: 1 to 7 digits (spec §5: 'Number is required', 'Number not valid'). */
export const numberFilterSchema = z.object({
  pattern: z
    .string({ error: "validation.reservationNumberRequired" })
    .trim()
    .transform(normaliseDigits)
    .pipe(z.string().min(1, "validation.reservationNumberRequired").regex(/^\d{1,7}$/, "validation.reservationNumberInvalid")),
  match: z.enum(RESERVATION_MATCH).default("contains"),
  tier: z.enum(NUMBER_TIERS).optional(),
  /** The operator range: 094 … 097. */
  prefix: z.enum(["094", "095", "096", "097"]).optional(),
});
export type NumberFilter = z.infer<typeof numberFilterSchema>;

/** The reserve form (spec §5: name, city and birth date required, name invalid). */
export const reserveFormSchema = z.object({
  gsm: z
    .string({ error: "validation.numberInvalid" })
    .trim()
    .transform(normaliseDigits)
    .pipe(z.string().regex(LOGIN_NUMBER_PATTERN, "validation.numberInvalid"))
    .meta({ description: "An available number (core/api/numbers/available)", example: "0944777123" }),
  fullName: z
    .string({ error: "validation.reserveNameRequired" })
    .trim()
    .min(1, "validation.reserveNameRequired")
    // Letters and spaces, Arabic or English.
    .pipe(z.string().regex(/^(?=.{3,60}$)[A-Za-z\u0621-\u064A\u0671-\u06D3]+(?: [A-Za-z\u0621-\u064A\u0671-\u06D3]+)*$/, "validation.reserveNameInvalid"))
    .meta({ description: "Letters and spaces, Arabic or English, 3 to 60", example: "Ali Hasan" }),
  cityId: z
    .string({ error: "validation.cityRequired" })
    .min(1, "validation.cityRequired")
    .regex(/^\d{1,9}$/, "validation.cityRequired")
    .transform(Number)
    .meta({ description: "A city where the SIM can be collected: an id of core/api/reservations/cities", example: "1" }),
  birthDate: birthDateSchema
    .refine((value) => adultOn(value, new Date()), "validation.reserveTooYoung")
    .meta({ description: "yyyy-mm-dd, in Latin or Arabic-Indic digits; 18 or older", example: "1990-01-31" }),
  lineType: z.enum(LINE_TYPES, { error: "validation.lineTypeRequired" }).meta({ example: "prepaid" }),
}).meta({ id: "ReserveForm" });
export type ReserveForm = z.infer<typeof reserveFormSchema>;

/** Lines are sold to people of 18 or more: from the 18th birthday on (`birthDate` as birth-date.ts gives it). */
export function adultOn(birthDate: string, today: Date): boolean {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return eighteenth <= today.getTime();
}

/** What /reserve-number's form asks: cancel one of the account's reservations, or (anything else) reserve. */
export const reserveActionForm = z.union([
  z.object({
    intent: z.literal("cancel"),
    reference: z.string({ error: "validation.choiceInvalid" }).trim().min(1, "validation.choiceInvalid").max(20, "validation.choiceInvalid"),
    returnTo: z.enum(["profile", "reserve"]).optional().catch(undefined),
  }),
  z.object({ intent: z.literal("reserve").optional() }),
]);
