// The TOTP secrets of staff must be read to check a code, so they cannot be hashed: they are encrypted with
// AES-256-GCM under a key kept outside the database — CONSOLE_SECRET_KEY, or else one made at the first
// start in DATA_DIR/console-secret.key (0600). A copy of the database alone gives no second factor away.
// Instances that share a database must share the key (set CONSOLE_SECRET_KEY).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { localKey } from "../auth/local-key.ts";

export const CONSOLE_SECRET_KEY_FILE = "console-secret.key";

export function consoleSecretKey({ configured, dataDir }: { configured?: string; dataDir: string }): Buffer {
  return Buffer.from(localKey({ configured, dataDir, file: CONSOLE_SECRET_KEY_FILE }), "base64url");
}

/** `iv.tag.ciphertext` (base64url parts). */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [iv, tag, body] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}
