// sitemap.xml and robots.txt. The sitemap lists every public page in both languages (the `?lang` form
// of the URL), each with its alternate in the other language, from the content now in the database.
import type { Db } from "../db/database.ts";
import { LANGUAGES } from "../../common/language.ts";
import { PAYMENT_QUICK_LINK } from "../../common/constants.ts";
import { listBusinessSolutions, listNews, listProductCategories, listProducts, listSegments, listServices, listAppDetails } from "../content/catalogue.ts";
import { listBundleCategories, listBundles, listCurrentOffers } from "../content/service.ts";

/** Every public path of the site, fixed pages first, then one per content item (the offers running on `today`). */
export async function publicPaths(db: Db, companySlug: string, today: string): Promise<string[]> {
  const language = "en";
  const [categories, products, segments, services, apps, news, solutions, bundleCategories, bundles, offers] = await Promise.all([
    listProductCategories(db, language),
    listProducts(db, language),
    listSegments(db, language),
    listServices(db, language),
    listAppDetails(db, language),
    listNews(db, language, { limit: 10_000 }),
    listBusinessSolutions(db, language),
    listBundleCategories(db, language),
    listBundles(db, language),
    listCurrentOffers(db, language, today),
  ]);
  const about = ["who-we-are", "social-responsibility", "financial-reports", "press-center", "investor-relations"].map((page) => `/about-${companySlug}/${page}`);
  const paths = [
    "/home",
    "/products",
    "/products/segment-products",
    "/products/prices-list",
    PAYMENT_QUICK_LINK,
    "/bundles",
    "/offers",
    "/roaming",
    "/international-Roaming-Countries",
    "/SMS-Roaming-Countries",
    "/Reservation",
    "/support/FAQs",
    "/support/Services-Centers",
    "/support/Feedback",
    "/support/Contact-Us",
    "/business",
    "/service-terms",
    "/privacy-policy",
    ...about,
    ...categories.filter((category) => category.slug !== "segment-products").map((category) => `/products/${category.slug}`),
    ...products.map((product) => `/products/${product.category}/${product.id}`),
    ...segments.map((segment) => `/segment-details/${segment.id}`),
    ...services.map((service) => `/service-details/${service.id}`),
    ...apps.map((app) => `/app-details/${app.id}`),
    ...news.map((item) => `/news-details/${item.type}/${item.id}`),
    ...solutions.map((solution) => `/business/${solution.slug}`),
    ...bundleCategories.map((category) => `/bundles/${category.id}`),
    ...bundles.map((bundle) => `/bundle-details/${bundle.type}/${bundle.id}`),
    ...offers.map((offer) => `/offer-details/${offer.type}/${offer.id}`),
  ];
  return [...new Set(paths)];
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function sitemapXml(db: Db, origin: string, companySlug: string, today: string): Promise<string> {
  const paths = await publicPaths(db, companySlug, today);
  const urls = paths.flatMap((path) =>
    LANGUAGES.map((language) => {
      const alternates = LANGUAGES.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(`${origin}${path}?lang=${other}`)}"/>`).join("");
      return `<url><loc>${escapeXml(`${origin}${path}?lang=${language}`)}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

// The subscriber pages (GUARDED_PATHS) are not disallowed: a crawler has no session, so they answer it a redirect
// to /home and never show it a subscriber's page. Disallowed, a linked /profile could still be listed as a bare
// URL "no information is available for this page" (the crawler may not fetch it to see the redirect), and
// Lighthouse rightly counts it as blocked from indexing.
export function robotsTxt(origin: string): string {
  const disallowed = ["/console", "/account/", "/line-features/", "/dev/", "/search"];
  return `User-agent: *\n${disallowed.map((path) => `Disallow: ${path}`).join("\n")}\n\nSitemap: ${origin}/sitemap.xml\n`;
}
