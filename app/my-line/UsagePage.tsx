// The body of /my-line/usage: the period (30 or 90 days, as links), the totals per kind, a bar chart of one
// kind per day (the kind chosen by links) with its table alternative, and the records page by page with a
// CSV download. The chart is server-rendered CSS bars in the page's direction: the days run from the start
// side, so the oldest day is at the right in Arabic and at the left in English. For screen readers the
// chart is one image with a spoken summary, and the table right after it holds every day's numbers.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAmount, formatDate, formatDateTime, formatNumber, formatShortDate } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import type { UsageDayView, UsageRecordsView, UsageSummaryView } from "../../server/charging/usage.ts";
import { useTranslation } from "../i18n/react.ts";
import type { PageHeading } from "../pages/page.server.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { USAGE_CSV_PATH, USAGE_KINDS, usagePath, type UsageChartKind } from "./paths.ts";

export interface UsagePageProps {
  heading: PageHeading;
  kind: UsageChartKind;
  summary: UsageSummaryView;
  records: UsageRecordsView;
}

const cardClass = "flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-5";
const cardTitleClass = "text-lg font-bold text-brand-800";
const choiceClass = "rounded-full px-4 py-2 font-bold ring-1 ring-brand-200";
const chosenClass = "bg-brand-700 text-white";
const notChosenClass = "bg-white text-brand-700 hover:bg-brand-50";
const ltr = (value: ReactNode) => <bdi dir="ltr">{value}</bdi>;
/** Text with words of the page's language (a date, "12 دقيقة") kept whole: isolated, its own direction. */
const whole = (value: ReactNode) => <bdi>{value}</bdi>;

/** How each kind's figures read: data in MB (GB from 1,024 MB), calls in minutes, messages counted. */
function useFigures() {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const unit = (name: "GB" | "MB" | "min" | "sms", value: number, digits: number) =>
    t(`bundles.units.${name}`, { count: value, amount: formatNumber(language, value, digits) });
  const data = (megabytes: number) => (megabytes >= 1024 ? unit("GB", Math.round((megabytes / 1024) * 100) / 100, 2) : unit("MB", Math.round(megabytes * 10) / 10, 1));
  const minutes = (seconds: number) => unit("min", Math.round((seconds / 60) * 10) / 10, 1);
  const messages = (count: number) => unit("sms", count, 0);
  const of = (kind: UsageChartKind, value: number) => (kind === "data" ? data(value) : kind === "voice" ? minutes(value) : messages(value));
  const duration = (seconds: number) => t("usage.duration", { minutes: formatNumber(language, Math.floor(seconds / 60)), seconds: formatNumber(language, seconds % 60) });
  const money = (value: number) => formatAmount(language, value, currencySuffix);
  const timeZone = useOperatorTimeZone();
  /** A moment, in the operator's time zone. */
  const moment = (iso: string) => formatDateTime(language, iso, timeZone);
  return { data, minutes, messages, of, duration, money, moment, language };
}

function Choices({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">{children}</ul>
    </nav>
  );
}

function Choice({ to, chosen, children }: { to: string; chosen: boolean; children: ReactNode }) {
  return (
    <li>
      <Link to={to} aria-current={chosen ? "page" : undefined} className={`${choiceClass} ${chosen ? chosenClass : notChosenClass} inline-block`}>
        {children}
      </Link>
    </li>
  );
}

function Totals({ summary }: { summary: UsageSummaryView }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const row = (label: string, value: string, testId: string) => (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg bg-brand-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-bold text-brand-900" data-testid={testId}>{whole(value)}</dd>
    </div>
  );
  return (
    <section aria-labelledby="usage-totals" className={cardClass}>
      <h2 id="usage-totals" className={cardTitleClass}>{t("usage.totalsTitle")}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {row(t("usage.kinds.data"), figures.data(summary.totals.data), "total-data")}
        {row(t("usage.kinds.voice"), figures.minutes(summary.totals.voice), "total-voice")}
        {row(t("usage.kinds.sms"), figures.messages(summary.totals.sms), "total-sms")}
        {row(t("usage.cost"), figures.money(summary.totals.cost), "total-cost")}
      </dl>
    </section>
  );
}

function Chart({ summary, kind }: { summary: UsageSummaryView; kind: UsageChartKind }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const { language } = figures;
  const values = summary.byDay.map((day) => day[kind]);
  const highest = Math.max(0, ...values);
  const highestDay = summary.byDay[values.indexOf(highest)];
  const span = { kind: t(`usage.kinds.${kind}`), from: formatDate(language, summary.from), to: formatDate(language, summary.to) };
  const spoken =
    highest > 0 && highestDay
      ? t("usage.chartSummary", { ...span, total: figures.of(kind, summary.totals[kind]), max: figures.of(kind, highest), maxDay: formatDate(language, highestDay.day) })
      : t("usage.chartSummaryEmpty", span);
  return (
    <div className="flex flex-col gap-1">
      {/* One bar a day, oldest first in the page's direction; the table below is what screen readers read. */}
      <div role="img" aria-label={spoken} data-testid="usage-chart" className="flex h-40 items-end gap-px border-b border-slate-400 sm:gap-0.5">
        {summary.byDay.map((day) => (
          <div
            key={day.day}
            data-testid="usage-bar"
            data-day={day.day}
            data-value={day[kind]}
            className="min-w-0 flex-1 rounded-t-sm bg-brand-600"
            style={{ height: highest > 0 ? `${(day[kind] / highest) * 100}%` : "0" }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-700">
        <span data-testid="axis-from">{whole(formatShortDate(language, summary.from))}</span>
        <span data-testid="axis-to">{whole(formatShortDate(language, summary.to))}</span>
      </div>
    </div>
  );
}

function DayTable({ summary }: { summary: UsageSummaryView }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const { language } = figures;
  const caption = t("usage.tableCaption", { from: formatDate(language, summary.from), to: formatDate(language, summary.to) });
  const cell = "p-2 whitespace-nowrap";
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="cursor-pointer p-3 font-bold text-brand-700">{t("usage.tableToggle")}</summary>
      {/* Wider than a phone: the region scrolls, so it takes focus for keyboard scrolling. */}
      <div role="group" aria-label={caption} tabIndex={0} className="max-h-96 overflow-auto">
        <table className="w-full text-start text-sm" data-testid="usage-day-table">
          <caption className="p-2 text-start text-slate-700">{caption}</caption>
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              <th scope="col" className={`${cell} text-start`}>{t("usage.day")}</th>
              <th scope="col" className={`${cell} text-start`}>{t("usage.kinds.data")}</th>
              <th scope="col" className={`${cell} text-start`}>{t("usage.kinds.voice")}</th>
              <th scope="col" className={`${cell} text-start`}>{t("usage.kinds.sms")}</th>
              <th scope="col" className={`${cell} text-start`}>{t("usage.cost")}</th>
            </tr>
          </thead>
          <tbody>
            {summary.byDay.map((day: UsageDayView) => (
              <tr key={day.day} data-day={day.day} className="border-t border-slate-200">
                <th scope="row" className={`${cell} text-start font-normal`}>{whole(formatDate(language, day.day))}</th>
                <td className={cell}>{whole(figures.data(day.data))}</td>
                <td className={cell}>{whole(figures.minutes(day.voice))}</td>
                <td className={cell}>{whole(figures.messages(day.sms))}</td>
                <td className={cell}>{ltr(figures.money(day.cost))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Records({ records, kind }: { records: UsageRecordsView; kind: UsageChartKind }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const { language } = figures;
  const pages = Math.max(1, Math.ceil(records.total / records.pageSize));
  const cell = "p-2 whitespace-nowrap";
  const amountOf = (record: UsageRecordsView["records"][number]) =>
    record.kind === "data" ? figures.data(record.amount) : record.kind === "voice" ? figures.duration(record.amount) : figures.messages(record.amount);
  return (
    <section aria-labelledby="usage-records" className={cardClass}>
      <h2 id="usage-records" className={cardTitleClass}>{t("usage.recordsTitle")}</h2>
      {records.records.length === 0 ? (
        <p className="text-slate-700">{t("usage.noRecords")}</p>
      ) : (
        <div role="group" aria-label={t("usage.recordsCaption")} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-start text-sm" data-testid="usage-records">
            <caption className="p-2 text-start text-slate-700">{t("usage.recordsCaption")}</caption>
            <thead className="bg-brand-50 text-brand-900">
              <tr>
                <th scope="col" className={`${cell} text-start`}>{t("usage.startedAt")}</th>
                <th scope="col" className={`${cell} text-start`}>{t("usage.kind")}</th>
                <th scope="col" className={`${cell} text-start`}>{t("usage.amount")}</th>
                <th scope="col" className={`${cell} text-start`}>{t("usage.otherParty")}</th>
                <th scope="col" className={`${cell} text-start`}>{t("usage.cost")}</th>
              </tr>
            </thead>
            <tbody>
              {records.records.map((record) => (
                <tr key={record.id} data-started-at={record.startedAt} className="border-t border-slate-200">
                  <th scope="row" className={`${cell} text-start font-normal`}>{whole(figures.moment(record.startedAt))}</th>
                  <td className={cell}>{t(`usage.kinds.${record.kind}`)}</td>
                  <td className={cell}>{whole(amountOf(record))}</td>
                  <td className={cell}>{record.otherParty === null ? "—" : <bdi dir="ltr">{record.otherParty}</bdi>}</td>
                  <td className={cell}>{ltr(figures.money(record.cost))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t("usage.pages")} className="flex flex-wrap items-center justify-between gap-3">
        {records.page > 1 ? (
          <Link rel="prev" to={usagePath({ days: records.days, kind, page: Math.min(records.page - 1, pages) })} className="font-bold text-brand-700 underline">
            {t("usage.previous")}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-slate-700">{t("usage.pageOf", { page: formatNumber(language, records.page), pages: formatNumber(language, pages) })}</span>
        {records.page < pages ? (
          <Link rel="next" to={usagePath({ days: records.days, kind, page: records.page + 1 })} className="font-bold text-brand-700 underline">
            {t("usage.next")}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </section>
  );
}

export function UsagePage({ heading, kind, summary, records }: UsagePageProps) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  return (
    <SectionPage heading={heading}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            {t("myLine.number")}: <span className="font-bold" data-testid="usage-number">{ltr(summary.gsm)}</span>
          </p>
          <Choices label={t("usage.periods")}>
            {[30, 90].map((days) => (
              <Choice key={days} to={usagePath({ days, kind })} chosen={summary.days === days}>
                {t("usage.lastDays", { count: days })}
              </Choice>
            ))}
          </Choices>
        </div>
        <p className="text-slate-700">{t("usage.periodText", { from: formatDate(language, summary.from), to: formatDate(language, summary.to) })}</p>
        <Totals summary={summary} />
        <section aria-labelledby="usage-chart-title" className={cardClass}>
          <h2 id="usage-chart-title" className={cardTitleClass}>{t("usage.chartTitle")}</h2>
          <Choices label={t("usage.chartKinds")}>
            {USAGE_KINDS.map((each) => (
              <Choice key={each} to={usagePath({ days: summary.days, kind: each, page: records.page })} chosen={kind === each}>
                {t(`usage.kinds.${each}`)}
              </Choice>
            ))}
          </Choices>
          <Chart summary={summary} kind={kind} />
          <DayTable summary={summary} />
        </section>
        <Records records={records} kind={kind} />
        {/* A file, not a page: the browser downloads it (no client-side navigation). */}
        <a href={`${USAGE_CSV_PATH}?days=${summary.days}`} download className="self-start rounded-lg border-2 border-brand-700 px-4 py-2 font-bold text-brand-700 hover:bg-brand-50">
          {t("usage.download")}
        </a>
      </div>
    </SectionPage>
  );
}
