import { I18nextProvider } from "./i18n/react.ts";
import { useContext, useMemo, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { directionOf, type Language } from "../common/language.ts";
import { createI18n } from "./i18n/i18n.ts";
import { CatalogContext } from "./i18n/catalog-context.ts";
import arabicCatalog from "../common/i18n/ar.json?url";
import englishCatalog from "../common/i18n/en.json?url";
import { loadShell } from "./shell/shell.server.ts";
import { webSessionMiddleware } from "./account/web-session.server.ts";
import { SiteShell } from "./shell/SiteShell.tsx";
import { NotFound } from "./shell/NotFound.tsx";
import { ErrorState } from "./shell/ErrorState.tsx";
import { languageHref } from "./shell/LanguagePicker.tsx";
import { errorPageMeta } from "./pages/page-meta.ts";
import stylesheet from "./app.css?url";
import arabicFont from "@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url";
import latinFont from "@fontsource/cairo/files/cairo-latin-400-normal.woff2?url";

/** Resolves the visitor's session once per request (cookies, selected number, flash messages). */
export const middleware: Route.MiddlewareFunction[] = [webSessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShell(request, context);
}

/**
 * The shell's data (language, catalog, footer lists, session) changes only after a form post, an
 * explicit revalidation (same URL: after a number was added or selected) or a reload.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== "GET") return defaultShouldRevalidate;
  return formMethod === undefined && currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const shell = useRouteLoaderData<typeof loader>("root");
  const language: Language = shell?.language ?? "ar";
  const catalog = useContext(CatalogContext);
  const shellLanguage = shell?.language;
  const i18n = useMemo(() => (shellLanguage && catalog ? createI18n(shellLanguage, catalog) : null), [shellLanguage, catalog]);
  // The document's CSP nonce is the one it was served with: a later revalidation of the root loader (after
  // a form action) brings a new response's nonce, which this document's policy would refuse.
  // A guest page from the page cache has none (server/page-cache/csp.ts).
  const [cspNonce] = useState(shell?.cspNonce || undefined);
  // The operator's console has its own frame (app/console/ConsoleShell.tsx): no site navigation, no footer.
  const isConsole = /^\/console(\/|$)/i.test(useLocation().pathname);
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5b21b6" />
        {/* The one render-blocking file, asked for first: with a precedence React writes it before the ~25
            modulepreloads it hoists into the head (a browser on HTTP/1.1 opens six connections to a host, so
            a stylesheet behind them waits for the scripts: first paint 0.3–0.6 s later on a slow network). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* React Aria reads the nonce from here for the few <style> elements it adds at run time. */}
        {cspNonce ? <meta name="csp-nonce" content={cspNonce} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="preload" as="font" type="font/woff2" crossOrigin="anonymous" href={language === "ar" ? arabicFont : latinFont} />
        {/* The messages of the page language: app/entry.client.tsx reads them before hydrating. */}
        <link rel="preload" as="fetch" crossOrigin="anonymous" data-catalog="" href={language === "ar" ? arabicCatalog : englishCatalog} />
        {shell && !isConsole ? <AlternateLinks origin={shell.origin} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {i18n && shell ? (
          <I18nextProvider i18n={i18n}>
            {isConsole ? children : <SiteShell shell={shell}>{children}</SiteShell>}
          </I18nextProvider>
        ) : (
          children
        )}
        <ScrollRestoration nonce={cspNonce} />
        <Scripts nonce={cspNonce} />
      </body>
    </html>
  );
}

/** Each page names itself in both languages (hreflang), plus x-default (Arabic, the default). */
function AlternateLinks({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <link rel="alternate" hrefLang="ar" href={origin + languageHref(pathname, search, "ar")} />
      <link rel="alternate" hrefLang="en" href={origin + languageHref(pathname, search, "en")} />
      <link rel="alternate" hrefLang="x-default" href={origin + languageHref(pathname, search, "ar")} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

/** Pages have their own meta; this one titles the not-found page and the error state of the boundary below. */
export const meta = errorPageMeta;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorState />;
}
