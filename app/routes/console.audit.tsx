// /console/audit (admins): every change made in the console, newest first, filtered by who (e-mail),
// action and days, a page at a time. The filters are a plain GET form.
import { Form, Link } from "react-router";
import type { Route } from "./+types/console.audit";
import { auditFilter, SCHEDULER_AUDIT_ACTIONS } from "../../common/console.ts";
import { formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { AUDIT_ACTIONS, listAudit } from "../../server/console/service.ts";
import { buttonClass, ConsoleTable } from "../console/ConsoleShell.tsx";
import { requireStaff } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "admin");
  const filter = auditFilter.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listAudit(context.get(servicesContext).db, filter);
  return { ...result, filter, actions: AUDIT_ACTIONS };
}

function pageHref(filter: Record<string, unknown>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== "" && name !== "page") params.set(name, String(value));
  params.set("page", String(page));
  return `/console/audit?${params.toString()}`;
}

const inputClass = "min-w-0 rounded border border-gray-500 px-2 py-1";

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const { rows, filter, page, pages, total } = loaderData;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("console.audit.title")}</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t("console.audit.filters")}>
        <label className="flex flex-col gap-1">
          {t("console.audit.who")}
          <input name="who" type="search" dir="ltr" defaultValue={filter.who ?? ""} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1">
          {t("console.audit.action")}
          <select name="action" defaultValue={filter.action ?? ""} className={inputClass}>
            <option value="">{t("console.audit.anyAction")}</option>
            {loaderData.actions.map((action) => (
              <option key={action} value={action}>
                {t(`console.audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          {t("console.audit.from")}
          <input name="from" type="date" defaultValue={filter.from ?? ""} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1">
          {t("console.audit.to")}
          <input name="to" type="date" defaultValue={filter.to ?? ""} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass}>
          {t("console.audit.apply")}
        </button>
      </Form>
      <p className="mb-2" role="status">
        {t("console.audit.count", { count: total })}
      </p>
      <ConsoleTable
        tableClassName="text-sm"
        label={t("console.audit.tableLabel")}
        caption={t("console.audit.title")}
        columns={[t("console.audit.when"), t("console.audit.who"), t("console.audit.action"), t("console.audit.target"), t("console.audit.change")]}
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-b align-top" data-testid="audit-row">
            <td className="p-2">
              <bdi dir="ltr">{formatDateTime(language, row.createdAt, timeZone)}</bdi>
            </td>
            <td className="p-2">
              <bdi dir="ltr" className="break-all">
                {row.actorEmail ?? t(row.action === "staff.login-failed" ? "console.audit.unknownAccount" : SCHEDULER_AUDIT_ACTIONS.includes(row.action) ? "console.audit.scheduler" : "console.audit.system")}
              </bdi>
              {row.clientIp ? (
                <div>
                  <bdi dir="ltr" className="text-gray-700">
                    {row.clientIp}
                  </bdi>
                </div>
              ) : null}
            </td>
            <td className="p-2">{t(`console.audit.actions.${row.action as (typeof loaderData.actions)[number]}`)}</td>
            <td className="p-2">
              <bdi dir="ltr">{row.target ?? ""}</bdi>
            </td>
            <td className="p-2">
              <bdi dir="ltr" className="break-all font-mono text-xs">
                {row.before === null ? "∅" : JSON.stringify(row.before)} → {row.after === null ? "∅" : JSON.stringify(row.after)}
              </bdi>
            </td>
          </tr>
        ))}
      </ConsoleTable>
      {pages > 1 ? (
        <nav aria-label={t("console.audit.pages")} className="mt-4 flex items-center gap-4">
          {page > 1 ? <Link to={pageHref(filter, page - 1)}>{t("console.audit.newer")}</Link> : null}
          <span>{t("console.audit.pageOf", { page, pages })}</span>
          {page < pages ? <Link to={pageHref(filter, page + 1)}>{t("console.audit.older")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
