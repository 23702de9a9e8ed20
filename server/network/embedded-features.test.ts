import { describe, expect, it } from "vitest";
import { CALLER_PERIODS, LINE_FEATURE_NUMBER_PATTERN } from "../../common/constants.ts";
import { simulatedCallers } from "./embedded-features.ts";
import { simulatedNationalId } from "./embedded-lines.ts";

const now = new Date("2026-11-22T12:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the simulated caller history", () => {
  it("is the same for a number every time, and different for another number", () => {
    expect(simulatedCallers("0944123456", now)).toEqual(simulatedCallers("0944123456", now));
    expect(simulatedCallers("0944123457", now)).not.toEqual(simulatedCallers("0944123456", now));
  });

  it("shows a different number of calls for every period filter, all within 30 days, from valid local numbers", () => {
    for (const gsm of ["0944123456", "0955000001", "0966999999", "0977123123"]) {
      const calls = simulatedCallers(gsm, now);
      const counts = CALLER_PERIODS.map(({ days }) => calls.filter((call) => call.calledAt.getTime() > now.getTime() - days * DAY_MS).length);
      expect(counts[0]).toBeGreaterThan(0);
      for (let i = 1; i < counts.length; i++) expect(counts[i], `period ${i} of ${gsm}: ${counts.join(",")}`).toBeGreaterThan(counts[i - 1]!);
      expect(counts.at(-1)).toBe(calls.length);
      for (const call of calls) expect(call.caller).toMatch(LINE_FEATURE_NUMBER_PATTERN);
      // A handful of callers that call again, so the number filter finds several calls.
      expect(new Set(calls.map((call) => call.caller)).size).toBeLessThanOrEqual(6);
    }
  });
});

describe("the simulated national ID", () => {
  it("has 11 digits and is a function of the number", () => {
    expect(simulatedNationalId("0944123456")).toMatch(/^[1-9]\d{10}$/);
    expect(simulatedNationalId("0944123456")).toBe(simulatedNationalId("0944123456"));
    expect(simulatedNationalId("0944123457")).not.toBe(simulatedNationalId("0944123456"));
  });
});
