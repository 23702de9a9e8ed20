// Reference numbers shown to people (feedback FB-…, reservations R-…): a prefix and 8 characters from an
// alphabet without look-alikes (no 0/O, 1/I/L). Made on the server (server/reference-code.ts); read back here
// as staff type them: any case, spaces around, Arabic-Indic digits folded, any dash.
import { normaliseDigits } from "./language.ts";

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 8;
export const REFERENCE_PATTERN = /^[A-Z]{1,3}-[2-9A-HJKMNP-Z]{8}$/;

/** The reference `text` names with `prefix` (`FB`, `R`), written as stored, or null when it is not one. */
export function referenceOf(prefix: "FB" | "R", text: string): string | null {
  const folded = normaliseDigits(text)
    .trim()
    .toUpperCase()
    .replace(/[\s\u2010-\u2015\u2212\u0640]+/g, (run) => (/\s/.test(run) ? "" : "-"));
  const match = /^([A-Z]{1,3})-?([2-9A-HJKMNP-Z]{8})$/.exec(folded);
  return match && match[1] === prefix ? `${prefix}-${match[2]}` : null;
}
