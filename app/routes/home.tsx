import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { PAYMENT_QUICK_LINK, RESERVE_NUMBER_PATH } from "../../common/constants.ts";
import { listNews, listServices } from "../../server/content/catalogue.ts";
import { listApps, listBundles, listCurrentOffers } from "../../server/content/service.ts";
import { contentToday } from "../../server/content/content-clock.ts";
import { BundleGrid } from "../content/BundleCard.tsx";
import { LinkCard } from "../content/LinkCard.tsx";
import { NewsCards, newsCardOf, type NewsCard } from "../content/ItemCards.tsx";
import { OfferCard } from "../content/OfferCard.tsx";
import { appPath, servicePath } from "../content/paths.ts";
import { pageTools } from "../pages/page.server.ts";
import { socialMeta } from "../pages/page-meta.ts";
import { ArrowIcon } from "../shell/icons.tsx";

/** How many random offers the home page shows (a different pick on each visit). */
const HOME_OFFERS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, language, t } = pageTools(context);
  const [apps, bundles, offers, specialServices, news] = await Promise.all([
    listApps(services.db, language),
    listBundles(services.db, language),
    listCurrentOffers(services.db, language, contentToday(services)),
    listServices(services.db, language, { special: true }),
    listNews(services.db, language, { limit: 3 }),
  ]);
  const randomOffers = offers
    .map((offer) => ({ offer, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, HOME_OFFERS)
    .map(({ offer }) => offer);
  return {
    title: t("page.home"),
    brand: t("brand.name"),
    tagline: t("brand.tagline"),
    apps,
    popularBundles: bundles.filter((bundle) => bundle.popular).slice(0, 6),
    offers: randomOffers,
    // The hero shows the first running offer (in the editors' order); the offers section a random few.
    heroOffer: offers[0] ? { id: offers[0].id, type: offers[0].type, title: offers[0].title, summary: offers[0].summary } : null,
    specialServices: specialServices.map(({ id, title, summary }) => ({ id, title, summary })),
    news: news.map(newsCardOf),
    pressCenter: `/about-${services.config.COMPANY_SLUG}/press-center`,
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as Parameters<typeof socialMeta>[0]["root"];
  return socialMeta({ title: loaderData ? `${loaderData.brand} | ${loaderData.tagline}` : "", description: loaderData?.tagline ?? "", root, pathname: location.pathname });
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
      <section data-brand-gradient="hero" className="on-dark bg-gradient-to-l from-brand-900 via-brand-800 to-brand-600 text-white">
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
          {loaderData.heroOffer ? (
            <Link
              to={`/offer-details/${loaderData.heroOffer.type}/${loaderData.heroOffer.id}`}
              className="mt-2 flex max-w-2xl flex-col gap-1 rounded-xl bg-white/10 p-4 ring-1 ring-white/30 hover:ring-2 hover:ring-white/70"
            >
              <span className="text-sm font-bold uppercase tracking-wide text-accent-200">{t("home.heroOffer")}</span>
              <span className="text-lg font-bold">{loaderData.heroOffer.title}</span>
              <span className="text-brand-100">{loaderData.heroOffer.summary}</span>
            </Link>
          ) : null}
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

      {loaderData.offers.length > 0 ? (
        <section aria-labelledby="home-offers" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="home-offers" className="text-2xl font-bold text-brand-800">{t("home.offers")}</h2>
            <Link to="/offers" className="font-bold text-brand-700 underline">{t("home.allOffers")}</Link>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 nav:grid-cols-3">
            {loaderData.offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </div>
        </section>
      ) : null}

      {loaderData.specialServices.length > 0 ? (
        <section aria-labelledby="special-services" className="bg-brand-50">
          <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
            <h2 id="special-services" className="text-2xl font-bold text-brand-800">{t("home.specialServices")}</h2>
            <div className="grid gap-4 sm:grid-cols-2 nav:grid-cols-4">
              {loaderData.specialServices.map((service) => (
                <LinkCard key={service.id} id={`special-${service.id}`} to={servicePath(service)} title={service.title} summary={service.summary} action={t("products.details")} />
              ))}
            </div>
          </div>
        </section>
      ) : null}

      <section id="apps" aria-labelledby="apps-title" className="mx-auto max-w-6xl scroll-mt-4 px-4 py-10">
        <h2 id="apps-title" className="mb-4 text-2xl font-bold text-brand-800">{t("nav.apps")}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 nav:grid-cols-4">
          {loaderData.apps.map((app) => (
            <li key={app.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5">
              <h3 className="text-lg font-bold">
                <Link to={appPath(app)} className="hover:text-brand-700 hover:underline">{app.title}</Link>
              </h3>
              <div className="mt-auto flex flex-wrap gap-2 text-sm">
                <a href={app.link} target="_blank" rel="noopener noreferrer" className="rounded bg-slate-900 px-3 py-1.5 font-bold text-white">{t("apps.googlePlay")}</a>
                <a href={app.appleLink} target="_blank" rel="noopener noreferrer" className="rounded bg-slate-900 px-3 py-1.5 font-bold text-white">{t("apps.appStore")}</a>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {loaderData.news.length > 0 ? <LatestNews news={loaderData.news} pressCenter={loaderData.pressCenter} /> : null}
    </>
  );
}

function LatestNews({ news, pressCenter }: { news: NewsCard[]; pressCenter: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="latest-news" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="latest-news" className="text-2xl font-bold text-brand-800">{t("home.latestNews")}</h2>
        <Link to={pressCenter} className="font-bold text-brand-700 underline">{t("home.allNews")}</Link>
      </div>
      <NewsCards news={news} />
    </section>
  );
}
