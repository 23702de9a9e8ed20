// /support/Feedback: full name, mobile number, email, a file, the issue and an evaluation, all required.
// Checked here before sending (the server's own schema, loaded at the first send; the file by its first
// bytes) and by the server after; a field's message shows under it. Works as a plain form before
// JavaScript has loaded.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useFetcher } from "react-router";
import { formFieldHelpers } from "../pages/form-fields.tsx";
import { FEEDBACK_HONEYPOT_FIELD, FEEDBACK_RATINGS, fileProblem } from "../../common/feedback-rules.ts";
import { loadInTime } from "../shell/lazy-load.ts";

export type FeedbackAnswer = { ok: true; reference: string } | { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

/** The fields in the order they are on the form. */
const FIELD_ORDER = ["fullName", "gsm", "email", "description", "file", "evaluation"] as const;

const inputClass = "rounded-lg border-2 border-slate-300 px-3 py-2 font-normal focus:border-brand-600 aria-[invalid=true]:border-red-700";

export function FeedbackForm({ serverAnswer }: { serverAnswer?: FeedbackAnswer }) {
  const { t, messageOf } = useTranslation();
  const fetcher = useFetcher<FeedbackAnswer>();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [formKey, setFormKey] = useState(0);
  const answer = fetcher.data ?? serverAnswer;
  const sending = fetcher.state !== "idle";

  if (answer?.ok && !sending) {
    return (
      <section role="status" className="flex max-w-2xl flex-col gap-3 rounded-xl border border-green-300 bg-green-50 p-6">
        <p className="text-lg font-bold text-green-900">{t("feedback.sent")}</p>
        <p>{t("feedback.reference", { reference: answer.reference })}</p>
        <button
          type="button"
          onClick={() => {
            fetcher.reset?.();
            setClientErrors(null);
            setFormKey((key) => key + 1);
            window.history.replaceState(null, "", window.location.pathname);
          }}
          className="self-start rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white"
        >
          {t("feedback.another")}
        </button>
      </section>
    );
  }

  const serverErrors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  const errors = clientErrors ?? serverErrors;
  const values = answer && !answer.ok ? (answer.values ?? {}) : {};
  const message = answer && !answer.ok ? answer.message : undefined;

  const checkBeforeSending = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries([...data.entries()].filter(([, value]) => typeof value === "string"));
    // The schema brings Zod: it is fetched when the visitor first sends, not with the page. Should it
    // fail to arrive (in time: loadInTime), the form is sent as it is and the server's messages show instead.
    const found = await loadInTime(() => import("../../common/feedback.ts")).then(
      ({ feedbackFieldErrors }) => feedbackFieldErrors(values).errors,
      (): Record<string, string> => ({}),
    );
    // No file chosen is an empty part: fileProblem says the file is required.
    const file = data.get("file");
    const problem = file instanceof File ? fileProblem(file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer())) : "validation.fileRequired";
    if (problem) found.file = problem;
    setClientErrors(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      // The first field with a problem takes the focus (a radio group: its first choice).
      const field = form.elements.namedItem(first);
      (field instanceof RadioNodeList ? (field[0] as HTMLElement | undefined) : (field as HTMLElement | null))?.focus();
      return;
    }
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  const { field, errorOf } = formFieldHelpers("feedback", errors, messageOf);
  // Every field is required (spec §5); said to assistive technology, while the checks stay ours (localised).
  const requiredField = (name: string) => ({ ...field(name), "aria-required": true as const });

  return (
    <fetcher.Form key={formKey} method="post" encType="multipart/form-data" noValidate onSubmit={(event) => void checkBeforeSending(event)} className="flex max-w-2xl flex-col gap-5">
      <p className="text-lg text-slate-700">{t("feedback.intro")}</p>
      {message ? <p role="alert" className="rounded-lg bg-red-50 p-3 font-bold text-red-800">{message}</p> : null}
      <label className="flex flex-col gap-1 font-bold" htmlFor="feedback-fullName">
        {t("feedback.fullName")}
        <input {...requiredField("fullName")} defaultValue={values.fullName} autoComplete="name" maxLength={60} className={inputClass} />
        {errorOf("fullName")}
      </label>
      <label className="flex flex-col gap-1 font-bold" htmlFor="feedback-gsm">
        {t("feedback.gsm")}
        <input {...requiredField("gsm")} defaultValue={values.gsm} inputMode="numeric" autoComplete="tel-national" maxLength={10} dir="ltr" className={`${inputClass} text-start`} />
        {errorOf("gsm")}
      </label>
      <label className="flex flex-col gap-1 font-bold" htmlFor="feedback-email">
        {t("feedback.email")}
        <input {...requiredField("email")} defaultValue={values.email} type="email" autoComplete="email" dir="ltr" maxLength={254} className={`${inputClass} text-start`} />
        {errorOf("email")}
      </label>
      <label className="flex flex-col gap-1 font-bold" htmlFor="feedback-description">
        {t("feedback.description")}
        <textarea {...requiredField("description")} defaultValue={values.description} rows={6} maxLength={2000} className={inputClass} aria-describedby={`feedback-description-hint${errors.description ? " feedback-description-error" : ""}`} />
        <span id="feedback-description-hint" className="text-sm font-normal text-slate-600">{t("feedback.descriptionHint")}</span>
        {errorOf("description")}
      </label>
      <label className="flex flex-col gap-1 font-bold" htmlFor="feedback-file">
        {t("feedback.file")}
        <input {...requiredField("file")} type="file" accept="image/jpeg,image/png,application/pdf" className="font-normal" aria-describedby={`feedback-file-hint${errors.file ? " feedback-file-error" : ""}`} />
        <span id="feedback-file-hint" className="text-sm font-normal text-slate-600">{t("feedback.fileHint")}</span>
        {errorOf("file")}
      </label>
      <fieldset className="flex flex-col gap-2" aria-invalid={errors.evaluation ? true : undefined} aria-describedby={errors.evaluation ? "feedback-evaluation-error" : undefined}>
        <legend className="mb-1 font-bold">{t("feedback.evaluation")}</legend>
        <div className="flex flex-wrap gap-2">
          {FEEDBACK_RATINGS.map((rating) => (
            <label key={rating} className="flex items-center gap-2 rounded-lg border-2 border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" name="evaluation" value={rating} defaultChecked={values.evaluation === String(rating)} />
              {t(`feedback.ratings.${rating}`)}
            </label>
          ))}
        </div>
        {errorOf("evaluation")}
      </fieldset>
      {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
      <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
        <label>
          {t("feedback.website")}
          <input type="text" name={FEEDBACK_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <button type="submit" disabled={sending} className="self-start rounded-lg bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
        {sending ? t("feedback.sending") : t("feedback.send")}
      </button>
    </fetcher.Form>
  );
}
