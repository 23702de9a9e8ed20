// The key of the staff's TOTP secrets: made once in DATA_DIR (owner-only), the same ever after; a secret
// encrypted with it reads back, and a changed byte or another key is refused (AES-GCM's tag).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { CONSOLE_SECRET_KEY_FILE, consoleSecretKey, decryptSecret, encryptSecret } from "./secret-key.ts";
import { newRecoveryCode, newTotpSecret, recoveryCodeKey, totpStepOf } from "./totp.ts";
import { TOTP, Secret } from "otpauth";

describe("the console's secret key", () => {
  test("without CONSOLE_SECRET_KEY one is made at the first call, readable by the owner only, and the same ever after", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "console-key-"));
    try {
      const key = consoleSecretKey({ dataDir: dir });
      expect(key).toHaveLength(32);
      expect(statSync(path.join(dir, CONSOLE_SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(consoleSecretKey({ dataDir: dir }).equals(key)).toBe(true);
      const configured = Buffer.alloc(32, 7).toString("base64url");
      expect(consoleSecretKey({ configured, dataDir: dir }).equals(Buffer.alloc(32, 7))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a TOTP secret reads back with its key, never with another, and a changed ciphertext is refused", () => {
    const key = Buffer.alloc(32, 1);
    const secret = newTotpSecret();
    const stored = encryptSecret(key, secret);
    expect(stored).not.toContain(secret);
    expect(encryptSecret(key, secret)).not.toBe(stored);
    expect(decryptSecret(key, stored)).toBe(secret);
    expect(() => decryptSecret(Buffer.alloc(32, 2), stored)).toThrow();
    const [iv, tag, body] = stored.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret(key, [iv, tag, flipped.toString("base64url")].join("."))).toThrow();
  });
});

describe("TOTP and recovery codes", () => {
  test("a code of this step, the one before and the one after are accepted with their step; others are not", () => {
    const secret = newTotpSecret();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
    const now = Date.UTC(2026, 10, 25, 12, 0, 10);
    const step = Math.floor(now / 30_000);
    expect(totpStepOf(secret, totp.generate({ timestamp: now }), now)).toBe(step);
    expect(totpStepOf(secret, totp.generate({ timestamp: now - 30_000 }), now)).toBe(step - 1);
    expect(totpStepOf(secret, totp.generate({ timestamp: now + 30_000 }), now)).toBe(step + 1);
    expect(totpStepOf(secret, totp.generate({ timestamp: now + 90_000 }), now)).toBeNull();
  });

  test("recovery codes are ten characters without look-alikes, typed with or without the dash", () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(200);
    expect(recoveryCodeKey("ABCDE-fghij")).toBe(recoveryCodeKey("abcdefghij"));
  });
});
