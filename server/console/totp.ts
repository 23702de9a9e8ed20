// The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through the `otpauth` library, the enrolment's
// otpauth:// URI and its QR code as server-rendered SVG (`qrcode`), and the recovery codes.
import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Operator console";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = "staff"): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

export async function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * The time step a code belongs to (this one or the one before or after, for clocks a little apart), or
 * null when it matches none. The caller accepts a step once (server/console/service.ts).
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A recovery code: 10 characters without look-alikes, shown as `abcde-fghij`. */
export function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a recovery code is hashed in (typed with or without the dash). */
export function recoveryCodeKey(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}
