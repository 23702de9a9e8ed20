// /console/feedback (publishers and admins): the feedback inbox, newest first, filtered new / handled / all,
// 25 a page; a search by the guest's reference (FB-…, any case, Arabic-Indic digits) goes straight to it.
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/console.feedback";
import { FEEDBACK_QUERY, FEEDBACK_ROLES, FEEDBACK_STATES, feedbackFilter, feedbackReferenceOf, type FeedbackFilter } from "../../common/console-desk.ts";
import { formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { feedbackExists, listFeedback } from "../../server/console/feedback-inbox.ts";
import { buttonClass, ConsoleTable, FormMessage } from "../console/ConsoleShell.tsx";
import { CONSOLE_FEEDBACK_PATH as FEEDBACK_PATH, feedbackMessagePath } from "../console/paths.ts";
import { requireStaff } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ...FEEDBACK_ROLES);
  const { db } = context.get(servicesContext);
  const filter = feedbackFilter.parse(Object.fromEntries(new URL(request.url).searchParams));
  let searchMissed = false;
  if (filter.q) {
    const reference = feedbackReferenceOf(filter.q);
    if (reference && (await feedbackExists(db, reference))) throw redirect(feedbackMessagePath(reference));
    searchMissed = true;
  }
  return { ...(await listFeedback(db, filter)), filter, searchMissed };
}

function pageHref(filter: FeedbackFilter, page: number): string {
  return `${FEEDBACK_PATH}?${new URLSearchParams({ [FEEDBACK_QUERY.state]: filter.state, [FEEDBACK_QUERY.page]: String(page) }).toString()}`;
}

const inputClass = "min-w-0 rounded border border-gray-500 px-2 py-1";

export default function ConsoleFeedback({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const { rows, filter, page, pages, total, searchMissed } = loaderData;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("console.feedback.title")}</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t("console.feedback.filters")}>
        <label className="flex flex-col gap-1">
          {t("console.feedback.show")}
          <select name={FEEDBACK_QUERY.state} defaultValue={filter.state} className={inputClass}>
            {FEEDBACK_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`console.feedback.states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          {t("console.feedback.search")}
          <input name={FEEDBACK_QUERY.search} type="search" dir="ltr" defaultValue={filter.q ?? ""} placeholder="FB-XXXXXXXX" className={inputClass} />
        </label>
        <button type="submit" className={buttonClass}>
          {t("console.feedback.apply")}
        </button>
      </Form>
      {searchMissed ? <FormMessage message={t("console.feedback.noSuchReference")} /> : null}
      <p className="mb-2" role="status">
        {t("console.feedback.count", { count: total })}
      </p>
      <ConsoleTable
        tableClassName="text-sm"
        label={t("console.feedback.tableLabel")}
        caption={t("console.feedback.title")}
        columns={[t("console.feedback.reference"), t("console.feedback.date"), t("console.feedback.name"), t("console.feedback.evaluation"), t("console.feedback.firstWords"), t("console.feedback.attachment"), t("console.feedback.state")]}
      >
        {rows.map((row) => (
          <tr key={row.reference} className="border-b align-top" data-testid="feedback-row">
            <td className="p-2">
              <Link to={feedbackMessagePath(row.reference)} className="font-mono text-violet-800 underline">
                <bdi dir="ltr">{row.reference}</bdi>
              </Link>
            </td>
            <td className="p-2">
              <bdi>{formatDateTime(language, row.createdAt, timeZone)}</bdi>
            </td>
            <td className="p-2">
              <bdi>{row.fullName}</bdi>
            </td>
            <td className="p-2">{t(`feedback.ratings.${row.evaluation as 1 | 2 | 3 | 4 | 5}`)}</td>
            <td className="p-2">
              <bdi>{row.excerpt}</bdi>
            </td>
            <td className="p-2">{t(row.hasAttachment ? "console.feedback.yes" : "console.feedback.no")}</td>
            <td className="p-2">{t(row.handled ? "console.feedback.states.handled" : "console.feedback.states.new")}</td>
          </tr>
        ))}
      </ConsoleTable>
      {pages > 1 ? (
        <nav aria-label={t("console.feedback.pages")} className="mt-4 flex items-center gap-4">
          {page > 1 ? <Link to={pageHref(filter, page - 1)}>{t("console.feedback.newer")}</Link> : null}
          <span>{t("console.feedback.pageOf", { page, pages })}</span>
          {page < pages ? <Link to={pageHref(filter, page + 1)}>{t("console.feedback.older")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
