// The accounts feature's rules that screens need while they render or as the visitor types, without Zod:
// the validation message keys, what a number field accepts, and date checks. The schemas, which the
// server and the forms' checks before sending share, are in account.ts.
import { LOGIN_NUMBER_PATTERN, NUMBER_MAX_LENGTH } from "./constants.ts";
import { normaliseDigits } from "./language.ts";

/** Catalog keys of the validation messages of spec §5. */
export const VALIDATION = {
  numberInvalid: "validation.numberInvalid",
  codeIncomplete: "validation.codeIncomplete",
  genderRequired: "validation.genderRequired",
  cityRequired: "validation.cityRequired",
  jobRequired: "validation.jobRequired",
  birthDateRequired: "validation.birthDateRequired",
  birthDateInvalid: "validation.birthDateInvalid",
  addressRequired: "validation.addressRequired",
  emailRequired: "validation.emailRequired",
  emailInvalid: "validation.emailInvalid",
} as const;

/** Keeps what a number field accepts while typing: digits only (Arabic-Indic ones normalised), at most 10. */
export function typedNumber(value: string): string {
  return normaliseDigits(value).replace(/\D/g, "").slice(0, NUMBER_MAX_LENGTH);
}

export function isLoginNumber(value: string): boolean {
  return LOGIN_NUMBER_PATTERN.test(value);
}

/** True when `value` is a real calendar date written yyyy-mm-dd. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
