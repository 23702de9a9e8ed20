// /console/content (editors, publishers): every kind of content with its counts, and a search across all
// items by title or name in either language (a plain GET form).
import { Link } from "react-router";
import type { Route } from "./+types/console.content";
import { contentSearch } from "../../common/content-forms.ts";
import { contentOverview, searchContent } from "../../server/content/content-console.ts";
import { ConsoleTable } from "../console/ConsoleShell.tsx";
import { CONTENT_ROLES } from "../console/content.server.ts";
import { requireStaff } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { ContentSearch, ListingState } from "../console/ContentParts.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ...CONTENT_ROLES);
  const { db } = context.get(servicesContext);
  const { q } = contentSearch.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [kinds, results] = await Promise.all([contentOverview(db), q ? searchContent(db, q) : Promise.resolve(null)]);
  return { kinds, q: q ?? "", results };
}

export default function ConsoleContent({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("console.content.title")}</h1>
      <p className="mb-4">{t("console.content.intro")}</p>
      <ContentSearch q={loaderData.q} className="mb-6 flex flex-wrap items-end gap-2" />
      {loaderData.results ? (
        <section aria-labelledby="results-title" className="mb-8">
          <h2 id="results-title" className="mb-2 text-xl font-semibold">
            {t("console.content.results")}
          </h2>
          {loaderData.results.length === 0 ? (
            <p>{t("console.content.noResults")}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {loaderData.results.map((result) => (
                <li key={`${result.kind}:${result.key}`}>
                  <Link to={`/console/content/${result.kind}/${encodeURIComponent(result.key)}`} className="text-violet-800 underline">
                    <span lang="ar" dir="rtl">
                      {result.titleAr}
                    </span>
                    {" / "}
                    <span lang="en" dir="ltr">
                      {result.titleEn}
                    </span>
                  </Link>{" "}
                  <span className="text-sm">
                    ({t(`console.content.kinds.${result.kind}`)} · <ListingState listing={result} language={language} />)
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <ConsoleTable label={t("console.content.kindsLabel")} caption={t("console.content.title")} columns={[t("console.content.kind"), t("console.content.liveCount"), t("console.content.waitingCount")]}>
        {loaderData.kinds.map((row) => (
          <tr key={row.kind} className="border-b">
            <td className="p-2">
              <Link to={`/console/content/${row.kind}`} className="text-violet-800 underline">
                {t(`console.content.kinds.${row.kind}`)}
              </Link>
            </td>
            <td className="p-2">
              <bdi>{row.live}</bdi>
            </td>
            <td className="p-2">
              <bdi>{row.waiting}</bdi>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}
