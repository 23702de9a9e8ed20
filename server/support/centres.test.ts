import { describe, expect, it } from "vitest";
import { isOpenAt, localDayAndMinute } from "./centres.ts";

const weekdays = [{ days: [0, 1, 2, 3, 4], open: "08:30", close: "20:00" }, { days: [6], open: "09:00", close: "14:00" }];

describe("opening hours in the operator's time zone", () => {
  it("reads the day and time in the zone, not the server's", () => {
    // 2026-11-22 is a Sunday; 06:00 UTC is 09:00 in Damascus (UTC+3).
    expect(localDayAndMinute(new Date("2026-11-22T06:00:00Z"), "Asia/Damascus")).toEqual({ day: 0, minute: 9 * 60 });
    // 22:30 UTC on Saturday is already Sunday 01:30 in Damascus.
    expect(localDayAndMinute(new Date("2026-11-21T22:30:00Z"), "Asia/Damascus")).toEqual({ day: 0, minute: 90 });
  });

  it("is open within a slot and closed outside it, on Friday, and at closing time", () => {
    expect(isOpenAt(weekdays, new Date("2026-11-22T06:00:00Z"), "Asia/Damascus")).toBe(true);
    expect(isOpenAt(weekdays, new Date("2026-11-22T05:00:00Z"), "Asia/Damascus")).toBe(false); // 08:00
    expect(isOpenAt(weekdays, new Date("2026-11-22T17:00:00Z"), "Asia/Damascus")).toBe(false); // 20:00 sharp
    expect(isOpenAt(weekdays, new Date("2026-11-27T09:00:00Z"), "Asia/Damascus")).toBe(false); // Friday
    expect(isOpenAt(weekdays, new Date("2026-11-28T08:00:00Z"), "Asia/Damascus")).toBe(true); // Saturday 11:00
  });
});
