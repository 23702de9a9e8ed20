// The accounts feature's rules that screens need while they render or as the visitor types, without Zod:
// the validation message keys and what a number field accepts (the birth date's rule is birth-date.ts). The schemas, which the
// server and the forms' checks before sending share, are in account.ts.
import { LOGIN_NUMBER_PATTERN, NUMBER_MAX_LENGTH } from "./constants.ts";
import { normaliseDigits } from "./language.ts";
import type { PlainKey } from "./message-key.ts";

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
} as const satisfies Record<string, PlainKey>;

/** Keeps what a number field accepts while typing: digits only (Arabic-Indic ones normalised), at most 10. */
export function typedNumber(value: string): string {
  return normaliseDigits(value).replace(/\D/g, "").slice(0, NUMBER_MAX_LENGTH);
}

export function isLoginNumber(value: string): boolean {
  return LOGIN_NUMBER_PATTERN.test(value);
}
