// /products/{id}/{type}: one product, {id} being its category and {type} its number; the fixed payment
// quick link /products/payment/62 is one of them. A product asked for under another category is 404.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/product-type";
import { getProduct, getProductCategory, getSegment } from "../../server/content/catalogue.ts";
import { ArticleView } from "../content/ArticleView.tsx";
import { segmentPath } from "../content/paths.ts";
import { usePriceText } from "../content/PriceText.tsx";
import { UssdCode } from "../content/UssdCode.tsx";
import { itemHeading, notFound, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { Link } from "react-router";
import { PRODUCT_APP_ACTIONS } from "../content/product-actions.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const id = Number(params.type);
  const product = Number.isSafeInteger(id) && id > 0 ? await getProduct(services.db, language, id, params.id) : null;
  if (!product) notFound();
  const [category, segment] = await Promise.all([
    getProductCategory(services.db, language, product.category),
    product.segmentId === null ? null : getSegment(services.db, language, product.segmentId),
  ]);
  const heading = itemHeading(context, "page.product", [["page.products", "/products"], ...(category ? [{ label: category.title, to: `/products/${category.slug}` }] : [])], product);
  return { heading, product, segment: segment ? { id: segment.id, title: segment.title } : null };
}

export const meta = headingMeta;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const { product, segment } = loaderData;
  const appAction = PRODUCT_APP_ACTIONS[product.id];
  const hasAside = product.price !== null || product.ussd || segment;
  return (
    <SectionPage heading={loaderData.heading}>
      <ArticleView
        title={product.title}
        summary={product.summary}
        body={product.body}
        // What the site itself does for this product, first on every screen (a phone shows the side panel last).
        meta={
          appAction ? (
            <Link to={appAction.to} className="self-start rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800">{t(appAction.label)}</Link>
          ) : undefined
        }
        aside={
          hasAside ? (
            <>
              {product.price !== null ? (
                <div>
                  <p className="text-sm text-slate-600">{t("products.price")}</p>
                  <p className="text-2xl font-bold">{priceText(product.price, product.priceUnit)}</p>
                </div>
              ) : null}
              {product.ussd ? (
                <div className="flex flex-col gap-2">
                  <p>{t("products.dial")}</p>
                  <p><UssdCode code={product.ussd} /></p>
                </div>
              ) : null}
              {segment ? (
                <p>
                  <Link to={segmentPath(segment)} className="font-bold text-brand-700 underline">{segment.title}</Link>
                </p>
              ) : null}
            </>
          ) : undefined
        }
      />
    </SectionPage>
  );
}
