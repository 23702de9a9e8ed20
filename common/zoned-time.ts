// Wall-clock times in the operator's zone (OPERATOR_TIME_ZONE): the console's schedule fields are
// `datetime-local` inputs, which carry no zone; the server reads and shows them in the operator's.

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(moment: number, timeZone: string): Record<string, number> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(new Date(moment)).filter((part) => part.type !== "literal").map((part) => [part.type, Number(part.value)]));
}

/** The zone's offset from UTC at `moment`, in milliseconds. */
function offsetAt(moment: number, timeZone: string): number {
  const parts = partsIn(moment, timeZone);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(moment / 1000) * 1000;
}

/** `2026-12-01T09:30`, or with seconds (`…:30:15`) as an input with `step="1"` sends it. */
export const LOCAL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant of a wall-clock time (`2026-12-01T09:30`) in `timeZone`. */
export function instantOfLocalTime(local: string, timeZone: string): Date {
  const match = LOCAL_TIME_PATTERN.exec(local);
  if (!match) throw new RangeError("not a local time");
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guess, then once more at the corrected guess (a DST change near that time).
  let guess = asUtc - offsetAt(asUtc, timeZone);
  guess = asUtc - offsetAt(guess, timeZone);
  return new Date(guess);
}

/** The wall-clock time of `instant` in `timeZone`, as a `datetime-local` input holds it. */
export function localTimeOf(instant: Date, timeZone: string): string {
  const parts = partsIn(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${parts.year}-${pad(parts.month!)}-${pad(parts.day!)}T${pad(parts.hour!)}:${pad(parts.minute!)}`;
}
