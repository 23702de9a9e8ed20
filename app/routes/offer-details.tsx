// /offer-details/{type}/{id}: an offer's banner (if it has one), summary, dates, terms and how to take it. An
// ended offer still answers (a shared link keeps working) and says it has ended; an unknown one, or a wrong
// type, is 404.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/offer-details";
import { formatDate } from "../../common/format.ts";
import { getOffer } from "../../server/content/service.ts";
import { contentToday } from "../../server/content/content-clock.ts";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { ShareButton } from "../content/ShareButton.tsx";
import { BidiText } from "../content/BidiText.tsx";
import { UssdCode } from "../content/UssdCode.tsx";
import { ResponsiveImage } from "../content/ResponsiveImage.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const id = Number(params.id);
  const offer = Number.isSafeInteger(id) && id > 0 ? await getOffer(services.db, language, id, params.type) : null;
  if (!offer) notFound();
  const heading = pageHeading(context, "page.offerDetails", [["page.offers", "/offers"]]);
  heading.title = offer.title;
  heading.description = offer.summary;
  heading.breadcrumbs[heading.breadcrumbs.length - 1] = { label: offer.title };
  return { heading, offer, ended: offer.validTo < contentToday(services) };
}

export const meta = headingMeta;

export default function OfferDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  const { offer, ended } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <article className="flex max-w-3xl flex-col gap-4 rounded-xl border border-slate-200 p-6">
        {/* At the top of the page: loaded at once, not lazily. Decorative: the heading says what it is. */}
        {offer.image ? <ResponsiveImage base={offer.image} alt="" sizes="720px" eager /> : null}
        {ended ? <p role="status" className="rounded-lg bg-amber-50 p-3 font-bold text-amber-900">{t("offers.ended")}</p> : null}
        <p className="text-lg text-slate-800"><BidiText text={offer.summary} /></p>
        <p className="text-slate-700">{t("offers.period", { from: formatDate(language, offer.validFrom), to: formatDate(language, offer.validTo) })}</p>
        {offer.ussd ? (
          <p>
            {t("bundles.byUssd")}{" "}
            <UssdCode code={offer.ussd} />
          </p>
        ) : null}
        <h2 className="text-lg font-bold text-brand-800">{t("offers.terms")}</h2>
        <p className="text-slate-700"><BidiText text={offer.terms} /></p>
        <ShareButton title={offer.title} />
      </article>
    </SectionPage>
  );
}
