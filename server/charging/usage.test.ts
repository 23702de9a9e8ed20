import { describe, expect, test } from "vitest";
import { generateDemoUsage, DEMO_USAGE_DAYS } from "./demo-usage.ts";
import { csvCell, usageCsv } from "./usage-csv.ts";
import { addDays } from "../../common/format.ts";
import { maskParty } from "./usage.ts";

describe("the other party, masked", () => {
  test("a national number keeps its first 4 and last 3 digits", () => {
    expect(maskParty("0944123456")).toBe("0944•••456");
  });
  test("an international number keeps its first 4 and last 3 characters, one mark a hidden digit", () => {
    expect(maskParty("+971501234567")).toBe("+971••••••567");
  });
  test("a short number keeps only its last 2 digits; a tiny one shows nothing", () => {
    expect(maskParty("1234567")).toBe("•••••67");
    expect(maskParty("150")).toBe("•50");
    expect(maskParty("12")).toBe("••");
  });
  test("the hidden digits never appear", () => {
    for (const number of ["0944123456", "+963944987654", "0112345678"]) {
      const masked = maskParty(number);
      expect(masked).not.toContain(number.slice(4, -3));
      expect(masked).toHaveLength(number.length);
    }
  });
});

describe("CSV cells", () => {
  test("a text a spreadsheet would run as a formula gets a leading quote mark", () => {
    for (const formula of ["=1+1", "+971•••567", "-2+3", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(formula).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    expect(csvCell("0944•••456")).toBe("0944•••456");
    expect(csvCell(-5)).toBe("-5");
  });
  test("commas, quotes and line breaks are quoted", () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
  test("the file starts with a byte order mark and has the header in the page's language", () => {
    const records = [{ id: "1", startedAt: "2026-11-24T11:05:09.000Z", kind: "voice" as const, amount: 75, otherParty: "0944•••456", cost: 40 }];
    const ar = usageCsv("ar", records, { timeZone: "Asia/Damascus", currency: "ل.س" });
    expect(ar.startsWith("\uFEFF")).toBe(true);
    expect(ar.split("\r\n")[0]).toContain("الطرف الآخر");
    expect(ar.split("\r\n")[1]).toBe("2026-11-24 14:05:09,المكالمات,75,ثانية,0944•••456,40");
    const en = usageCsv("en", records, { timeZone: "Asia/Damascus", currency: "SYP" });
    expect(en.split("\r\n")[0]).toBe("\uFEFFDate and time,Kind,Amount,Unit,Other party,Cost (SYP)");
  });
});

describe("demo usage", () => {
  test("is the same for the same number and day, differs between numbers, and covers every one of the 90 days", () => {
    const first = generateDemoUsage("0944123456", "2026-11-24");
    expect(generateDemoUsage("0944123456", "2026-11-24")).toEqual(first);
    expect(generateDemoUsage("0955123456", "2026-11-24")).not.toEqual(first);
    expect(new Set(first.map((row) => row.daysBack)).size).toBe(DEMO_USAGE_DAYS);
    expect(new Set(first.filter((row) => row.kind === "voice").map((row) => row.otherParty)).size).toBeGreaterThan(3);
    expect(first.every((row) => (row.kind === "data") === (row.otherParty === null))).toBe(true);
  });
  test("weekend days (Friday, Saturday) carry more data sessions than weekdays on average", () => {
    const rows = generateDemoUsage("0966123456", "2026-11-24");
    const weekday = (daysBack: number) => new Date(Date.parse(`${addDays("2026-11-24", -daysBack)}T00:00:00Z`)).getUTCDay();
    const sessions = (weekend: boolean) => {
      const days = new Set<number>();
      let count = 0;
      for (const row of rows.filter((each) => each.kind === "data")) {
        const isWeekend = [5, 6].includes(weekday(row.daysBack));
        if (isWeekend !== weekend) continue;
        days.add(row.daysBack);
        count++;
      }
      return count / days.size;
    };
    expect(sessions(true)).toBeGreaterThan(sessions(false));
  });
});
