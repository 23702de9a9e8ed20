// The auto-reply tab of super clip (spec §4, §5): the general message and the exceptions (message +
// numbers; stored numbers stay, new ones can be removed; the add button shows only for a valid number).
// Loaded with its data when the tab is first opened; the drafts start again from each reply the server
// sends (cancel, after a save), and are kept while another tab is open.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useFetcher } from "react-router";
import { Button, Input, Label, TextArea, TextField } from "react-aria-components";
import { typedNumber } from "../../common/account-rules.ts";
import { NUMBER_MAX_LENGTH } from "../../common/constants.ts";
import { AUTO_REPLY_MESSAGE_MAX, isLineFeatureNumber } from "../../common/line-features-rules.ts";
import type { AutoReply } from "../../server/line-features/types.ts";
import type { FeatureAnswer } from "./feature-actions.server.ts";
import { FormButtons, useSaveAnswer } from "./FeatureCard.tsx";
import { inputClass, linkButtonClass, REPLY_PATH, SUPER_CLIP_INTENT } from "./super-clip.ts";
import { useTabData } from "./tab-data.ts";

interface ExceptionDraft {
  message: string;
  numbers: { value: string; stored: boolean }[];
  typed: string;
}

function draftsOf(reply: AutoReply): ExceptionDraft[] {
  return reply.others.map((other) => ({ message: other.message, numbers: other.numbers.map((value) => ({ value, stored: true })), typed: "" }));
}

/** `initial`: the auto-reply the page brought when it opened on this tab. */
export function ReplyTab({ deactivated, initial }: { deactivated: boolean; initial?: AutoReply }) {
  const { t } = useTranslation();
  const { data: reply, isLoading, load } = useTabData(initial, REPLY_PATH);
  const saver = useFetcher<FeatureAnswer>();
  const [general, setGeneral] = useState(reply?.generalMessage ?? "");
  const [exceptions, setExceptions] = useState(() => (reply ? draftsOf(reply) : []));
  const [draftedFrom, setDraftedFrom] = useState(reply);
  if (reply !== draftedFrom) {
    setDraftedFrom(reply);
    if (reply) {
      setGeneral(reply.generalMessage);
      setExceptions(draftsOf(reply));
    }
  }
  useSaveAnswer(saver, () => void load(REPLY_PATH)); // after a save the tab reloads from the server
  const isSaving = saver.state !== "idle";
  const change = (index: number, update: (draft: ExceptionDraft) => ExceptionDraft) => setExceptions((current) => current.map((draft, at) => (at === index ? update(draft) : draft)));
  // Only exceptions with a message are sent (spec §5), numbered without gaps.
  const sent = exceptions.filter((draft) => draft.message.trim() !== "");

  if (isLoading && !reply) return <p role="status">{t("lineFeatureUi.loading")}</p>;
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
      <FormButtons isSaving={isSaving} isLoading={isLoading} deactivated={deactivated} onCancel={() => void load(REPLY_PATH)} />
    </saver.Form>
  );
}
