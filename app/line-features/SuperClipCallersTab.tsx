// The callers tab of super clip (spec §4, §5): filter by period and number, a page of callers; cancel
// resets the filters to 1 Day and no number and reloads. Loaded with its data when the tab is first opened.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { Button, FieldError, Input, Label, TextField } from "react-aria-components";
import { typedNumber } from "../../common/account-rules.ts";
import { CALLER_PERIODS, NUMBER_MAX_LENGTH } from "../../common/constants.ts";
import { formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { isLineFeatureNumber } from "../../common/line-features-rules.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { callersUrl, FIRST_CALLER_FILTER, inputClass, linkButtonClass, type CallersAnswer } from "./super-clip.ts";
import { useTabData } from "./tab-data.ts";

const PERIOD_LABELS = ["superClip.periods.day", "superClip.periods.threeDays", "superClip.periods.week", "superClip.periods.threeWeeks", "superClip.periods.thirtyDays"] as const;

/** `initial`: the first page the page brought when it opened on this tab. */
export function CallersTab({ initial }: { initial?: CallersAnswer }) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  const timeZone = useOperatorTimeZone();
  const { data: answer, isLoading, load } = useTabData(initial, callersUrl(FIRST_CALLER_FILTER));
  const [period, setPeriod] = useState(FIRST_CALLER_FILTER.dateFilterType);
  const [number, setNumber] = useState(FIRST_CALLER_FILTER.gsmFilter);
  const [attempted, setAttempted] = useState(false);
  const invalid = number !== "" && !isLineFeatureNumber(number);
  const data = answer?.ok ? answer : null;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / data.size) - 1) : 0;
  // A page of the filters as they stand (an invalid number is left out: the pages buttons do not validate).
  const show = (page: number) => void load(callersUrl({ gsmFilter: invalid ? "" : number, dateFilterType: period, page }));

  function search(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (invalid || isLoading) return; // spec §5: an invalid non-empty filter blocks the search
    show(0);
  }
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={search} className="flex flex-wrap items-end gap-3" noValidate>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-bold">{t("superClip.period")}</span>
          <select value={period} onChange={(event) => setPeriod(Number(event.target.value))} className={inputClass}>
            {CALLER_PERIODS.map((option) => (
              <option key={option.id} value={option.id}>
                {t(PERIOD_LABELS[option.id]!)}
              </option>
            ))}
          </select>
        </label>
        <TextField value={number} onChange={(value) => setNumber(typedNumber(value))} isInvalid={attempted && invalid} className="flex flex-col gap-1">
          <Label className="text-sm font-bold">{t("superClip.callerNumber")}</Label>
          <Input dir="ltr" inputMode="numeric" maxLength={NUMBER_MAX_LENGTH} placeholder="09xxxxxxxx" className={inputClass} />
          <FieldError className="text-sm text-red-700">{t("validation.lineNumberInvalid")}</FieldError>
        </TextField>
        <Button type="submit" className="rounded-lg bg-brand-600 px-5 py-2 font-bold text-white">
          {t("superClip.search")}
        </Button>
        <Button
          onPress={() => {
            setPeriod(FIRST_CALLER_FILTER.dateFilterType);
            setNumber(FIRST_CALLER_FILTER.gsmFilter);
            setAttempted(false);
            void load(callersUrl(FIRST_CALLER_FILTER));
          }}
          isDisabled={isLoading}
          className="rounded-lg border-2 border-slate-300 px-5 py-2 font-bold text-slate-700"
        >
          {t("lineFeatureUi.cancel")}
        </Button>
      </form>
      {isLoading && !data ? <p role="status">{t("lineFeatureUi.loading")}</p> : null}
      {data ? (
        <>
          <p className="text-sm text-slate-600" role="status">{t("superClip.callersCount", { count: data.total })}</p>
          {data.data.length === 0 ? (
            <p className="text-slate-600">{t("superClip.noCallers")}</p>
          ) : (
            <table className="w-full text-start">
              <thead>
                <tr className="border-b border-slate-200 text-sm text-slate-600">
                  <th scope="col" className="py-2 text-start">{t("superClip.callerNumber")}</th>
                  <th scope="col" className="py-2 text-start">{t("superClip.callDate")}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((call, index) => (
                  <tr key={`${call.date}-${index}`} className="border-b border-slate-100">
                    <td className="py-2"><bdi dir="ltr">{call.number}</bdi></td>
                    <td className="py-2">{formatDateTime(language, call.date, timeZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {lastPage > 0 ? (
            <nav aria-label={t("superClip.pages")} className="flex items-center justify-between gap-3">
              <Button isDisabled={data.page === 0 || isLoading} onPress={() => show(data.page - 1)} className={linkButtonClass}>
                {t("superClip.previous")}
              </Button>
              <span>{t("superClip.pageOf", { page: data.page + 1, pages: lastPage + 1 })}</span>
              <Button isDisabled={data.page >= lastPage || isLoading} onPress={() => show(data.page + 1)} className={linkButtonClass}>
                {t("superClip.next")}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
