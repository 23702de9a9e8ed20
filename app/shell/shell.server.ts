// Data every page's shell needs: the language and its catalog, the footer's lists, the session.
import type { RouterContextProvider } from "react-router";
import { FOOTER_MAX_APPS, FOOTER_MAX_BUNDLE_CATEGORIES } from "../../common/constants.ts";
import { listApps, listBundleCategories, listSocialLinks } from "../../server/content/service.ts";
import { requestContext, servicesContext } from "../context.ts";
import { catalogFor } from "../i18n/catalogs.server.ts";
import { getSessionAccount, OPEN_LOGIN_PARAM } from "../session.server.ts";

export async function loadShell(request: Request, context: Readonly<RouterContextProvider>) {
  const { language, cspNonce, origin } = context.get(requestContext);
  const { db, config } = context.get(servicesContext);
  const [bundleCategories, apps, socialLinks, account] = await Promise.all([
    listBundleCategories(db, language),
    listApps(db, language),
    listSocialLinks(db),
    getSessionAccount(request, context),
  ]);
  return {
    language,
    messages: catalogFor(language),
    cspNonce,
    origin,
    companySlug: config.COMPANY_SLUG,
    footer: {
      bundleCategories: bundleCategories.slice(0, FOOTER_MAX_BUNDLE_CATEGORIES),
      apps: apps.slice(0, FOOTER_MAX_APPS).map(({ id, title, link }) => ({ id, title, link })),
      socialLinks,
    },
    account: account ? { gsm: account.mainGsm } : null,
    openLogin: new URL(request.url).searchParams.get(OPEN_LOGIN_PARAM) === "1",
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
