// /service-details/{id}: a line service, its monthly fee, and where to turn it on (the self-service
// screen, for subscribers, or a USSD code).
import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import type { Route } from "./+types/service-details";
import { getService } from "../../server/content/catalogue.ts";
import { ArticleView } from "../content/ArticleView.tsx";
import { usePriceText } from "../content/PriceText.tsx";
import { UssdCode } from "../content/UssdCode.tsx";
import { itemHeading, notFound, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const id = Number(params.id);
  const service = Number.isSafeInteger(id) && id > 0 ? await getService(services.db, language, id) : null;
  if (!service) notFound();
  return { heading: itemHeading(context, "page.serviceDetails", [["page.products", "/products"]], service), service };
}

export const meta = headingMeta;

export default function ServiceDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const { service } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <ArticleView
        title={service.title}
        summary={service.summary}
        body={service.body}
        aside={
          <>
            <div>
              <p className="text-sm text-slate-600">{t("articles.monthlyFee")}</p>
              <p className="text-2xl font-bold">{priceText(service.price, "month")}</p>
            </div>
            {service.selfServicePath ? (
              <Link to={service.selfServicePath} className="rounded-lg bg-brand-700 px-4 py-2 text-center font-bold text-white hover:bg-brand-800">{t("articles.manageOnline")}</Link>
            ) : null}
            {service.ussd ? (
              <div className="flex flex-col gap-2">
                <p>{service.selfServicePath ? t("articles.orDial") : t("products.dial")}</p>
                <p><UssdCode code={service.ussd} /></p>
              </div>
            ) : null}
          </>
        }
      />
    </SectionPage>
  );
}
