// The CSV download of a line's usage (/my-line/usage.csv): UTF-8 with a byte order mark so that Excel
// reads Arabic, the header row in the page's language, one record a row (the other party masked), and
// every cell guarded against formula injection.
import type { Language } from "../../common/language.ts";
import type { TFunction } from "../../common/message-key.ts";
import { translate } from "../i18n.ts";
import type { UsageRecordView } from "./usage.ts";

const BOM = "\uFEFF";

/**
 * One CSV cell: a text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return) gets a leading ' (OWASP's advice); a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const stampFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-24 14:05:09" in the operator's time zone: what a spreadsheet reads as a date and time. */
function stamp(iso: string, timeZone: string): string {
  let format = stampFormats.get(timeZone);
  if (!format) {
    stampFormats.set(timeZone, (format = new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })));
  }
  return format.format(new Date(iso));
}

export function usageCsv(language: Language, records: UsageRecordView[], options: { timeZone: string; currency: string }): string {
  const t: TFunction = (key, ...values) => translate(language, key, ...values);
  const header = [t("usage.csv.startedAt"), t("usage.csv.kind"), t("usage.csv.amount"), t("usage.csv.unit"), t("usage.csv.otherParty"), t("usage.csv.cost", { currency: options.currency })];
  const lines = [header.map(csvCell).join(",")];
  for (const record of records) {
    lines.push(
      [stamp(record.startedAt, options.timeZone), t(`usage.kinds.${record.kind}`), record.amount, t(`usage.csv.units.${record.kind}`), record.otherParty ?? "", record.cost].map(csvCell).join(","),
    );
  }
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
