// The guest page that shows an item (the console's "view on the site" and its preview), as the sitemap
// builds them (server/seo/sitemap.ts); kinds with no page of their own open the page that lists them.
import type { ContentKind } from "../../common/content-schemas.ts";

type Item = Record<string, unknown>;
const text = (value: unknown) => encodeURIComponent(String(value));

export function guestPathOf(kind: ContentKind, item: Item, companySlug: string): string {
  switch (kind) {
    case "offers":
      return `/offer-details/${text(item.type)}/${text(item.id)}`;
    case "news":
      return `/news-details/${text(item.type)}/${text(item.id)}`;
    case "bundles":
      return `/bundle-details/${text(item.type)}/${text(item.id)}`;
    case "bundle-categories":
      return `/bundles/${text(item.id)}`;
    case "apps":
      return `/app-details/${text(item.id)}`;
    case "products":
      return `/products/${text(item.category)}/${text(item.id)}`;
    case "product-categories":
      return `/products/${text(item.slug)}`;
    case "segments":
      return `/segment-details/${text(item.id)}`;
    case "services":
      return `/service-details/${text(item.id)}`;
    case "business-solutions":
      return `/business/${text(item.slug)}`;
    case "about":
      return item.slug === "terms" ? "/service-terms" : item.slug === "privacy" ? "/privacy-policy" : `/about-${companySlug}/${text(item.slug)}`;
    case "roaming-zones":
    case "roaming-countries":
      return "/international-Roaming-Countries";
    case "international-tariffs":
      return "/roaming";
    case "faqs":
    case "faq-categories":
      return "/support/FAQs";
    case "service-centres":
    case "cities":
      return "/support/Services-Centers";
    case "jobs":
    case "social-links":
      return "/home";
  }
}
