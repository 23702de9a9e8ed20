// The birth date of every form (the profile and the reservation, their pages and their API rows): one
// format, yyyy-mm-dd (spec §3, §9), typed in Latin or Arabic-Indic digits; a real calendar day from 1900 to
// today. Messages are catalog keys (spec §5: 'Birthdate is required'). Its control is
// app/pages/BirthDateField.tsx; a form's own age rule goes on top (the reservation's 18 or older).
import { z } from "./zod.ts";
import { normaliseDigits } from "./language.ts";

/** The earliest year of a birth date. */
export const BIRTH_YEAR_MIN = 1900;
/** Today begins first at UTC+14: a day after today there is after today everywhere. */
const FIRST_TIME_ZONE_MS = 14 * 3_600_000;

/** True when `value` is a real calendar date written yyyy-mm-dd. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC reads years 0–99 as 1900–1999: the year check refuses those too.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True when `value` (yyyy-mm-dd, Latin digits) can be someone's birth date at `now`. */
export function isBirthDate(value: string, now: Date): boolean {
  if (!isCalendarDate(value) || Number(value.slice(0, 4)) < BIRTH_YEAR_MIN) return false;
  return value <= new Date(now.getTime() + FIRST_TIME_ZONE_MS).toISOString().slice(0, 10);
}

/** The birth date field: trimmed, its digits made Latin, then judged; the output is yyyy-mm-dd. */
export const birthDateSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "validation.birthDateRequired" : "validation.birthDateInvalid") })
  .transform((value) => normaliseDigits(value.trim()))
  .pipe(
    z
      .string()
      .min(1, { error: "validation.birthDateRequired", abort: true })
      .refine((value) => isBirthDate(value, new Date()), { error: "validation.birthDateInvalid", abort: true }),
  )
  .meta({ description: "yyyy-mm-dd, in Latin or Arabic-Indic digits; a real date from 1900 to today", example: "1990-04-21" });
