// /Reservation (public): search the available numbers by the digits they contain or end with, by
// category and range; paged results; choosing a number leads to /reserve-number with it (a guest is
// asked to log in first and comes back to it). A GET form: the search is a link, and works before
// JavaScript. The filter's messages are spec §5's ('Number is required', 'Number not valid').
import { useTranslation } from "../i18n/react.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/reservation";
import { formatAmount } from "../../common/format.ts";
import { firstFieldErrors } from "../../common/field-errors.ts";
import { numberFilterSchema } from "../../common/reservation.ts";
import { NUMBER_TIERS, RESERVATION_MATCH } from "../../common/reservation-rules.ts";
import { findAvailableNumbers } from "../../server/reservation/inventory.ts";
import { fieldMessage } from "../../server/edge/failure.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { NumberText, TierBadge } from "../reservation/TierBadge.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { reserveNumberPath } from "../reservation/paths.ts";

const PAGE_SIZE = 24;
const PREFIXES = ["094", "095", "096", "097"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language, services, t } = pageTools(context);
  const params = new URL(request.url).searchParams;
  const values = { pattern: params.get("pattern") ?? "", match: params.get("match") ?? "contains", tier: params.get("tier") ?? "", prefix: params.get("prefix") ?? "" };
  const heading = { ...pageHeading(context, "page.reservation"), description: t("reservation.intro") };
  // No search yet: the form only.
  if (!params.has("pattern")) return { heading, values, error: null, result: null, page: 0 };
  const parsed = numberFilterSchema.safeParse({ pattern: values.pattern, match: values.match, tier: values.tier || undefined, prefix: values.prefix || undefined });
  // The form shows one message: its first field's.
  if (!parsed.success) return { heading, values, error: Object.values(firstFieldErrors(parsed.error.issues, (key) => fieldMessage(language, key)))[0]!, result: null, page: 0 };
  const page = Math.min(Math.max(Number(params.get("page")) || 0, 0), 1000);
  const result = await findAvailableNumbers(services, parsed.data, page, PAGE_SIZE);
  return { heading, values, error: null, result, page };
}

export const meta = headingMeta;

export default function Reservation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const { values, error, result, page } = loaderData;
  const pageLink = (to: number) => `?${new URLSearchParams({ ...values, page: String(to) }).toString()}`;
  const select = "rounded-lg border-2 border-slate-300 bg-white px-3 py-2 font-normal";
  return (
    <SectionPage heading={loaderData.heading}>
      <p className="mb-6 max-w-3xl text-lg text-slate-700">{t("reservation.intro")}</p>
      <Form method="get" role="search" aria-label={t("reservation.findNumber")} className="mb-8 flex flex-wrap items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4" noValidate>
        <label className="flex min-w-56 flex-1 flex-col gap-1 font-bold">
          {t("reservation.pattern")}
          <input
            name="pattern"
            defaultValue={values.pattern}
            key={values.pattern}
            inputMode="numeric"
            maxLength={7}
            dir="ltr"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "pattern-error" : "pattern-hint"}
            className="rounded-lg border-2 border-slate-300 px-3 py-2 text-start font-normal aria-[invalid=true]:border-red-700"
          />
          {error ? (
            <span id="pattern-error" className="text-sm font-bold text-red-700">{error}</span>
          ) : (
            <span id="pattern-hint" className="text-sm font-normal text-slate-600">{t("reservation.patternHint")}</span>
          )}
        </label>
        <label className="flex flex-col gap-1 font-bold">
          {t("reservation.match")}
          <select name="match" defaultValue={values.match} className={select}>
            {RESERVATION_MATCH.map((match) => (
              <option key={match} value={match}>{t(`reservation.matchOptions.${match}`)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 font-bold">
          {t("reservation.tier")}
          <select name="tier" defaultValue={values.tier} className={select}>
            <option value="">{t("reservation.allTiers")}</option>
            {NUMBER_TIERS.map((tier) => (
              <option key={tier} value={tier}>{t(`reservation.tiers.${tier}`)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 font-bold">
          {t("reservation.prefix")}
          <select name="prefix" defaultValue={values.prefix} className={select}>
            <option value="">{t("reservation.allPrefixes")}</option>
            {PREFIXES.map((prefix) => (
              <option key={prefix} value={prefix}>{prefix}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="mt-7 rounded-lg bg-brand-700 px-6 py-2.5 font-bold text-white hover:bg-brand-800">{t("reservation.search")}</button>
      </Form>
      {result ? (
        <section aria-labelledby="numbers-found">
          <div role="status">
            <h2 id="numbers-found" className="mb-4 text-xl font-bold text-brand-800">
              {result.numbers.length === 0 ? t("reservation.none") : t("reservation.results", { count: result.numbers.length + (result.hasMore ? 1 : 0) })}
            </h2>
          </div>
          <ul aria-labelledby="numbers-found" className="grid gap-3 sm:grid-cols-2 nav:grid-cols-3">
            {result.numbers.map((number) => (
              <li key={number.gsm} className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
                <div className="flex flex-col gap-1">
                  <NumberText gsm={number.gsm} className="text-xl text-slate-900" />
                  <span className="flex items-center gap-2 text-sm text-slate-700">
                    <TierBadge tier={number.tier} />
                    {formatAmount(language, number.simPrice + number.serviceFee, currencySuffix)}
                  </span>
                </div>
                <Link to={reserveNumberPath(number.gsm)} aria-label={`${t("reservation.choose")} ${number.gsm}`} className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-800">
                  {t("reservation.choose")}
                </Link>
              </li>
            ))}
          </ul>
          {page > 0 || result.hasMore ? (
            <nav aria-label={t("reservation.page", { page: page + 1 })} className="mt-6 flex items-center gap-3">
              {page > 0 ? <Link to={pageLink(page - 1)} className="rounded-lg border-2 border-brand-600 px-4 py-1.5 font-bold text-brand-700">{t("reservation.previous")}</Link> : null}
              <span className="text-slate-700">{t("reservation.page", { page: page + 1 })}</span>
              {result.hasMore ? <Link to={pageLink(page + 1)} className="rounded-lg border-2 border-brand-600 px-4 py-1.5 font-bold text-brand-700">{t("reservation.next")}</Link> : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </SectionPage>
  );
}
