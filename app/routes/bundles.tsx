// /bundles: every bundle, grouped by category, each group linking to its category page.
import { Link } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/bundles";
import { listBundleCategories, listBundles } from "../../server/content/service.ts";
import { BundleGrid } from "../content/BundleCard.tsx";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const [categories, bundles] = await Promise.all([listBundleCategories(services.db, language), listBundles(services.db, language)]);
  return {
    heading: pageHeading(context, "page.bundles"),
    groups: categories.map((category) => ({ category, bundles: bundles.filter((bundle) => bundle.categoryId === category.id) })).filter((group) => group.bundles.length > 0),
  };
}

export const meta = headingMeta;

export default function Bundles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <div className="flex flex-col gap-10">
        {loaderData.groups.map(({ category, bundles }) => (
          <section key={category.id} aria-labelledby={`category-${category.id}`} className="flex flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id={`category-${category.id}`} className="text-2xl font-bold text-brand-800">{category.title}</h2>
              <Link to={`/bundles/${category.id}`} aria-describedby={`category-${category.id}`} className="font-bold text-brand-700 underline">{t("bundles.seeCategory")}</Link>
            </div>
            <BundleGrid bundles={bundles} />
          </section>
        ))}
      </div>
    </SectionPage>
  );
}
