import { describe, expect, it } from "vitest";
import { formatAmount, formatDate, formatNumber } from "./format.ts";

describe("formatAmount", () => {
  it("groups the digits and appends the currency suffix in both languages", () => {
    expect(formatAmount("en", 21000, "SYP")).toBe("21,000 SYP");
    expect(formatAmount("ar", 21000, "ل.س")).toMatch(/^21[,٬]000 ل\.س$/);
    expect(formatAmount("en", 1250.5, "SYP")).toBe("1,250.5 SYP");
  });
});

describe("formatNumber", () => {
  it("groups digits, keeps Western digits in Arabic and rounds to the fraction digits asked", () => {
    expect(formatNumber("en", 1500)).toBe("1,500");
    expect(formatNumber("ar", 1500)).toMatch(/^1[,٬]500$/);
    expect(formatNumber("en", 2.345, 1)).toBe("2.3");
    // A second call with other fraction digits is not answered by the first one's format.
    expect(formatNumber("en", 2.345)).toBe("2.345");
  });
});

describe("formatDate", () => {
  it("writes a calendar day with the month's name, in Western digits", () => {
    expect(formatDate("en", "2026-06-01")).toBe("1 June 2026");
    expect(formatDate("ar", "2026-06-01")).toBe("1 حزيران 2026");
  });
  it("never shifts the day, whatever the machine's time zone", () => {
    expect(formatDate("en", "2026-12-31")).toBe("31 December 2026");
  });
  it("leaves something that is not a date as it is", () => {
    expect(formatDate("en", "soon")).toBe("soon");
  });
});

describe("formatDateTime", () => {
  it("writes the day and the time in the time zone it is given, whatever the machine's", async () => {
    const { DEFAULT_OPERATOR_TIME_ZONE, formatDateTime } = await import("./format.ts");
    expect(formatDateTime("en", "2026-11-22T12:05:00Z", DEFAULT_OPERATOR_TIME_ZONE)).toBe("22 November 2026 at 15:05");
    expect(formatDateTime("ar", "2026-11-22T12:05:00Z", DEFAULT_OPERATOR_TIME_ZONE)).toContain("تشرين الثاني");
    // Another operator's zone: the same moment, another wall clock (and, near midnight, another day).
    expect(formatDateTime("en", "2026-11-22T12:05:00Z", "Asia/Dubai")).toBe("22 November 2026 at 16:05");
    expect(formatDateTime("en", "2026-11-22T21:05:00Z", "Asia/Dubai")).toBe("23 November 2026 at 01:05");
  });
});

describe("formatDayOf", () => {
  it("writes the day a moment falls on in the zone given, not its UTC day", async () => {
    const { formatDayOf } = await import("./format.ts");
    // 22:30 UTC on 22 November is 01:30 on the 23rd in Damascus.
    expect(formatDayOf("en", new Date("2026-11-22T22:30:00Z"), "Asia/Damascus")).toBe("23 November 2026");
    expect(formatDayOf("en", new Date("2026-11-22T22:30:00Z"), "UTC")).toBe("22 November 2026");
  });
});
