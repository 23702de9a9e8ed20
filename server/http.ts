// The Hono app: middleware (request id, logs, security headers with a CSP nonce, body limit,
// compression), health, static assets, the spec API, then React Router for every page.
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { getCookie, setCookie } from "hono/cookie";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext, servicesContext } from "../app/context.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, languageFromAcceptLanguage, type Language } from "../common/language.ts";
import { apiNotFound, createApi, isApiPath } from "./api/index.ts";
import { failureBody } from "./api/envelope.ts";
import type { AppEnv } from "./http-env.ts";
import type { AppServices } from "./services.ts";

export interface HttpAppOptions {
  services: AppServices;
  /** Directory of the built browser assets (build/client). */
  clientDir: string;
  /** Loads React Router's server build. */
  build: () => Promise<ServerBuild>;
  mode: "production" | "development";
  isShuttingDown: () => boolean;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The page language: `?lang=` first (it also sets the cookie), then the cookie, then Arabic. */
export function pageLanguage(c: Context<AppEnv>): Language {
  const fromQuery = c.req.query(LANGUAGE_QUERY_PARAM);
  if (isLanguage(fromQuery)) {
    setCookie(c, LANGUAGE_COOKIE, fromQuery, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "Lax" });
    return fromQuery;
  }
  const fromCookie = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}

export function createHttpApp(options: HttpAppOptions) {
  const { services, clientDir } = options;
  const { logger, config } = services;
  const isProduction = config.NODE_ENV === "production";
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: "X-Request-Id", generator: () => crypto.randomUUID() }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("services", services);
    c.set("language", DEFAULT_LANGUAGE);
    c.set("logger", logger.child({ reqId: c.get("requestId") }));
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    // A client that hung up is not a server failure: logged as 499 (nginx's "client closed request").
    const status = c.req.raw.signal.aborted ? 499 : c.res.status;
    const entry = { method: c.req.method, path: c.req.path, status, durationMs };
    if (status >= 500) c.get("logger").error(entry, "request failed");
    else if (c.req.path !== "/healthz" && c.req.path !== "/readyz") c.get("logger").info(entry, "request");
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", NONCE],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      xContentTypeOptions: "nosniff",
      strictTransportSecurity: isProduction ? `max-age=${ONE_YEAR_SECONDS}; includeSubDomains` : false,
      crossOriginResourcePolicy: "same-origin",
      crossOriginOpenerPolicy: "same-origin",
      xXssProtection: false,
      removePoweredBy: true,
    }),
  );
  // JSON answers say their charset explicitly (Arabic text), whatever set the content type.
  app.use(async (c, next) => {
    await next();
    if (c.res.headers.get("Content-Type") === "application/json") {
      c.res.headers.set("Content-Type", "application/json; charset=utf-8");
    }
  });
  app.use(compress());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    if (options.isShuttingDown()) return c.json({ status: "shutting-down" }, 503);
    const ready = await services.database.isReady();
    return ready ? c.json({ status: "ready" }) : c.json({ status: "database-unavailable" }, 503);
  });

  // Hashed build assets never change under one name: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      onFound: (_path, c) => c.header("Cache-Control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`),
    }),
  );
  app.use(
    "*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    }),
  );

  app.use(
    "*",
    bodyLimit({
      maxSize: config.BODY_LIMIT_BYTES,
      onError: (c) => {
        const language = languageFromAcceptLanguage(c.req.header("accept-language"));
        return c.json(failureBody(language, "PAYLOAD_TOO_LARGE", "api.tooLarge"), 413);
      },
    }),
  );

  app.route("/", createApi());
  app.all("*", async (c, next) => (isApiPath(c.req.path) ? apiNotFound(c) : next()));

  const handleRequest = createRequestHandler(options.build, options.mode);
  app.all("*", async (c) => {
    const language = pageLanguage(c);
    c.set("language", language);
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      language,
      cspNonce: c.get("secureHeadersNonce") ?? "",
      requestId: c.get("requestId"),
      origin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : new URL(c.req.url).origin,
    });
    const response = await handleRequest(c.req.raw, context);
    // Headers Hono set earlier (cookies, security headers) are merged by returning through c.
    return c.newResponse(response.body, response);
  });

  app.onError((error, c) => {
    c.get("logger")?.error({ err: { message: error.message, stack: error.stack } }, "unhandled error");
    const language = c.get("language") ?? languageFromAcceptLanguage(c.req.header("accept-language"));
    if (isApiPath(c.req.path)) return c.json(failureBody(language, "INTERNAL", "api.internal"), 500);
    return c.text(language === "ar" ? "عذراً، حدث خطأ ما" : "Sorry Something Went Wrong", 500);
  });

  return app;
}
