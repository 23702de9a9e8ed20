// /search?q=…: results across bundles, offers, products, services, apps, roaming countries, FAQs and
// news, grouped by kind, in the page's language (server/search/search.ts).
import { useTranslation } from "../i18n/react.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { searchContent, SEARCH_QUERY_MAX_LENGTH } from "../../server/search/search.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { BidiText } from "../content/BidiText.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const result = query ? await searchContent(services.db, language, query) : null;
  return { heading: pageHeading(context, "page.search"), query, result };
}

export const meta = headingMeta;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, result } = loaderData;
  const status = !query
    ? t("content.searchEmpty")
    : result && result.total === 0 && query.replace(/\s/g, "").length < 2
      ? t("search.tooShort")
      : result && result.total === 0
        ? t("search.none", { query })
        : t("search.results", { count: result?.total ?? 0, query });
  return (
    <SectionPage heading={loaderData.heading}>
      <Form method="get" role="search" aria-label={t("search.again")} className="mb-4 flex max-w-2xl flex-wrap items-end gap-3">
        <label className="flex min-w-64 flex-1 flex-col gap-1 font-bold">
          {t("search.label")}
          <input type="search" name="q" defaultValue={query} key={query} maxLength={SEARCH_QUERY_MAX_LENGTH} className="rounded-lg border-2 border-slate-300 px-3 py-2 font-normal focus:border-brand-600" />
        </label>
        <button type="submit" className="rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">{t("search.submit")}</button>
      </Form>
      <p role="status" className="mb-6 text-lg">{status}</p>
      <div className="flex flex-col gap-8">
        {result?.groups.map((group) => (
          <section key={group.kind} aria-labelledby={`results-${group.kind}`}>
            <h2 id={`results-${group.kind}`} className="mb-3 text-xl font-bold text-brand-800">{t(`search.kinds.${group.kind}`)}</h2>
            <ul className="flex flex-col gap-3">
              {group.hits.map((hit) => (
                <li key={hit.url} className="rounded-xl border border-slate-200 p-4">
                  <Link to={hit.url} className="text-lg font-bold text-brand-700 hover:underline"><BidiText text={hit.title} linkCodes={false} /></Link>
                  {hit.snippet ? <p className="mt-1 text-slate-700"><BidiText text={hit.snippet} /></p> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </SectionPage>
  );
}
