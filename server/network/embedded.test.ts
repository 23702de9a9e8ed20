import { describe, expect, test } from "vitest";
import { simulatedLine } from "./embedded.ts";

describe("the simulated network", () => {
  test("a number always gets the same name, in both languages", () => {
    const ar = simulatedLine("0944123456", "ar");
    const en = simulatedLine("0944123456", "en");
    expect(simulatedLine("0944123456", "ar")).toEqual(ar);
    expect(ar.name).toMatch(/[\u0621-\u064A]/);
    expect(en.name).toMatch(/^[A-Za-z -]+$/);
  });

  test("the network makes up no plan, balance or bundle: those are the charging port's (server/charging/)", () => {
    for (let i = 0; i < 20; i++) {
      const line = simulatedLine(`09450000${String(i).padStart(2, "0")}`, "en");
      expect(Object.keys(line).sort()).toEqual(["gsm", "name"]);
    }
  });
});
