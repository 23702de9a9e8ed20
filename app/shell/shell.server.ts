// Data every page's shell needs: the language, the footer's lists, the session.
import type { RouterContextProvider } from "react-router";
import { FOOTER_MAX_APPS, FOOTER_MAX_BUNDLE_CATEGORIES } from "../../common/constants.ts";
import { calendarDay } from "../../common/format.ts";
import { listApps, listBundleCategories, listSocialLinks } from "../../server/content/service.ts";
import { requestContext, servicesContext } from "../context.ts";
import { catalogFor } from "../i18n/catalogs.server.ts";
import { takeNotices } from "../account/web-session.server.ts";
import { getSessionAccount } from "../session.server.ts";

export async function loadShell(request: Request, context: Readonly<RouterContextProvider>) {
  const { language, cspNonce, origin } = context.get(requestContext);
  const { db, config, contentMemo } = context.get(servicesContext);
  const [bundleCategories, apps, socialLinks] = await contentMemo.get(`shell ${language}`, () =>
    Promise.all([listBundleCategories(db, language), listApps(db, language), listSocialLinks(db)]),
  );
  const account = getSessionAccount(context);
  const catalog = catalogFor(language);
  return {
    language,
    /** The brand's name and tagline, for pages' meta tags (the catalog itself: app/i18n/catalog-context.ts). */
    brand: catalog.brand as { name: string; tagline: string },
    errorTitles: { notFound: (catalog.page as { notFound: string }).notFound, generic: (catalog.errors as { generic: string }).generic },
    cspNonce,
    origin,
    companySlug: config.COMPANY_SLUG,
    /** The zone every time on the page is shown in (common/format.ts formatDateTime; useOperatorTimeZone). */
    timeZone: config.OPERATOR_TIME_ZONE,
    /** The footer's year: the operator's, from the server's clock (the browser's zone and clock may differ, and would then not hydrate). */
    year: Number(calendarDay(new Date(), config.OPERATOR_TIME_ZONE).slice(0, 4)),
    /** Suffix of every amount on the page (common/format.ts formatAmount). */
    currencySuffix: language === "ar" ? config.CURRENCY_SUFFIX_AR : config.CURRENCY_SUFFIX_EN,
    footer: {
      bundleCategories: bundleCategories.slice(0, FOOTER_MAX_BUNDLE_CATEGORIES),
      apps: apps.slice(0, FOOTER_MAX_APPS).map(({ id, title, link }) => ({ id, title, link })),
      socialLinks,
    },
    account: account ? { mainGsm: account.mainGsm, gsm: account.selectedGsm } : null,
    /** One-shot messages for this page (logout's message, a selected number that was reset). */
    notices: takeNotices(request, context),
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
