import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "./context.ts";
import { CatalogContext } from "./i18n/catalog-context.ts";
import { catalogFor } from "./i18n/catalogs.server.ts";
import { withLowPriorityModulePreloads } from "./script-priority.server.ts";
import { isDatabaseUnavailable } from "../server/db/errors.ts";
import { markUnavailable, metUnavailable } from "../server/edge/unavailable.ts";
import { AppError } from "../server/edge/app-error.ts";

export const streamTimeout = 10_000;

export function handleError(error: unknown, { request }: { request: Request }) {
  // The database, or a port's system (the charging BSS: a 503 refusal), is away: 503, try again soon.
  if (isDatabaseUnavailable(error) || (error instanceof AppError && error.httpStatus === 503)) {
    markUnavailable(request, error);
    return;
  }
  // A refusal React Router answers itself (405 for a page without an action, 404) is not a failure.
  if (isRouteErrorResponse(error) && error.status < 500) return;
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
  // A page whose data could not be read because the database is down or too slow: 503, try again soon. Any
  // other 503 document (an action that met the outage while its page's loaders did not) says when, too.
  if (metUnavailable(request) || status === 503) {
    status = 503;
    responseHeaders.set("Retry-After", "5");
  }
  // A page rendered for the guest-page cache has no nonce (its CSP carries the hashes of its scripts).
  const nonce = cspNonce || undefined;
  const page = (
    <CatalogContext value={catalogFor(language)}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CatalogContext>
  );
  // Every document is sent whole: loaders have resolved before rendering, so what is left is the lazy parts
  // of a page (a form's fields), which streamed would arrive in a hidden block that only a script reveals —
  // and forms must work before any JavaScript runs; a guest's page is cached whole anyway. Node's own stream
  // API, into one buffer, so the answer has its length.
  const html = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(withLowPriorityModulePreloads(Buffer.concat(chunks)));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // React outlines a large Suspense boundary into a hidden block that a script moves into place, even
      // when it is complete; every part of the page stays where it belongs, for visitors without JavaScript too.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => pipe(sink),
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (!request.signal.aborted) console.error(error);
      },
    });
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength), { headers: responseHeaders, status });
}
