// /bundles/{id}: one bundle category and its bundles; an unknown id is the not-found page.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/bundle-category";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { listBundleCategories, listBundles } from "../../server/content/service.ts";
import { BundleGrid } from "../content/BundleCard.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const category = (await listBundleCategories(services.db, language)).find((item) => String(item.id) === params.id);
  if (!category) notFound();
  const heading = pageHeading(context, "page.bundleCategory", [["page.bundles", "/bundles"]]);
  heading.title = category.title;
  heading.breadcrumbs[heading.breadcrumbs.length - 1] = { label: category.title };
  return { heading, bundles: await listBundles(services.db, language, { categoryId: category.id }) };
}

export const meta = headingMeta;

export default function BundleCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      {loaderData.bundles.length > 0 ? <BundleGrid bundles={loaderData.bundles} headingLevel={2} /> : <p className="text-slate-600">{t("bundles.noneInCategory")}</p>}
    </SectionPage>
  );
}
