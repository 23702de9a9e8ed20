import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { PAYMENT_QUICK_LINK, RESERVE_NUMBER_PATH } from "../../common/constants.ts";
import { listApps, listBundles } from "../../server/content/service.ts";
import { BundleGrid } from "../content/BundleCard.tsx";
import { pageTools } from "../pages/page.server.ts";
import { ArrowIcon } from "../shell/icons.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, language, t } = pageTools(context);
  const [apps, bundles] = await Promise.all([listApps(services.db, language), listBundles(services.db, language)]);
  return { title: t("page.home"), brand: t("brand.name"), tagline: t("brand.tagline"), apps, popularBundles: bundles.filter((bundle) => bundle.popular).slice(0, 6) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.brand} | ${loaderData.tagline}` : "" }, { name: "description", content: loaderData?.tagline ?? "" }];
}

const QUICK_LINKS = [
  { to: PAYMENT_QUICK_LINK, label: "home.quickPayment" },
  { to: RESERVE_NUMBER_PATH, label: "home.quickReserve" },
  { to: "/roaming", label: "home.quickRoaming" },
  { to: "/products/prices-list", label: "home.quickPrices" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <section className="bg-gradient-to-l from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-14 nav:py-20">
          <h1 className="text-3xl font-bold nav:text-5xl">{t("home.heroTitle")}</h1>
          <p className="max-w-2xl text-lg text-brand-100">{t("home.heroText")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/bundles" className="flex items-center gap-2 rounded-lg bg-accent-400 px-5 py-3 font-bold text-slate-900 hover:bg-accent-500">
              {t("home.heroCta")}
              <ArrowIcon />
            </Link>
            <Link to="/offers" className="rounded-lg px-5 py-3 font-bold ring-2 ring-white/70 hover:bg-white/10">
              {t("nav.offers")}
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="quick-links" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="quick-links" className="mb-4 text-2xl font-bold text-brand-800">{t("nav.quickLinks")}</h2>
        <ul className="grid grid-cols-2 gap-3 nav:grid-cols-4">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="flex h-full items-center justify-between gap-2 rounded-xl border border-brand-100 bg-brand-50 p-4 font-bold text-brand-800 hover:border-brand-600">
                {t(link.label)}
                <ArrowIcon />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {loaderData.popularBundles.length > 0 ? (
        <section aria-labelledby="popular-bundles" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="popular-bundles" className="text-2xl font-bold text-brand-800">{t("home.popularBundles")}</h2>
            <Link to="/bundles" aria-describedby="popular-bundles" className="font-bold text-brand-700 underline">{t("bundles.seeCategory")}</Link>
          </div>
          <BundleGrid bundles={loaderData.popularBundles} />
        </section>
      ) : null}

      <section id="apps" aria-labelledby="apps-title" className="mx-auto max-w-6xl scroll-mt-4 px-4 py-10">
        <h2 id="apps-title" className="mb-4 text-2xl font-bold text-brand-800">{t("nav.apps")}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 nav:grid-cols-4">
          {loaderData.apps.map((app) => (
            <li key={app.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5">
              <h3 className="text-lg font-bold">
                <Link to={`/app-details/${app.id}`} className="hover:text-brand-700 hover:underline">{app.title}</Link>
              </h3>
              <div className="mt-auto flex flex-wrap gap-2 text-sm">
                <a href={app.link} target="_blank" rel="noopener noreferrer" className="rounded bg-slate-900 px-3 py-1.5 font-bold text-white">{t("apps.googlePlay")}</a>
                <a href={app.appleLink} target="_blank" rel="noopener noreferrer" className="rounded bg-slate-900 px-3 py-1.5 font-bold text-white">{t("apps.appStore")}</a>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
