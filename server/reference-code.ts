// Reference numbers shown to people (feedback FB-…, reservations R-…): a prefix and 8 characters from an
// alphabet without look-alikes (no 0/O, 1/I/L), random, so one cannot guess another's.
import { randomBytes } from "node:crypto";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from "../common/reference.ts";

export { REFERENCE_PATTERN } from "../common/reference.ts";

export function newReference(prefix: string): string {
  return `${prefix}-${[...randomBytes(REFERENCE_LENGTH)].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("")}`;
}
