// /products/{id}: a product category's products; /products/segment-products lists the segments
// (spec §2) and /products/prices-list is the international prices list (the sidebar's quick link).
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/product";
import { listProducts, listSegments, listServices, getProductCategory } from "../../server/content/catalogue.ts";
import { listInternationalTariffs } from "../../server/content/roaming.ts";
import { CardGrid, LinkCard } from "../content/LinkCard.tsx";
import { segmentPath, servicePath } from "../content/paths.ts";
import { PricesList } from "../content/PricesList.tsx";
import { ProductCards } from "../content/ItemCards.tsx";
import { usePriceText } from "../content/PriceText.tsx";
import { itemHeading, notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, language, t } = pageTools(context);
  const id = params.id.toLowerCase();
  if (id === "prices-list") {
    const heading = { ...pageHeading(context, "page.pricesList", [["page.products", "/products"]]), description: t("prices.intro") };
    const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
    return { view: "prices" as const, heading, tariffs: await listInternationalTariffs(services.db, language), query };
  }
  if (id === "segment-products") {
    const heading = { ...pageHeading(context, "page.segmentProducts", [["page.products", "/products"]]), description: t("products.segmentsIntro") };
    return { view: "segments" as const, heading, segments: await listSegments(services.db, language) };
  }
  const category = await getProductCategory(services.db, language, id);
  if (!category) notFound();
  const [products, lineServices] = await Promise.all([
    listProducts(services.db, language, { category: category.slug }),
    // Call management also lists the line services (forwarding, super clip, barring, hotline…).
    category.slug === "call-management" ? listServices(services.db, language) : Promise.resolve([]),
  ]);
  const heading = itemHeading(context, "page.product", [["page.products", "/products"]], category);
  return { view: "category" as const, heading, category, products, lineServices };
}

export const meta = headingMeta;

export default function ProductCategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  if (loaderData.view === "prices") {
    return (
      <SectionPage heading={loaderData.heading}>
        <PricesList tariffs={loaderData.tariffs} initialQuery={loaderData.query} />
      </SectionPage>
    );
  }
  if (loaderData.view === "segments") {
    return (
      <SectionPage heading={loaderData.heading}>
        <p className="mb-6 text-lg text-slate-700">{t("products.segmentsIntro")}</p>
        <CardGrid>
          {loaderData.segments.map((segment) => (
            <LinkCard key={segment.id} id={`segment-${segment.id}`} to={segmentPath(segment)} title={segment.title} summary={segment.summary} action={t("products.see")} headingLevel={2} />
          ))}
        </CardGrid>
      </SectionPage>
    );
  }
  const { category, products, lineServices } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <p className="mb-6 text-lg text-slate-700">{category.summary}</p>
      {products.length === 0 && lineServices.length === 0 ? <p className="text-slate-600">{t("products.none")}</p> : null}
      <ProductCards products={products} headingLevel={2} />
      {lineServices.length > 0 ? (
        <section aria-labelledby="line-services" className="mt-10">
          <h2 id="line-services" className="mb-4 text-2xl font-bold text-brand-800">{t("products.servicesTitle")}</h2>
          <CardGrid>
            {lineServices.map((service) => (
              <LinkCard key={service.id} id={`service-${service.id}`} to={servicePath(service)} title={service.title} summary={service.summary} facts={priceText(service.price, "month")} action={t("products.details")} />
            ))}
          </CardGrid>
        </section>
      ) : null}
    </SectionPage>
  );
}

