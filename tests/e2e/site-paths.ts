// The pages of app/routes.ts that the e2e walk visits (tests/e2e/site-walk.ts: widths and axe): fixed paths, one real
// item of each content route taken from the sitemap, the subscriber-only routes and a number to reserve.
import routes from "../../app/routes.ts";
import { send, type TestServer } from "../support/test-server.ts";

/** A path no route nor content item has: the site's page for it answers 404. */
export const MISSING_PATH = "/no-such-page";

/** Pages whose path names no content item, one of each kind (the four support pages differ, so do the company pages). */
export const FIXED_PATHS = [
  "/home",
  "/products",
  "/products/segment-products",
  "/products/prices-list",
  "/products/payment/62",
  "/bundles",
  "/offers",
  "/roaming",
  "/international-Roaming-Countries",
  "/SMS-Roaming-Countries",
  "/Reservation",
  "/Reservation?pattern=2024&match=endsWith",
  "/Reservation?pattern=12x",
  "/support/FAQs",
  "/support/Services-Centers",
  "/support/Feedback",
  "/support/Contact-Us",
  "/business",
  "/privacy-policy",
  "/privacy-policy/segment",
  "/service-terms",
  "/service-terms/segment",
  "/about-sama/who-we-are",
  "/about-sama/financial-reports",
  "/search?q=internet",
  "/search?q=qwxzv",
  MISSING_PATH,
  // The operator's console: its login is the one page a guest sees (the others need a staff session and are
  // checked at 320 px and with axe by tests/e2e/console.test.ts and tests/e2e/console-media.test.ts).
  "/console/login",
];

/** The company pages FIXED_PATHS leaves out (each has its own text; the press centre lists the news). */
export const OTHER_COMPANY_PATHS = ["/about-sama/social-responsibility", "/about-sama/press-center", "/about-sama/investor-relations"];

/** The content routes of app/routes.ts: each is checked with the first item of that kind in the sitemap. */
const CONTENT_ROUTES: [route: string, path: RegExp][] = [
  ["/products/:id", /^\/products\/(?!segment-products$|prices-list$)[^/]+$/],
  ["/products/:id/:type", /^\/products\/(?!payment\/)[^/]+\/[^/]+$/],
  ["/segment-details/:id", /^\/segment-details\/[^/]+$/],
  ["/bundles/:id", /^\/bundles\/[^/]+$/],
  ["/bundle-details/:type/:id", /^\/bundle-details\/[^/]+\/[^/]+$/],
  ["/offer-details/:type/:id", /^\/offer-details\/[^/]+\/[^/]+$/],
  ["/app-details/:id", /^\/app-details\/[^/]+$/],
  ["/service-details/:id", /^\/service-details\/[^/]+$/],
  ["/news-details/:type/:id", /^\/news-details\/[^/]+\/[^/]+$/],
  ["/business/:id", /^\/business\/[^/]+$/],
];

/** The routes a guest cannot open (checked with a session); /reserve-number gets an available number. */
export const SUBSCRIBER_PATHS = ["/profile", "/call-forward", "/super-clip", "/call-barring", "/hotline", "/my-line", "/my-line?activate=102", "/top-up", "/my-line/usage", "/my-line/usage?days=90&kind=voice"];

/** One item of each content route (from the sitemap) and a /reserve-number link of an available number. */
export async function contentSamples(server: TestServer): Promise<{ contentPaths: string[]; reservePath: string }> {
  const sitemap = (await send(server.url, "/sitemap.xml")).text;
  const sitemapPaths = [...new Set([...sitemap.matchAll(/<loc>[^<]*?\/\/[^/]+(\/[^?<]*)\?lang=en<\/loc>/g)].map((match) => match[1]!))];
  const contentPaths = CONTENT_ROUTES.map(([route, pattern]) => {
    const sample = sitemapPaths.find((path) => pattern.test(path));
    if (!sample) throw new Error(`The sitemap lists no page of ${route}: is the demo content loaded?`);
    return sample;
  });
  const reservation = (await send(server.url, "/Reservation?pattern=2024&match=endsWith&lang=en")).text;
  const reservePath = reservation.match(/href="(\/reserve-number\?gsm=\d+)"/)?.[1];
  if (!reservePath) throw new Error("/Reservation offers no number to reserve: is the demo number pool loaded?");
  return { contentPaths, reservePath };
}

/**
 * The page routes of app/routes.ts (modules that render, not redirects or resource routes) that no path of
 * `paths` reaches: a route added to the table without a page here shows up in this list.
 */
export function routesNotVisited(paths: string[]): string[] {
  const pages = routes.filter((route) => route.file.endsWith(".tsx") && route.path !== undefined && route.path !== "*");
  // A layout route (the console's) is visited by any path below it.
  const patternOf = (routePath: string, layout: boolean) =>
    new RegExp(`^${routePath.split("/").map((segment) => (segment.startsWith(":") ? (segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : `/${segment}`)).join("")}${layout ? "(?:/.*)?" : ""}$`, "i");
  return pages.filter((route) => !paths.some((path) => patternOf(route.path!, Boolean(route.children?.length)).test(path.split("?")[0]!))).map((route) => `/${route.path}`);
}
