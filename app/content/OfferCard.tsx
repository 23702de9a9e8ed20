// How an offer reads in a list: its banner (if it has one), title, summary, until when it runs, and the way to
// its details.
import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import { formatDate } from "../../common/format.ts";
import type { Offer } from "../../server/content/service.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { cardHeading, type CardHeadingLevel } from "./LinkCard.tsx";
import { BidiText } from "./BidiText.tsx";
import { ResponsiveImage } from "./ResponsiveImage.tsx";

export function offerDetailsPath(offer: Pick<Offer, "type" | "id">): string {
  return `/offer-details/${offer.type}/${offer.id}`;
}

export function OfferCard({ offer, headingLevel }: { offer: Offer; headingLevel?: CardHeadingLevel }) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  const headingId = `offer-${offer.id}`;
  const Heading = cardHeading(headingLevel);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 shadow-sm">
      {offer.image ? <ResponsiveImage base={offer.image} alt="" sizes="384px" /> : null}
      <Heading id={headingId} className="text-lg font-bold text-brand-800">
        <Link to={offerDetailsPath(offer)} className="hover:underline"><BidiText text={offer.title} linkCodes={false} /></Link>
      </Heading>
      <p className="text-slate-700"><BidiText text={offer.summary} /></p>
      <p className="text-sm text-slate-600">{t("offers.until", { date: formatDate(language, offer.validTo) })}</p>
      <Link to={offerDetailsPath(offer)} aria-describedby={headingId} className="mt-auto self-start rounded-lg bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
        {t("bundles.details")}
      </Link>
    </article>
  );
}
