// How amounts and dates read on the site, in the page's language. Every screen that shows a price,
// a balance or a date goes through here (bundle prices, line-feature fees, profile balance, …).
import type { Language } from "./language.ts";

/** Locales behind our two languages: Levantine Arabic month names, Western digits like the rest of the site. */
const LOCALES: Record<Language, string> = { ar: "ar-SY-u-nu-latn", en: "en-GB" };

const numberFormats = new Map<string, Intl.NumberFormat>();

/** "1,500" / "2.5": a plain number in the page's language (Intl formats are costly to build: kept). */
export function formatNumber(language: Language, value: number, maximumFractionDigits = 3): string {
  const key = `${language} ${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits })));
  return format.format(value);
}

/** "21,000 SYP" / "21,000 ل.س": the amount grouped, then the configured currency suffix. */
export function formatAmount(language: Language, amount: number, currencySuffix: string): string {
  return `${formatNumber(language, amount, 2)} ${currencySuffix}`;
}

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** "1 June 2026" / "1 حزيران 2026" from a yyyy-mm-dd date (a calendar day, no time zone shift). */
export function formatDate(language: Language, isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  let format = dateFormats.get(language);
  if (!format) dateFormats.set(language, (format = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone: "UTC" })));
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "22 November 2026, 14:05" in the page's language, in `timeZone`: the operator's (the server's OPERATOR_TIME_ZONE,
 * which pages read from the shell's data, useOperatorTimeZone), the same on the server and in the browser.
 */
export function formatDateTime(language: Language, iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const key = `${language} ${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeStyle: "short", timeZone })));
  return format.format(time);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-mm-dd `count` days after (or before, when negative) the calendar day `day` (yyyy-mm-dd). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** yyyy-mm-dd: the calendar day a moment falls on in `timeZone` (what formatDate reads). */
export function calendarDay(moment: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone })));
  return format.format(moment);
}

/**
 * "23 November 2026": the day a moment falls on in `timeZone`, written as formatDate writes a day (formatDate of a
 * timestamp would read its UTC day).
 */
export function formatDayOf(language: Language, moment: Date, timeZone: string): string {
  return formatDate(language, calendarDay(moment, timeZone));
}

/** The operator's time zone when OPERATOR_TIME_ZONE does not say another (server/config.ts). */
export const DEFAULT_OPERATOR_TIME_ZONE = "Asia/Damascus";

const shortDateFormats = new Map<Language, Intl.DateTimeFormat>();

/** "24 Nov" / "24 تشرين الثاني" from a yyyy-mm-dd date: a chart's axis, where the year is said elsewhere. */
export function formatShortDate(language: Language, isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  let format = shortDateFormats.get(language);
  if (!format) shortDateFormats.set(language, (format = new Intl.DateTimeFormat(LOCALES[language], { day: "numeric", month: "short", timeZone: "UTC" })));
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}
