// The clock that says when content starts and ends: the scheduler's sweep, the console's schedule, publish,
// take-down and rollback, an import's "end still to come", and the offers running today (the offer pages,
// the home page, the API, the sitemap). In production it is the real clock. Tests move it instead of waiting:
// CONTENT_CLOCK_FILE (refused by loadConfig when NODE_ENV=production) names a file holding how many seconds
// the clock runs ahead of the real one, read again on every use, so every instance that names the same file
// follows a move at its next sweep and its next page.
import { readFileSync } from "node:fs";
import path from "node:path";
import { calendarDay } from "../../common/format.ts";
import type { AppServices } from "../services.ts";

/** Now, as the content's rules see it. */
export type Clock = () => Date;

export const realClock: Clock = () => new Date();

/** `file` unset: the real clock; set: the real clock moved by the seconds the file holds (none or empty: 0). */
export function contentClock(file: string | undefined): Clock {
  if (!file) return realClock;
  const absolute = path.resolve(file);
  return () => new Date(Date.now() + offsetSecondsIn(absolute) * 1000);
}

function offsetSecondsIn(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  if (text === "") return 0;
  // A half-written number would move the clock somewhere unintended: refused rather than guessed.
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) throw new Error(`CONTENT_CLOCK_FILE ${file} must hold a number of seconds, not ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** Today in the operator's zone by the content clock (yyyy-mm-dd): the day offers are running on. */
export function contentToday(services: Pick<AppServices, "contentClock" | "config">): string {
  return calendarDay(services.contentClock(), services.config.OPERATOR_TIME_ZONE);
}
