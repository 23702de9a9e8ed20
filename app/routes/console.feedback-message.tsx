// /console/feedback/:reference (publishers and admins): one feedback message in full (the description as
// plain text), its attachment to download, and "handled" with a note: of two staff members marking it at
// once, one writes and the other is told who did.
import { data, Form, Link, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/console.feedback-message";
import { FEEDBACK_NOTE_MAX, FEEDBACK_ROLES, feedbackReferenceOf, handleFeedbackForm } from "../../common/console-desk.ts";
import { formatDateTime, formatNumber } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { ConsoleError } from "../../server/console/errors.ts";
import { markFeedbackHandled, readFeedback } from "../../server/console/feedback-inbox.ts";
import { validate } from "../../server/edge/app-error.ts";
import { buttonClass, FormMessage } from "../console/ConsoleShell.tsx";
import { BidiText } from "../content/BidiText.tsx";
import { CONSOLE_FEEDBACK_PATH, feedbackAttachmentPath } from "../console/paths.ts";
import { requireStaff, staffActor } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";
import { pageTools } from "../pages/page.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ...FEEDBACK_ROLES);
  const { services, t } = pageTools(context);
  const notFound = () => data({ message: t("console.errors.FEEDBACK_NOT_FOUND") }, { status: 404 });
  const reference = feedbackReferenceOf(params.reference);
  if (!reference) throw notFound();
  try {
    return { message: await readFeedback(services.db, reference) };
  } catch (error) {
    if (error instanceof ConsoleError && error.code === "FEEDBACK_NOT_FOUND") throw notFound();
    throw error;
  }
}

interface Handled {
  ok: true;
}

/** After a 409 (someone else acted first, or the hold ran out) the page shows the state as it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export const action = pageAction(
  "/console/feedback/:reference",
  async ({ request, context, fields, params }) => {
    const staff = await requireStaff(request, context, ...FEEDBACK_ROLES);
    const reference = feedbackReferenceOf(params.reference ?? "");
    if (!reference) throw new ConsoleError("FEEDBACK_NOT_FOUND");
    const { note } = validate(handleFeedbackForm, fields);
    await markFeedbackHandled(context.get(servicesContext).db, staffActor(staff, context), staff, reference, note);
    return { ok: true } satisfies Handled;
  },
  { guard: (request, context) => requireStaff(request, context, ...FEEDBACK_ROLES) },
);

export default function ConsoleFeedbackMessage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const { message } = loaderData;
  const answer = useActionData<Handled | PageFailureAnswer>();
  const failure = answer && !answer.ok ? answer : undefined;
  const noteError = failure?.fieldErrors?.note;
  return (
    <>
      <p className="mb-2">
        <Link to={CONSOLE_FEEDBACK_PATH} className="text-violet-800 underline">
          {t("console.feedback.backToInbox")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">
        {t("console.feedback.messageTitle")} <bdi dir="ltr" className="font-mono">{message.reference}</bdi>
      </h1>
      <dl className="mb-6 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("console.feedback.date")}</dt>
        <dd>
          <bdi>{formatDateTime(language, message.createdAt, timeZone)}</bdi>
        </dd>
        <dt className="font-semibold">{t("console.feedback.name")}</dt>
        <dd>
          <bdi>{message.fullName}</bdi>
        </dd>
        <dt className="font-semibold">{t("console.feedback.number")}</dt>
        <dd>
          <bdi dir="ltr" className="font-mono">{message.gsm}</bdi>
        </dd>
        <dt className="font-semibold">{t("console.feedback.email")}</dt>
        <dd>
          <bdi dir="ltr" className="break-all">{message.email}</bdi>
        </dd>
        <dt className="font-semibold">{t("console.feedback.evaluation")}</dt>
        <dd>
          {t(`feedback.ratings.${message.evaluation as 1 | 2 | 3 | 4 | 5}`)} (<bdi dir="ltr">{message.evaluation}/5</bdi>)
        </dd>
        <dt className="font-semibold">{t("console.feedback.language")}</dt>
        <dd>{t(message.language === "en" ? "console.language.en" : "console.language.ar")}</dd>
        <dt className="font-semibold">{t("console.feedback.attachment")}</dt>
        <dd>
          {message.attachment ? (
            <a href={feedbackAttachmentPath(message.reference)} download className="text-violet-800 underline" data-testid="attachment-link">
              <BidiText text={t("console.feedback.download", { type: message.attachment.type.toUpperCase(), size: formatNumber(language, Math.max(1, Math.round(message.attachment.size / 1024))) })} linkCodes={false} />
            </a>
          ) : (
            t("console.feedback.no")
          )}
        </dd>
      </dl>
      <section aria-labelledby="description-title" className="mb-6">
        <h2 id="description-title" className="mb-2 text-xl font-semibold">
          {t("console.feedback.description")}
        </h2>
        {/* Plain text as the guest wrote it: React escapes it; line breaks kept, any direction. */}
        <p dir="auto" lang={message.language} className="whitespace-pre-wrap break-words rounded border border-gray-300 p-3" data-testid="feedback-description">
          {message.description}
        </p>
      </section>
      <section aria-labelledby="handling-title" className="max-w-xl">
        <h2 id="handling-title" className="mb-2 text-xl font-semibold">
          {t("console.feedback.handlingTitle")}
        </h2>
        <FormMessage message={failure?.message && !noteError ? failure.message : undefined} />
        {message.handled ? (
          <div role="status" className="rounded bg-green-50 p-3 text-green-900" data-testid="handled">
            <p>
              <BidiText text={t("console.feedback.handledBy", { name: message.handled.by ?? t("console.feedback.formerStaff"), date: formatDateTime(language, message.handled.at, timeZone) })} linkCodes={false} />
            </p>
            <p dir="auto" className="mt-2 whitespace-pre-wrap break-words">
              {message.handled.note}
            </p>
          </div>
        ) : (
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <label htmlFor="handled-note" className="font-medium">
              <BidiText text={t("console.feedback.note", { max: FEEDBACK_NOTE_MAX })} linkCodes={false} />
            </label>
            <textarea
              id="handled-note"
              name="note"
              rows={4}
              required
              maxLength={FEEDBACK_NOTE_MAX}
              defaultValue={failure?.values?.note ?? ""}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? "handled-note-error" : undefined}
              className="w-full min-w-0 rounded border border-gray-500 px-3 py-2"
            />
            {noteError ? (
              <p id="handled-note-error" role="alert" className="text-sm text-red-800">
                {noteError}
              </p>
            ) : null}
            <button type="submit" className={`${buttonClass} self-start`}>
              {t("console.feedback.markHandled")}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
