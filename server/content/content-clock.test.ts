// The content clock: the real one, or the real one moved by the seconds a test writes in CONTENT_CLOCK_FILE,
// read again on each use (every instance naming the file follows a move), and the operator's day by it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadConfig } from "../config.ts";
import { contentClock, contentToday, realClock } from "./content-clock.ts";

const HOUR_MS = 3_600_000;
let folder: string;
let file: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "content-clock-"));
  file = path.join(folder, "clock");
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Whether `moment` is `expectedMs` from now, give or take the time the test takes. */
const expectAhead = (moment: Date, expectedMs: number) => expect(Math.abs(moment.getTime() - Date.now() - expectedMs)).toBeLessThan(2_000);

describe("the content clock", () => {
  test("without a file setting it is the real clock", () => {
    expect(contentClock(undefined)).toBe(realClock);
    expectAhead(contentClock(undefined)(), 0);
  });

  test("a file not written yet, or empty, moves nothing", () => {
    const clock = contentClock(file);
    expectAhead(clock(), 0);
    writeFileSync(file, "  \n");
    expectAhead(clock(), 0);
  });

  test("follows each move of the file at its next reading, forward and back, by whole or fractional seconds", () => {
    const clock = contentClock(file);
    const other = contentClock(file);
    writeFileSync(file, `${26 * 3600}\n`);
    expectAhead(clock(), 26 * HOUR_MS);
    // A second instance reading the same file agrees.
    expectAhead(other(), 26 * HOUR_MS);
    writeFileSync(file, "-1.5");
    expectAhead(clock(), -1_500);
  });

  test("a file that does not hold a number of seconds is an error naming it, not a guess", () => {
    writeFileSync(file, "tomorrow");
    expect(() => contentClock(file)()).toThrow(/CONTENT_CLOCK_FILE .*clock must hold a number of seconds/);
  });

  test("today is the operator's day by that clock", () => {
    const config = loadConfig({ OPERATOR_TIME_ZONE: "Asia/Damascus" });
    // 22:30 UTC on 1 March is already 2 March in Damascus (UTC+3).
    const at = (iso: string) => () => new Date(iso);
    expect(contentToday({ config, contentClock: at("2027-03-01T22:30:00Z") })).toBe("2027-03-02");
    expect(contentToday({ config, contentClock: at("2027-03-01T20:30:00Z") })).toBe("2027-03-01");
  });
});
