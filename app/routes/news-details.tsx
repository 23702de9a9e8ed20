// /news-details/{type}/{id}: a news item or press release (type news | press), dated in the page's language.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/news-details";
import { formatDate } from "../../common/format.ts";
import { getNews } from "../../server/content/catalogue.ts";
import { ArticleView } from "../content/ArticleView.tsx";
import { itemHeading, notFound, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const id = Number(params.id);
  const item = Number.isSafeInteger(id) && id > 0 ? await getNews(services.db, language, id, params.type) : null;
  if (!item) notFound();
  const pressCenter = `/about-${services.config.COMPANY_SLUG}/press-center`;
  return { heading: itemHeading(context, "page.newsDetails", [["page.pressCenter", pressCenter]], item), item };
}

export const meta = headingMeta;

export default function NewsDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  const { item } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <ArticleView
        title={item.title}
        summary={item.summary}
        body={item.body}
        image={item.image}
        meta={
          <p className="flex flex-wrap gap-3 text-sm text-slate-600">
            <span className="rounded-full bg-brand-50 px-3 py-0.5 font-bold text-brand-800">{t(`articles.types.${item.type}`)}</span>
            <time dateTime={item.date}>{t("articles.published", { date: formatDate(language, item.date) })}</time>
          </p>
        }
      />
    </SectionPage>
  );
}
