// The secret of a scratch-card voucher: 14 ASCII digits, printed under the scratch layer. Only its hash is
// stored (hex sha256 of the 14 digits): the embedded driver looks a voucher up by it, `npm run
// vouchers:demo` stores it, the tests make vouchers with it. One place, so the three agree.
import { createHash, randomInt } from "node:crypto";
import { VOUCHER_SECRET_DIGITS } from "../../common/charging.ts";

/** hex sha256 of the secret's 14 ASCII digits. */
export function voucherSecretHash(secret: string): string {
  return createHash("sha256").update(secret, "ascii").digest("hex");
}

/** A fresh secret: 14 digits from the system's cryptographic random source. */
export function newVoucherSecret(): string {
  let secret = "";
  for (let i = 0; i < VOUCHER_SECRET_DIGITS; i++) secret += String(randomInt(10));
  return secret;
}
