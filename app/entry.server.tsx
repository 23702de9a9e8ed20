import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "./context.ts";

export const streamTimeout = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce } = loadContext.get(requestContext);
  let status = responseStatusCode;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />, {
    nonce: cspNonce,
    signal: controller.signal,
    onError(error: unknown) {
      status = 500;
      if (!controller.signal.aborted) console.error(error);
    },
  });
  body.allReady.finally(() => clearTimeout(timer));
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  if (isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
