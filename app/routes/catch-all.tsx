// Every path no other route matches: the about-the-company pages, whose first segment
// `about-{company}` comes from configuration, and otherwise the not-found page with HTTP 404.
import { redirect } from "react-router";
import type { Route } from "./+types/catch-all";
import { findAboutContent } from "../../server/content/service.ts";
import { sanitizeContentHtml } from "../../server/content/sanitize.ts";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { ContentHtml } from "../pages/ContentHtml.tsx";
import { useTranslation } from "../i18n/react.ts";
import { listNews } from "../../server/content/catalogue.ts";
import { NewsCards, newsCardOf } from "../content/ItemCards.tsx";
import { SectionNav } from "../pages/SectionNav.tsx";

const ABOUT_PAGES = {
  "who-we-are": "page.whoWeAre",
  "social-responsibility": "page.socialResponsibility",
  "financial-reports": "page.financialReports",
  "press-center": "page.pressCenter",
  "investor-relations": "page.investorRelations",
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const [first, id, ...rest] = (params["*"] ?? "").split("/").filter(Boolean);
  const aboutRoot = `about-${services.config.COMPANY_SLUG}`;
  if (first?.toLowerCase() !== aboutRoot || rest.length > 0) notFound();
  if (!id) throw redirect(`/${aboutRoot}/who-we-are`);
  const slug = id.toLowerCase();
  if (!(slug in ABOUT_PAGES)) notFound();
  const [content, news] = await Promise.all([
    findAboutContent(services.db, { slug }, language),
    // The press centre lists the news and press releases under its text.
    slug === "press-center" ? listNews(services.db, language) : Promise.resolve([]),
  ]);
  const heading = pageHeading(context, ABOUT_PAGES[slug as keyof typeof ABOUT_PAGES], [["page.about", `/${aboutRoot}/who-we-are`]]);
  return {
    heading,
    aboutRoot,
    html: content ? sanitizeContentHtml(content.text) : null,
    image: content?.largeImage ?? content?.image ?? null,
    news: news.map(newsCardOf),
  };
}

export const meta = headingMeta;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <SectionNav label={t("page.about")} links={Object.entries(ABOUT_PAGES).map(([slug, key]) => ({ to: `/${loaderData.aboutRoot}/${slug}`, label: t(key) }))} />
      {loaderData.html ? <ContentHtml html={loaderData.html} /> : null}
      {loaderData.news.length > 0 ? (
        <section aria-labelledby="press-releases" className="mt-10">
          <h2 id="press-releases" className="mb-4 text-2xl font-bold text-brand-800">{t("articles.pressReleases")}</h2>
          <NewsCards news={loaderData.news} showKind />
        </section>
      ) : null}
    </SectionPage>
  );
}
