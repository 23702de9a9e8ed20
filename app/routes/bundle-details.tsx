// /bundle-details/{type}/{id}: a bundle's allowances, price, validity, renewal, who can have it, and how
// to activate it (on the site through My line, or by USSD code or SMS keyword). An unknown bundle, or a
// type that is not the bundle's, is 404.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/bundle-details";
import { formatAmount } from "../../common/format.ts";
import { getBundle, listBundleCategories } from "../../server/content/service.ts";
import { useAllowanceText } from "../content/BundleCard.tsx";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { ShareButton } from "../content/ShareButton.tsx";
import { BidiText } from "../content/BidiText.tsx";
import { UssdCode } from "../content/UssdCode.tsx";
import { activateBundlePath } from "../my-line/paths.ts";
import { Link, useNavigate } from "react-router";
import { useEffect, useState } from "react";
import { intentProps, useLazyComponent } from "../shell/useLazy.ts";

const loadActivateDialog = () => import("../my-line/ActivateBundleDialog.tsx").then((module) => module.ActivateBundleDialog);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const id = Number(params.id);
  const bundle = Number.isSafeInteger(id) && id > 0 ? await getBundle(services.db, language, id, params.type) : null;
  if (!bundle) notFound();
  const category = (await listBundleCategories(services.db, language)).find((item) => item.id === bundle.categoryId);
  const heading = pageHeading(context, "page.bundleDetails", [["page.bundles", "/bundles"]]);
  if (category) heading.breadcrumbs.splice(heading.breadcrumbs.length - 1, 0, { label: category.title, to: `/bundles/${category.id}` });
  heading.title = bundle.title;
  heading.description = bundle.description;
  heading.breadcrumbs[heading.breadcrumbs.length - 1] = { label: bundle.title };
  return { heading, bundle };
}

export const meta = headingMeta;

export default function BundleDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, currencySuffix, account } = useShell().shell;
  const allowanceText = useAllowanceText();
  const { bundle } = loaderData;
  // A subscriber confirms in a dialog over this page; a guest (and anyone before hydration) follows the link.
  const [confirming, setConfirming] = useState(false);
  const [ActivateBundleDialog, loadDialog, , , prepareDialog] = useLazyComponent(loadActivateDialog);
  const navigate = useNavigate();
  useEffect(() => {
    // A dialog whose code does not arrive in time: the same confirmation on My line instead.
    if (confirming && !ActivateBundleDialog) void loadDialog().then((loaded) => loaded || navigate(activateBundlePath(bundle.id)));
  }, [confirming, ActivateBundleDialog, loadDialog, navigate, bundle.id]);
  return (
    <SectionPage heading={loaderData.heading}>
      <div className="grid gap-6 nav:grid-cols-[2fr_1fr]">
        <section aria-labelledby="bundle-includes" className="flex flex-col gap-4 rounded-xl border border-slate-200 p-6">
          <p className="text-slate-700"><BidiText text={bundle.description} /></p>
          <h2 id="bundle-includes" className="text-lg font-bold text-brand-800">{t("bundles.allowances")}</h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            {bundle.allowances.map((allowance) => (
              <li key={allowance.kind} className="rounded-xl bg-brand-50 p-4 text-center text-xl font-bold text-brand-900">{allowanceText(allowance)}</li>
            ))}
          </ul>
          <dl className="grid gap-2 sm:grid-cols-2">
            <div><dt className="text-sm text-slate-600">{t("bundles.price")}</dt><dd className="text-2xl font-bold">{formatAmount(language, bundle.price, currencySuffix)}</dd></div>
            <div><dt className="text-sm text-slate-600">{t("bundles.validityLabel")}</dt><dd className="font-bold">{t("bundles.validity", { count: bundle.validityDays })}</dd></div>
            <div><dt className="text-sm text-slate-600">{t("bundles.renewalLabel")}</dt><dd className="font-bold">{t(`bundles.renewal.${bundle.renewal}`)}</dd></div>
            <div><dt className="text-sm text-slate-600">{t("bundles.eligibilityLabel")}</dt><dd className="font-bold">{t(`bundles.eligibility.${bundle.eligibility}`)}</dd></div>
          </dl>
          <ShareButton title={bundle.title} />
        </section>
        <section aria-labelledby="bundle-activate" className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-6">
          <h2 id="bundle-activate" className="text-lg font-bold text-brand-800">{t("bundles.howToActivate")}</h2>
          {/* On the site: the confirmation on My line (a guest logs in first and continues there). */}
          <Link
            to={activateBundlePath(bundle.id)}
            aria-haspopup={account ? "dialog" : undefined}
            onClick={(event) => {
              if (!account) return;
              event.preventDefault();
              setConfirming(true);
            }}
            // A subscriber's confirmation dialog is fetched when the link shows intent.
            {...(account ? intentProps(prepareDialog) : {})}
            className="self-start rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800"
          >
            {t("myLine.activate")}
          </Link>
          {ActivateBundleDialog && confirming ? <ActivateBundleDialog bundleId={bundle.id} isOpen={confirming} onOpenChange={setConfirming} /> : null}
          <p>{t("bundles.byUssd")}</p>
          <p>
            <UssdCode code={bundle.activation.ussd} />
          </p>
          <p>
            {t("bundles.bySms")} <bdi dir="ltr" className="font-bold">{bundle.activation.smsKeyword}</bdi> {t("bundles.smsTo")}{" "}
            <bdi dir="ltr" className="font-bold">{bundle.activation.smsTo}</bdi>
          </p>
        </section>
      </div>
    </SectionPage>
  );
}
