// The TOTP secrets of staff must be read to check a code, so they cannot be hashed: they are encrypted with
// AES-256-GCM under a key kept outside the database — CONSOLE_SECRET_KEY, or else one made at the first
// start in DATA_DIR/console-secret.key (0600). A copy of the database alone gives no second factor away.
// Instances that share a database must share the key (set CONSOLE_SECRET_KEY).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const CONSOLE_SECRET_KEY_FILE = "console-secret.key";

export function consoleSecretKey({ configured, dataDir }: { configured?: string; dataDir: string }): Buffer {
  if (configured) return Buffer.from(configured, "base64url");
  const file = path.join(dataDir, CONSOLE_SECRET_KEY_FILE);
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
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
