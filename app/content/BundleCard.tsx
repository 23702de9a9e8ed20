// How a bundle reads on the site: its allowances (the figures first), price with the currency suffix,
// validity, and where it leads. Change here to change every bundle list (home, /bundles, a category).
import { useTranslation } from "../i18n/react.ts";
import { activateBundlePath } from "../my-line/paths.ts";
import { Link } from "react-router";
import { formatAmount, formatNumber } from "../../common/format.ts";
import type { Bundle } from "../../server/content/service.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { cardHeading, type CardHeadingLevel } from "./LinkCard.tsx";
import { BidiText } from "./BidiText.tsx";

export function bundleDetailsPath(bundle: Pick<Bundle, "type" | "id">): string {
  return `/bundle-details/${bundle.type}/${bundle.id}`;
}

/** "20 GB", "500 minutes", "Unlimited minutes", in the page's language (plural rules of Arabic included). */
export function useAllowanceText() {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  return (allowance: Bundle["allowances"][number]) =>
    allowance.unit === "unlimited"
      ? t(`bundles.unlimited.${allowance.kind}`)
      : t(`bundles.units.${allowance.unit}`, { count: allowance.amount, amount: formatNumber(language, allowance.amount) });
}

export function BundleCard({ bundle, headingLevel }: { bundle: Bundle; headingLevel?: CardHeadingLevel }) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const allowanceText = useAllowanceText();
  const headingId = `bundle-${bundle.id}`;
  const Heading = cardHeading(headingLevel);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 shadow-sm">
      {bundle.popular ? <p className="self-start rounded-full bg-amber-100 px-3 py-0.5 text-sm font-bold text-amber-900">{t("bundles.popular")}</p> : null}
      <Heading id={headingId} className="text-lg font-bold text-brand-800">
        <Link to={bundleDetailsPath(bundle)} className="hover:underline"><BidiText text={bundle.title} linkCodes={false} /></Link>
      </Heading>
      <ul className="flex flex-wrap gap-2" aria-label={t("bundles.allowances")}>
        {bundle.allowances.map((allowance) => (
          <li key={allowance.kind} className="rounded-lg bg-brand-50 px-3 py-1 font-bold text-brand-900">{allowanceText(allowance)}</li>
        ))}
      </ul>
      <p className="text-2xl font-bold text-slate-900">{formatAmount(language, bundle.price, currencySuffix)}</p>
      <p className="text-sm text-slate-600">{t("bundles.validity", { count: bundle.validityDays })}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={bundleDetailsPath(bundle)} aria-describedby={headingId} className="rounded-lg bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
          {t("bundles.details")}
        </Link>
        {/* Buying it on the site: the confirmation on My line (a guest logs in first and continues there). */}
        <Link to={activateBundlePath(bundle.id)} aria-describedby={headingId} className="rounded-lg border-2 border-brand-600 px-4 py-1.5 font-bold text-brand-700 hover:bg-brand-50">
          {t("myLine.activate")}
        </Link>
      </div>
    </article>
  );
}

export function BundleGrid({ bundles, headingLevel }: { bundles: Bundle[]; headingLevel?: CardHeadingLevel }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 nav:grid-cols-3">
      {bundles.map((bundle) => (
        <BundleCard key={bundle.id} bundle={bundle} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
