// The `meta` of pages: title, description and the Open Graph tags, in the page's language. Its own module,
// apart from SectionPage's components, so a page that only needs its meta (the home page, the root's error
// boundary) does not load the section layout before it is interactive.
import { isRouteErrorResponse } from "react-router";
import type { PageHeading } from "./page.server.ts";

interface RootData {
  brand?: { name?: string; tagline?: string };
  /** Titles of the error pages (the catalog itself is not in the loader data). */
  errorTitles?: { notFound?: string; generic?: string };
  origin?: string;
  language?: string;
}

/**
 * `meta` of a page whose loader returns a PageHeading: "<title> | <brand>", the description (the
 * heading's, else the brand's tagline) and the Open Graph tags, all in the page's language.
 */
export function headingMeta({
  loaderData,
  matches,
  location,
}: {
  loaderData?: { heading?: PageHeading };
  matches: ({ id: string; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
}) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const brand = root?.brand?.name ?? "";
  const title = loaderData?.heading?.title;
  return socialMeta({
    title: title ? `${title} | ${brand}` : brand,
    description: loaderData?.heading?.description ?? root?.brand?.tagline ?? "",
    root,
    pathname: location.pathname,
  });
}

/**
 * `meta` of the root, used when a page's loader failed and the root's boundary shows the not-found page or
 * the error state: the document still gets a title that says what happened.
 */
export function errorPageMeta({ loaderData, error }: { loaderData?: unknown; error?: unknown }) {
  if (!error) return [];
  const root = loaderData as RootData | undefined;
  const brand = root?.brand?.name ?? "";
  const what = isRouteErrorResponse(error) && error.status === 404 ? root?.errorTitles?.notFound : root?.errorTitles?.generic;
  return [{ title: what ? `${what} | ${brand}` : brand }];
}

/** title, description and Open Graph / Twitter card tags; the shared link carries the page's language. */
export function socialMeta({ title, description, root, pathname }: { title: string; description: string; root: RootData | undefined; pathname: string }) {
  const language = root?.language === "en" ? "en" : "ar";
  const origin = root?.origin ?? "";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: root?.brand?.name ?? "" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${pathname}?lang=${language}` },
    { property: "og:locale", content: language === "ar" ? "ar_SY" : "en_GB" },
    { property: "og:image", content: `${origin}/images/og-image.jpg` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
