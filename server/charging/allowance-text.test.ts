import { describe, expect, test } from "vitest";
import { allowanceLeft } from "./allowance-text.ts";

describe("what is left of an allowance, as text", () => {
  test("in both languages, with the unit's plural", () => {
    expect(allowanceLeft("en", { kind: "data", unit: "GB", total: 5, remaining: 3.5 })).toBe("3.5 GB left of 5 GB");
    expect(allowanceLeft("en", { kind: "voice", unit: "min", total: 100, remaining: 1 })).toBe("1 minute left of 100 minutes");
    expect(allowanceLeft("ar", { kind: "data", unit: "GB", total: 5, remaining: 3.5 })).toMatch(/^متبقٍ .*3\.5.* من .*5/);
  });

  test("an unlimited allowance says so", () => {
    expect(allowanceLeft("en", { kind: "voice", unit: "unlimited", total: null, remaining: null })).toBe("Unlimited minutes");
  });
});
