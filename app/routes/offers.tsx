// /offers: the offers running today.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/offers";
import { listCurrentOffers } from "../../server/content/service.ts";
import { contentToday } from "../../server/content/content-clock.ts";
import { OfferCard } from "../content/OfferCard.tsx";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  return { heading: pageHeading(context, "page.offers"), offers: await listCurrentOffers(services.db, language, contentToday(services)) };
}

export const meta = headingMeta;

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      {loaderData.offers.length === 0 ? (
        <p className="text-slate-600">{t("offers.none")}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 nav:grid-cols-3">
          {loaderData.offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} headingLevel={2} />
          ))}
        </div>
      )}
    </SectionPage>
  );
}
