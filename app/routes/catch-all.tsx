// Every path no other route matches: the about-the-company pages, whose first segment
// `about-{company}` comes from configuration, and otherwise the not-found page with HTTP 404.
import { redirect } from "react-router";
import type { Route } from "./+types/catch-all";
import { findAboutContent } from "../../server/content/service.ts";
import { sanitizeContentHtml } from "../../server/content/sanitize.ts";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";
import { ContentHtml } from "../pages/ContentHtml.tsx";

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
  const content = await findAboutContent(services.db, { slug }, language);
  const heading = pageHeading(context, ABOUT_PAGES[slug as keyof typeof ABOUT_PAGES], [["page.about", `/${aboutRoot}/who-we-are`]]);
  return { heading, html: content ? sanitizeContentHtml(content.text) : null, image: content?.largeImage ?? content?.image ?? null };
}

export const meta = headingMeta;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading}>{loaderData.html ? <ContentHtml html={loaderData.html} /> : undefined}</SectionPage>;
}
