// What a page loader needs to describe its page: the language's translate function, the title and
// the breadcrumb trail, all in the page's language.
import { data, type RouterContextProvider } from "react-router";
import type { MessageKey, TFunction } from "../../common/message-key.ts";
import { translate } from "../../server/i18n.ts";
import { requestContext, servicesContext } from "../context.ts";

export interface Crumb {
  label: string;
  /** Absent on the last crumb (the current page). */
  to?: string;
}

export interface PageHeading {
  title: string;
  breadcrumbs: Crumb[];
  /** The page's meta description (else the brand's tagline). */
  description?: string;
}

export function pageTools(context: Readonly<RouterContextProvider>) {
  const { language } = context.get(requestContext);
  const services = context.get(servicesContext);
  const t: TFunction = (key, ...values) => translate(language, key, ...values);
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
    breadcrumbs: trail([{ label: t("breadcrumb.home"), to: "/home" }, ...parents.map(([key, to]) => ({ label: t(key), to })), { label: t(titleKey) }]),
  };
}

/**
 * The crumbs as shown: one that bears the same label as the next goes (a section and its first page may be
 * called alike in a language, an item like its category), so the trail never says a place twice in a row;
 * the later, more precise crumb stays.
 */
export function trail(crumbs: Crumb[]): Crumb[] {
  return crumbs.filter((crumb, index) => crumb.label !== crumbs[index + 1]?.label);
}

/**
 * Heading of a detail page: the item's own title replaces the generic one at the end of the trail, and
 * its summary becomes the description. `parents` as for pageHeading, plus crumbs with labels already made.
 */
export function itemHeading(
  context: Readonly<RouterContextProvider>,
  genericKey: MessageKey,
  parents: ([MessageKey, string] | Crumb)[],
  item: { title: string; summary?: string },
): PageHeading {
  const { t } = pageTools(context);
  return {
    title: item.title,
    description: item.summary,
    breadcrumbs: trail([
      { label: t("breadcrumb.home"), to: "/home" },
      ...parents.map((parent) => (Array.isArray(parent) ? { label: t(parent[0]), to: parent[1] } : parent)),
      { label: item.title || t(genericKey) },
    ]),
  };
}

/** Throws the not-found page (HTTP 404) from a loader. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
