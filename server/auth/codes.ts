// One-time codes: six digits from the CSPRNG, kept only as an HMAC bound to (number, purpose), compared
// in constant time. The rules around them (limits, locks, single use) live in server/account/service.ts.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH } from "../../common/constants.ts";
import type { Language } from "../../common/language.ts";
import type { CodePurpose } from "../account/types.ts";
import { isolateForSms } from "../../common/bidi.ts";
import { translate } from "../i18n.ts";

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

/** HMAC-SHA256 of the code with the number and purpose as context: a code verifies only for its own pair. */
export function hashCode(key: Buffer, gsm: string, purpose: CodePurpose, code: string): string {
  return createHmac("sha256", key).update(`${purpose}\u0000${gsm}\u0000${code}`).digest("hex");
}

export function codeMatches(key: Buffer, gsm: string, purpose: CodePurpose, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(key, gsm, purpose, code), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The SMS text, in the asker's language; the code is its only run of six digits (isolateForSms: nothing in it can come apart in Arabic). */
export function codeMessage(language: Language, code: string, validSeconds: number): string {
  return isolateForSms(translate(language, "account.sms.code", { code, minutes: Math.max(1, Math.round(validSeconds / 60)) }));
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
/**
 * How long the n-th lock of a series lasts (n ≥ 1): 15 minutes, then four times longer each time —
 * 1 hour, 4 hours, 16 hours — and at most 24 hours. A series ends 24 hours after its last lock ended.
 */
export function lockSeconds(lockNumber: number): number {
  return Math.min(15 * MINUTE * 4 ** Math.max(0, lockNumber - 1), DAY);
}
export const LOCK_SERIES_RESET_SECONDS = DAY;
export const FAILURE_WINDOW_SECONDS = DAY;
