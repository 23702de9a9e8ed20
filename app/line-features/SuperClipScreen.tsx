// The super clip screen (spec §2, §4, §5): the feature card with a note and three tabs. Status: four
// option switches (toggling the main switch jumps here). Reply: the general auto-reply and exceptions
// (message + numbers; stored numbers stay, new ones can be removed; the add button shows only for a valid
// number). Callers: filter by period and number, a page of callers. Reply and callers load on first visit;
// cancel reloads a tab (on callers it also resets the filters to 1 Day and no number).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { Button, FieldError, Input, Label, Switch, Tab, TabList, TabPanel, Tabs, TextArea, TextField } from "react-aria-components";
import { typedNumber } from "../../common/account-rules.ts";
import { CALLER_PERIODS, NUMBER_MAX_LENGTH, OPTION_TYPES } from "../../common/constants.ts";
import { formatDateTime } from "../../common/format.ts";
import { AUTO_REPLY_MESSAGE_MAX, isLineFeatureNumber } from "../../common/line-features-rules.ts";
import type { AutoReply, CallerPage, FeatureView } from "../../server/line-features/types.ts";
import { useShell } from "../shell/ShellContext.tsx";
import type { FeatureAnswer } from "./feature-actions.server.ts";
import { FeatureCard, FormButtons, OPTION_LABELS, OptionsBlock, SwitchTrack, switchClass, useSaveAnswer } from "./FeatureCard.tsx";

export const SUPER_CLIP_INTENT = { status: "status", reply: "reply" } as const;
const REPLY_PATH = "/line-features/super-clip/reply";
const CALLERS_PATH = "/line-features/super-clip/callers";
const PERIOD_LABELS = ["superClip.periods.day", "superClip.periods.threeDays", "superClip.periods.week", "superClip.periods.threeWeeks", "superClip.periods.thirtyDays"] as const;
type TabKey = "status" | "reply" | "callers";

const inputClass = "rounded-lg border-2 border-slate-300 px-3 py-2 focus:border-brand-600 aria-[invalid=true]:border-red-600";
const linkButtonClass = "font-bold text-brand-700 underline data-[disabled]:opacity-50";

export function SuperClipScreen({ feature }: { feature: FeatureView }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>("status");
  const [visited, setVisited] = useState<Set<TabKey>>(() => new Set(["status"]));
  const [isOn, setIsOn] = useState(feature.serviceState === 1);
  useEffect(() => setIsOn(feature.serviceState === 1), [feature]);
  const deactivated = feature.lineState === "deactivated";

  function select(key: TabKey) {
    setTab(key);
    setVisited((current) => (current.has(key) ? current : new Set([...current, key])));
  }
  function toggleService(on: boolean) {
    setIsOn(on);
    select("status"); // spec §4: toggling the main switch jumps to the status tab
  }

  return (
    <FeatureCard feature={feature} isOn={isOn} onToggle={toggleService} isSaving={false} isLoading={false} onCancel={() => {}} footer={false} blockOptions={false}>
      <p className="rounded-lg bg-brand-50 p-3 text-slate-800">{t("superClip.note")}</p>
      <Tabs selectedKey={tab} onSelectionChange={(key) => select(key as TabKey)} className="flex flex-col gap-4">
        <TabList aria-label={t("superClip.tabs")} className="flex gap-2 border-b border-slate-200">
          {(["status", "reply", "callers"] as const).map((key) => (
            <Tab
              key={key}
              id={key}
              className="cursor-pointer border-b-4 border-transparent px-4 py-2 font-bold text-slate-600 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-brand-600 data-[selected]:text-brand-800"
            >
              {t(`superClip.tab.${key}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="status">
          <StatusTab feature={feature} isOn={isOn} onToggle={setIsOn} deactivated={deactivated} />
        </TabPanel>
        <TabPanel id="reply">{visited.has("reply") ? <ReplyTab deactivated={deactivated} /> : null}</TabPanel>
        <TabPanel id="callers">{visited.has("callers") ? <CallersTab /> : null}</TabPanel>
      </Tabs>
    </FeatureCard>
  );
}

function StatusTab({ feature, isOn, onToggle, deactivated }: { feature: FeatureView; isOn: boolean; onToggle(on: boolean): void; deactivated: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FeatureAnswer>();
  const revalidator = useRevalidator();
  const statesOf = (view: FeatureView) => Object.values(OPTION_TYPES).map((type) => view.customerState.find((option) => option.type === type)?.state === 1);
  const [states, setStates] = useState(() => statesOf(feature));
  useEffect(() => setStates(statesOf(feature)), [feature]);
  useEffect(() => {
    if (!isOn) setStates((current) => current.map(() => false)); // main off clears every option
  }, [isOn]);
  useSaveAnswer(fetcher, () => {});
  const isSaving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-col gap-4" onSubmit={(event) => isSaving && event.preventDefault()}>
      <input type="hidden" name="intent" value={SUPER_CLIP_INTENT.status} />
      <input type="hidden" name="serviceState" value={isOn ? "1" : "0"} />
      <OptionsBlock isOn={isOn} deactivated={deactivated}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {states.map((on, type) => (
            <li key={type} className="rounded-lg border border-slate-200 p-4">
              <input type="hidden" name={`customerState[${type}].type`} value={type} />
              <Switch isSelected={on} onChange={(value) => setStates((current) => current.map((state, index) => (index === type ? value : state)))} name={`customerState[${type}].state`} value="1" className={switchClass}>
                <SwitchTrack />
                <span className="font-bold">{t(OPTION_LABELS[type]!)}</span>
              </Switch>
            </li>
          ))}
        </ul>
      </OptionsBlock>
      <FormButtons
        isSaving={isSaving}
        isLoading={revalidator.state !== "idle"}
        deactivated={deactivated}
        onCancel={() => {
          onToggle(feature.serviceState === 1);
          setStates(statesOf(feature));
          void revalidator.revalidate();
        }}
      />
    </fetcher.Form>
  );
}

interface ExceptionDraft {
  message: string;
  numbers: { value: string; stored: boolean }[];
  typed: string;
}

function draftsOf(reply: AutoReply): ExceptionDraft[] {
  return reply.others.map((other) => ({ message: other.message, numbers: other.numbers.map((value) => ({ value, stored: true })), typed: "" }));
}

function ReplyTab({ deactivated }: { deactivated: boolean }) {
  const { t } = useTranslation();
  const loader = useFetcher<AutoReply>();
  const saver = useFetcher<FeatureAnswer>();
  const [general, setGeneral] = useState("");
  const [exceptions, setExceptions] = useState<ExceptionDraft[]>([]);
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    loader.load(REPLY_PATH);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (loader.state !== "idle" || !loader.data) return;
    setGeneral(loader.data.generalMessage);
    setExceptions(draftsOf(loader.data));
  }, [loader.state, loader.data]);
  useSaveAnswer(saver, () => loader.load(REPLY_PATH)); // after a save the tab reloads from the server
  const isSaving = saver.state !== "idle";
  const isLoading = loader.state !== "idle";
  const change = (index: number, update: (draft: ExceptionDraft) => ExceptionDraft) => setExceptions((current) => current.map((draft, at) => (at === index ? update(draft) : draft)));
  // Only exceptions with a message are sent (spec §5), numbered without gaps.
  const sent = exceptions.filter((draft) => draft.message.trim() !== "");

  if (isLoading && !loader.data) return <p role="status">{t("lineFeatureUi.loading")}</p>;
  return (
    <saver.Form method="post" className="flex flex-col gap-5" onSubmit={(event: FormEvent) => isSaving && event.preventDefault()}>
      <input type="hidden" name="intent" value={SUPER_CLIP_INTENT.reply} />
      {sent.map((draft, index) => (
        <span key={index} hidden>
          <input type="hidden" name={`others[${index}].message`} value={draft.message} />
          {draft.numbers.map((number, at) => (
            <input key={number.value} type="hidden" name={`others[${index}].numbers[${at}]`} value={number.value} />
          ))}
        </span>
      ))}
      <TextField value={general} onChange={setGeneral} name="generalMessage" maxLength={AUTO_REPLY_MESSAGE_MAX} className="flex flex-col gap-1">
        <Label className="font-bold">{t("superClip.generalMessage")}</Label>
        <TextArea rows={3} className={inputClass} />
      </TextField>
      <div className="flex flex-col gap-4">
        <h3 className="font-bold text-brand-800">{t("superClip.exceptions")}</h3>
        {exceptions.length === 0 ? <p className="text-slate-600">{t("superClip.noExceptions")}</p> : null}
        {exceptions.map((draft, index) => {
          const canAdd = isLineFeatureNumber(draft.typed) && !draft.numbers.some((number) => number.value === draft.typed);
          return (
            <fieldset key={index} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 font-bold">{t("superClip.exception", { number: index + 1 })}</legend>
              <TextField value={draft.message} onChange={(message) => change(index, (current) => ({ ...current, message }))} maxLength={AUTO_REPLY_MESSAGE_MAX} className="flex flex-col gap-1">
                <Label className="text-sm font-bold">{t("superClip.exceptionMessage")}</Label>
                <TextArea rows={2} className={inputClass} />
              </TextField>
              <ul aria-label={t("superClip.exceptionNumbers")} className="flex flex-wrap gap-2">
                {draft.numbers.map((number) => (
                  <li key={number.value} className="flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1">
                    <bdi dir="ltr">{number.value}</bdi>
                    {number.stored ? null : (
                      <Button
                        aria-label={t("superClip.removeNumber", { number: number.value })}
                        onPress={() => change(index, (current) => ({ ...current, numbers: current.numbers.filter((candidate) => candidate.value !== number.value) }))}
                        className="rounded-full px-1 font-bold text-red-700"
                      >
                        ×
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap items-end gap-2">
                <TextField value={draft.typed} onChange={(value) => change(index, (current) => ({ ...current, typed: typedNumber(value) }))} className="flex flex-col gap-1">
                  <Label className="text-sm font-bold">{t("superClip.addNumberLabel")}</Label>
                  <Input dir="ltr" inputMode="numeric" maxLength={NUMBER_MAX_LENGTH} placeholder="09xxxxxxxx" className={inputClass} />
                </TextField>
                {canAdd ? (
                  <Button
                    onPress={() => change(index, (current) => ({ ...current, numbers: [...current.numbers, { value: current.typed, stored: false }], typed: "" }))}
                    className="rounded-lg bg-brand-600 px-4 py-2 font-bold text-white"
                  >
                    {t("superClip.addNumber")}
                  </Button>
                ) : null}
              </div>
            </fieldset>
          );
        })}
        <Button onPress={() => setExceptions((current) => [...current, { message: "", numbers: [], typed: "" }])} className={`self-start ${linkButtonClass}`}>
          {t("superClip.addException")}
        </Button>
      </div>
      <FormButtons isSaving={isSaving} isLoading={isLoading} deactivated={deactivated} onCancel={() => loader.load(REPLY_PATH)} />
    </saver.Form>
  );
}

type CallersAnswer = ({ ok: true } & CallerPage) | { ok: false };

function CallersTab() {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  const loader = useFetcher<CallersAnswer>();
  const [period, setPeriod] = useState<number>(CALLER_PERIODS[0].id);
  const [number, setNumber] = useState("");
  const [attempted, setAttempted] = useState(false);
  const requested = useRef(false);
  const load = (filters: { period: number; number: string; page: number }) =>
    loader.load(`${CALLERS_PATH}?${new URLSearchParams({ gsmFilter: filters.number, dateFilterType: String(filters.period), page: String(filters.page) })}`);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    load({ period: CALLER_PERIODS[0].id, number: "", page: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const invalid = number !== "" && !isLineFeatureNumber(number);
  const data = loader.data?.ok ? loader.data : null;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / data.size) - 1) : 0;

  function search(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (invalid || loader.state !== "idle") return; // spec §5: an invalid non-empty filter blocks the search
    load({ period, number, page: 0 });
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
            setPeriod(CALLER_PERIODS[0].id);
            setNumber("");
            setAttempted(false);
            load({ period: CALLER_PERIODS[0].id, number: "", page: 0 });
          }}
          isDisabled={loader.state !== "idle"}
          className="rounded-lg border-2 border-slate-300 px-5 py-2 font-bold text-slate-700"
        >
          {t("lineFeatureUi.cancel")}
        </Button>
      </form>
      {loader.state !== "idle" && !data ? <p role="status">{t("lineFeatureUi.loading")}</p> : null}
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
                    <td className="py-2">{formatDateTime(language, call.date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {lastPage > 0 ? (
            <nav aria-label={t("superClip.pages")} className="flex items-center justify-between gap-3">
              <Button isDisabled={data.page === 0 || loader.state !== "idle"} onPress={() => load({ period, number: invalid ? "" : number, page: data.page - 1 })} className={linkButtonClass}>
                {t("superClip.previous")}
              </Button>
              <span>{t("superClip.pageOf", { page: data.page + 1, pages: lastPage + 1 })}</span>
              <Button isDisabled={data.page >= lastPage || loader.state !== "idle"} onPress={() => load({ period, number: invalid ? "" : number, page: data.page + 1 })} className={linkButtonClass}>
                {t("superClip.next")}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
