// A line's usage (issue 16): the last 30 or 90 days by day and kind, and its records page by page, from
// the charging port, whatever the driver. The number must be the caller's; the other party of a call or
// SMS is masked here, so the full number never leaves the server (API, page data, CSV).
import { USAGE_PAGE_SIZE, type UsagePeriodDays } from "../../common/charging.ts";
import { addDays, calendarDay } from "../../common/format.ts";
import type { AppServices } from "../services.ts";
import { assertLineOwned } from "./service.ts";
import type { UsageKind, UsagePeriod, UsageRecord } from "./types.ts";

export interface UsageDayView {
  /** yyyy-mm-dd in the operator's time zone */
  day: string;
  /** MB */
  data: number;
  /** seconds */
  voice: number;
  /** messages */
  sms: number;
  cost: number;
}

export interface UsageSummaryView {
  gsm: string;
  days: UsagePeriodDays;
  from: string;
  to: string;
  timeZone: string;
  /** Every day of the period, oldest first; a day without usage has zeros. */
  byDay: UsageDayView[];
  totals: { data: number; voice: number; sms: number; cost: number };
}

export interface UsageRecordView {
  id: string;
  /** ISO 8601 */
  startedAt: string;
  kind: UsageKind;
  /** data: MB; voice: seconds; sms: messages */
  amount: number;
  /** The number called or texted, masked (0944•••456); null for data. */
  otherParty: string | null;
  cost: number;
}

export interface UsageRecordsView {
  gsm: string;
  days: UsagePeriodDays;
  from: string;
  to: string;
  records: UsageRecordView[];
  page: number;
  pageSize: number;
  total: number;
}

/** What stands for a hidden digit. */
export const MASK = "•";

/**
 * The other party as shown: a number of 8 characters or more (national 09…, international +…) keeps its
 * first 4 and last 3 characters (0944•••456, +971•••••••567); a shorter one (a short code, a landline
 * without its area code) keeps only its last 2, so that nothing shorter than a whole number shows it
 * whole. Each hidden character is one mark, so the length stays readable.
 */
export function maskParty(number: string): string {
  const text = number.trim();
  if (text.length >= 8) return text.slice(0, 4) + MASK.repeat(text.length - 7) + text.slice(-3);
  if (text.length <= 2) return MASK.repeat(text.length);
  return MASK.repeat(text.length - 2) + text.slice(-2);
}

/** The last `days` calendar days ending today, in the operator's time zone. */
export function usagePeriod(services: AppServices, days: UsagePeriodDays, now = new Date()): UsagePeriod {
  const timeZone = services.config.OPERATOR_TIME_ZONE;
  const to = calendarDay(now, timeZone);
  return { from: addDays(to, 1 - days), to, timeZone };
}

const rounded = (value: number) => Math.round(value * 1000) / 1000;

export async function showUsageSummary(services: AppServices, accountId: number, gsm: string, days: UsagePeriodDays): Promise<UsageSummaryView> {
  await assertLineOwned(services, accountId, gsm);
  const period = usagePeriod(services, days);
  const stored = new Map((await services.charging.usageByDay(gsm, period)).map((day) => [day.day, day]));
  const byDay: UsageDayView[] = [];
  const totals = { data: 0, voice: 0, sms: 0, cost: 0 };
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const usage = stored.get(day);
    const view = { day, data: usage?.data ?? 0, voice: usage?.voice ?? 0, sms: usage?.sms ?? 0, cost: usage?.cost ?? 0 };
    byDay.push(view);
    totals.data += view.data;
    totals.voice += view.voice;
    totals.sms += view.sms;
    totals.cost += view.cost;
  }
  totals.data = rounded(totals.data);
  return { gsm, days, from: period.from, to: period.to, timeZone: period.timeZone, byDay, totals };
}

function recordView(record: UsageRecord): UsageRecordView {
  return {
    id: record.id,
    startedAt: record.startedAt.toISOString(),
    kind: record.kind,
    amount: record.amount,
    otherParty: record.otherParty === null ? null : maskParty(record.otherParty),
    cost: record.cost,
  };
}

export async function showUsageRecords(services: AppServices, accountId: number, gsm: string, days: UsagePeriodDays, page: number): Promise<UsageRecordsView> {
  await assertLineOwned(services, accountId, gsm);
  const period = usagePeriod(services, days);
  const { records, total } = await services.charging.usageRecords(gsm, period, { offset: (page - 1) * USAGE_PAGE_SIZE, limit: USAGE_PAGE_SIZE });
  return { gsm, days, from: period.from, to: period.to, records: records.map(recordView), page, pageSize: USAGE_PAGE_SIZE, total };
}

/** The most records one CSV holds (90 days of a heavy user fit; beyond it the newest are kept). */
export const USAGE_CSV_MAX_RECORDS = 50_000;
const CSV_BATCH = 1_000;

/** Every record of the period (newest first, up to USAGE_CSV_MAX_RECORDS), masked, read from the port in batches. */
export async function usageForCsv(services: AppServices, accountId: number, gsm: string, days: UsagePeriodDays): Promise<{ period: UsagePeriod; records: UsageRecordView[] }> {
  await assertLineOwned(services, accountId, gsm);
  const period = usagePeriod(services, days);
  const records: UsageRecordView[] = [];
  // Paged by what the port says there is (`total`), not by a short batch: a BSS may answer fewer records a
  // page than asked (its own page cap). A batch that brings nothing ends it, so a total that lies cannot loop.
  for (let offset = 0; offset < USAGE_CSV_MAX_RECORDS; ) {
    const batch = await services.charging.usageRecords(gsm, period, { offset, limit: Math.min(CSV_BATCH, USAGE_CSV_MAX_RECORDS - offset) });
    records.push(...batch.records.map(recordView));
    offset += batch.consumed;
    if (batch.consumed === 0 || offset >= batch.total) break;
  }
  return { period, records };
}
