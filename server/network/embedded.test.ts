import { describe, expect, test } from "vitest";
import { simulatedLine } from "./embedded.ts";

const today = new Date("2026-11-22T10:00:00Z");

describe("the simulated network", () => {
  test("a number always gets the same line, and the two languages describe the same line", () => {
    const ar = simulatedLine("0944123456", "ar", today);
    const en = simulatedLine("0944123456", "en", today);
    expect(simulatedLine("0944123456", "ar", today)).toEqual(ar);
    expect(ar.name).toMatch(/[\u0621-\u064A]/);
    expect(en.name).toMatch(/^[A-Za-z -]+$/);
    expect(ar.lineType).toBe(en.lineType);
    expect(ar.balance).toBe(en.balance);
    expect(ar.activeBundles.map((bundle) => bundle.id)).toEqual(en.activeBundles.map((bundle) => bundle.id));
    expect(ar.activeBundles.map((bundle) => bundle.expiresOn)).toEqual(en.activeBundles.map((bundle) => bundle.expiresOn));
  });

  test("every line has 1–3 bundles expiring after today, and no service is made up (services are the features that are on)", () => {
    for (let i = 0; i < 50; i++) {
      const line = simulatedLine(`09450000${String(i).padStart(2, "0")}`, "en", today);
      expect(line.activeBundles.length).toBeGreaterThanOrEqual(1);
      expect(line.activeBundles.length).toBeLessThanOrEqual(3);
      expect(line).not.toHaveProperty("activeServices");
      for (const bundle of line.activeBundles) expect(bundle.expiresOn > "2026-11-22").toBe(true);
      expect(line.lineType === "prepaid" ? typeof line.balance : line.balance).toBe(line.lineType === "prepaid" ? "number" : null);
    }
  });
});
