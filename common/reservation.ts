// Number reservation (step 5), shared by the pages, the API and the tests: the search filter and the reserve
// form (spec §5 messages, as catalog keys). The browser loads this module (and Zod) only when the reserve
// form is checked; the tiers, prices and hold rules that pages render with are in reservation-rules.ts.
import { z } from "./zod.ts";
import { LOGIN_NUMBER_PATTERN } from "./constants.ts";
import { normaliseDigits } from "./language.ts";
import { birthDateSchema } from "./birth-date.ts";
import { adultOn, LINE_TYPES, NUMBER_TIERS, RESERVATION_MATCH } from "./reservation-rules.ts";

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

/** What /reserve-number's form asks: cancel one of the account's reservations, or (anything else) reserve. */
export const reserveActionForm = z.union([
  z.object({
    intent: z.literal("cancel"),
    reference: z.string({ error: "validation.choiceInvalid" }).trim().min(1, "validation.choiceInvalid").max(20, "validation.choiceInvalid"),
    returnTo: z.enum(["profile", "reserve"]).optional().catch(undefined),
  }),
  z.object({ intent: z.literal("reserve").optional() }),
]);
