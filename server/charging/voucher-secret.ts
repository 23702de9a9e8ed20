// The secret of a scratch-card voucher: 14 ASCII digits, printed under the scratch layer. Only a keyed hash
// of it is stored — HMAC-SHA256 with a key kept outside the database — so a copy of the database (a backup,
// a read-only role) does not give the vouchers away: 10^14 secrets are few enough to try them all against a
// plain hash, but not without the key. The key is VOUCHER_HASH_KEY, or else one made at the first start and
// kept in DATA_DIR/voucher-hash.key (0600); instances that share a database must share the key (set
// VOUCHER_HASH_KEY). The embedded driver looks a voucher up by the hash, `npm run vouchers:demo` stores it,
// the tests make vouchers with it: one place, so the three agree.
import { createHmac, randomInt } from "node:crypto";
import { localKey } from "../auth/local-key.ts";
import { VOUCHER_SECRET_DIGITS } from "../../common/charging.ts";

export const VOUCHER_HASH_KEY_FILE = "voucher-hash.key";

/** The key of voucher hashes: the configured one, else DATA_DIR's (made once, at the first call). */
export function voucherHashKey({ configured, dataDir }: { configured?: string; dataDir: string }): string {
  return localKey({ configured, dataDir, file: VOUCHER_HASH_KEY_FILE });
}

/** hex HMAC-SHA256 of the secret's 14 ASCII digits under `key`. */
export function voucherSecretHash(key: string, secret: string): string {
  return createHmac("sha256", key).update(secret, "ascii").digest("hex");
}

/** A fresh secret: 14 digits from the system's cryptographic random source. */
export function newVoucherSecret(): string {
  let secret = "";
  for (let i = 0; i < VOUCHER_SECRET_DIGITS; i++) secret += String(randomInt(10));
  return secret;
}
