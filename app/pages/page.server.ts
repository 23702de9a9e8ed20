// What a page loader needs to describe its page: the language's translate function, the title and
// the breadcrumb trail, all in the page's language.
import { data, type RouterContextProvider } from "react-router";
import { translate, type MessageKey } from "../../server/i18n.ts";
import { requestContext, servicesContext } from "../context.ts";

export interface Crumb {
  label: string;
  /** Absent on the last crumb (the current page). */
  to?: string;
}

export interface PageHeading {
  title: string;
  breadcrumbs: Crumb[];
}

export function pageTools(context: Readonly<RouterContextProvider>) {
  const { language } = context.get(requestContext);
  const services = context.get(servicesContext);
  const t = (key: MessageKey, values?: Record<string, unknown>) => translate(language, key, values);
  return { language, services, t };
}

/**
 * Title and breadcrumb of a page: Home first, then the given parents, then the page itself.
 * `parents` are [messageKey, path] pairs.
 */
export function pageHeading(context: Readonly<RouterContextProvider>, titleKey: MessageKey, parents: [MessageKey, string][] = []): PageHeading {
  const { t } = pageTools(context);
  return {
    title: t(titleKey),
    breadcrumbs: [{ label: t("breadcrumb.home"), to: "/home" }, ...parents.map(([key, to]) => ({ label: t(key), to })), { label: t(titleKey) }],
  };
}

/** Throws the not-found page (HTTP 404) from a loader. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
