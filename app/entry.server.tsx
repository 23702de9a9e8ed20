import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "./context.ts";
import { CatalogContext } from "./i18n/catalog-context.ts";
import { catalogFor } from "./i18n/catalogs.server.ts";
import { isDatabaseUnavailable } from "../server/db/errors.ts";

export const streamTimeout = 10_000;

/** Requests whose loaders met an unavailable database (handleError sees the error before React Router hides it). */
const unavailableRequests = new WeakSet<Request>();

export function handleError(error: unknown, { request }: { request: Request }) {
  if (isDatabaseUnavailable(error)) {
    unavailableRequests.add(request);
    return;
  }
  if (!request.signal.aborted) console.error(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce, language } = loadContext.get(requestContext);
  let status = responseStatusCode;
  // A page whose data could not be read because the database is down or too slow: 503, try again soon.
  if (unavailableRequests.has(request)) {
    status = 503;
    responseHeaders.set("Retry-After", "5");
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  // A page rendered for the guest-page cache has no nonce (its CSP carries the hashes of its scripts) and
  // is rendered whole: the cache keeps the complete document.
  const nonce = cspNonce || undefined;
  const page = (
    <CatalogContext value={catalogFor(language)}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CatalogContext>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    // React outlines a large Suspense boundary into a hidden block that a script moves into place, even when
    // it is complete; every part of the page stays where it belongs, for visitors without JavaScript too.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    signal: controller.signal,
    onError(error: unknown) {
      status = 500;
      if (!controller.signal.aborted) console.error(error);
    },
  });
  body.allReady.finally(() => clearTimeout(timer));
  // Every document is sent whole: loaders have resolved before rendering, so what is left is the lazy
  // parts of a page (a form's fields), which would otherwise stream in a hidden block that only a script
  // reveals — and forms must work before any JavaScript runs. A guest's page is cached whole anyway.
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
