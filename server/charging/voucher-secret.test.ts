import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { newVoucherSecret, VOUCHER_HASH_KEY_FILE, voucherHashKey, voucherSecretHash } from "./voucher-secret.ts";

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "voucher-key-"));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the key of voucher hashes", () => {
  test("without VOUCHER_HASH_KEY one is made at the first call, kept in DATA_DIR readable by the owner only, and the same ever after", () => {
    const dir = dataDir();
    const key = voucherHashKey({ dataDir: dir });
    expect(key.length).toBeGreaterThanOrEqual(40);
    expect(statSync(path.join(dir, VOUCHER_HASH_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(voucherHashKey({ dataDir: dir })).toBe(key);
    expect(voucherHashKey({ dataDir: dataDir() })).not.toBe(key);
  });

  test("the configured key wins and no file is made", () => {
    const dir = dataDir();
    expect(voucherHashKey({ configured: "k".repeat(32), dataDir: dir })).toBe("k".repeat(32));
    expect(() => statSync(path.join(dir, VOUCHER_HASH_KEY_FILE))).toThrow();
  });
});

describe("the hash of a secret", () => {
  test("is keyed: the same secret hashes alike under one key and differently under another, and is not its plain sha256", async () => {
    const secret = newVoucherSecret();
    expect(secret).toMatch(/^\d{14}$/);
    expect(voucherSecretHash("a".repeat(32), secret)).toBe(voucherSecretHash("a".repeat(32), secret));
    expect(voucherSecretHash("a".repeat(32), secret)).not.toBe(voucherSecretHash("b".repeat(32), secret));
    const { createHash } = await import("node:crypto");
    expect(voucherSecretHash("a".repeat(32), secret)).not.toBe(createHash("sha256").update(secret).digest("hex"));
  });
});
