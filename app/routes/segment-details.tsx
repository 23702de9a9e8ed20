// /segment-details/{id}: a customer segment and the products made for it.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/segment-details";
import { getSegment, listProducts } from "../../server/content/catalogue.ts";
import { ArticleView } from "../content/ArticleView.tsx";
import { ProductCards } from "../content/ItemCards.tsx";
import { SEGMENT_PRODUCTS_PATH } from "../content/paths.ts";
import { itemHeading, notFound, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const id = Number(params.id);
  const segment = Number.isSafeInteger(id) && id > 0 ? await getSegment(services.db, language, id) : null;
  if (!segment) notFound();
  const products = await listProducts(services.db, language, { segmentId: segment.id });
  const heading = itemHeading(context, "page.segmentDetails", [["page.products", "/products"], ["page.segmentProducts", SEGMENT_PRODUCTS_PATH]], segment);
  return { heading, segment, products };
}

export const meta = headingMeta;

export default function SegmentDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { segment, products } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <ArticleView title={segment.title} summary={segment.summary} body={segment.body} />
      {products.length > 0 ? (
        <section aria-labelledby="segment-products" className="mt-10">
          <h2 id="segment-products" className="mb-4 text-2xl font-bold text-brand-800">{t("products.segmentProducts")}</h2>
          <ProductCards products={products} />
        </section>
      ) : null}
    </SectionPage>
  );
}
