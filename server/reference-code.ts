// Reference numbers shown to people (feedback FB-…, reservations R-…): a prefix and 8 characters from an
// alphabet without look-alikes (no 0/O, 1/I/L), random, so one cannot guess another's.
import { randomBytes } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newReference(prefix: string): string {
  return `${prefix}-${[...randomBytes(8)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
}

export const REFERENCE_PATTERN = /^[A-Z]{1,3}-[2-9A-HJKMNP-Z]{8}$/;
