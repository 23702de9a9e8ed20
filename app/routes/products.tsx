// /products: the product categories (prepaid, postpaid, payment, call management, international,
// segment products) and the prices list.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/products";
import { listProductCategories } from "../../server/content/catalogue.ts";
import { CardGrid, LinkCard } from "../content/LinkCard.tsx";
import { PRICES_LIST_PATH } from "../content/paths.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, language, t } = pageTools(context);
  const heading = { ...pageHeading(context, "page.products"), description: t("meta.products") };
  return { heading, categories: await listProductCategories(services.db, language) };
}

export const meta = headingMeta;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <p className="mb-6 text-lg text-slate-700">{t("products.intro")}</p>
      <CardGrid>
        {loaderData.categories.map((category) => (
          <LinkCard key={category.slug} id={category.slug} to={`/products/${category.slug}`} title={category.title} summary={category.summary} action={t("products.see")} headingLevel={2} />
        ))}
        <LinkCard id="prices-list" to={PRICES_LIST_PATH} title={t("page.pricesList")} summary={t("products.pricesCard")} action={t("products.see")} headingLevel={2} />
      </CardGrid>
    </SectionPage>
  );
}
