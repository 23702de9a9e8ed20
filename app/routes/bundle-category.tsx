import type { Route } from "./+types/bundle-category";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";
import { listBundleCategories } from "../../server/content/service.ts";

/** /bundles/{id}: one bundle category; an unknown id is the not-found page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const category = (await listBundleCategories(services.db, language)).find((item) => String(item.id) === params.id);
  if (!category) notFound();
  const heading = pageHeading(context, "page.bundleCategory", [["page.bundles", "/bundles"]]);
  heading.title = category.title;
  heading.breadcrumbs[heading.breadcrumbs.length - 1] = { label: category.title };
  return { heading };
}

export const meta = headingMeta;

export default function BundleCategory({ loaderData }: Route.ComponentProps) {
  return <SectionPage heading={loaderData.heading} />;
}
