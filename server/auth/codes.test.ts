import { describe, expect, test } from "vitest";
import { isolateForSms } from "../../common/bidi.ts";
import { codeMatches, codeMessage, generateCode, hashCode, lockSeconds } from "./codes.ts";

const key = Buffer.alloc(32, 7);

describe("one-time codes", () => {
  test("are six digits, leading zeros kept, and vary", () => {
    const codes = Array.from({ length: 200 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  test("verify only for the number and purpose they were made for", () => {
    const stored = hashCode(key, "0944123456", "login", "123456");
    expect(stored).not.toContain("123456");
    expect(codeMatches(key, "0944123456", "login", "123456", stored)).toBe(true);
    expect(codeMatches(key, "0944123456", "login", "123457", stored)).toBe(false);
    expect(codeMatches(key, "0944123457", "login", "123456", stored)).toBe(false);
    expect(codeMatches(key, "0944123456", "register", "123456", stored)).toBe(false);
    expect(codeMatches(Buffer.alloc(32, 8), "0944123456", "login", "123456", stored)).toBe(false);
    expect(codeMatches(key, "0944123456", "login", "123456", "abcd")).toBe(false);
  });

  test("the SMS text holds the code as its only six-digit run, in either language", () => {
    for (const language of ["ar", "en"] as const) {
      const text = codeMessage(language, "012345", 300);
      expect(text.match(/\d{6,}/g)).toEqual(["012345"]);
    }
    expect(codeMessage("ar", "012345", 300)).toMatch(/[\u0621-\u064A]/);
    expect(codeMessage("en", "012345", 300)).not.toMatch(/[\u0621-\u064A]/);
  });

  test("the Arabic SMS fits one UCS-2 part (70 characters) whatever the validity, with nothing left in it that could come apart (isolateForSms)", () => {
    for (const seconds of [60, 300, 600, 3600]) {
      const arabic = codeMessage("ar", "012345", seconds);
      expect(arabic.length, arabic).toBeLessThanOrEqual(70);
      expect(isolateForSms(arabic)).toBe(arabic);
    }
  });

  test("each lock of a series waits longer, up to a day", () => {
    expect([1, 2, 3, 4, 5, 9].map(lockSeconds)).toEqual([900, 3600, 14400, 57600, 86400, 86400]);
  });
});
