import type { Route } from "./+types/news-details";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";
import { servicesContext } from "../context.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { heading: pageHeading(context, "page.newsDetails", [["page.pressCenter", `/about-${context.get(servicesContext).config.COMPANY_SLUG}/press-center`]]) };
}

export const meta = headingMeta;

export default function NewsDetails({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
