// The Hono app: middleware (request id, logs, security headers with a CSP nonce, body limit,
// compression), health, static assets, the spec API, then React Router for every page.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { findServedImage, UPLOADS_PATH } from "./content/media.ts";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { COMPRESSIBLE } from "../build-tools/compressible.ts";
import { compressWholeAnswer } from "./edge/encoding.ts";
import { loggablePath } from "./edge/loggable-path.ts";
import { POOLED_NONCE } from "./edge/nonce.ts";
import { getCookie, setCookie } from "hono/cookie";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext, servicesContext } from "./request-context.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, languageFromAcceptLanguage, type Language } from "../common/language.ts";
import { apiNotFound, createApi } from "./api/index.ts";
import { isApiPath } from "./api/paths.ts";
import { clientIpOf } from "./client-ip.ts";
import { apiFailureBody, describeFailure, failureHeaders, pageFailureBody, refusalReason } from "./edge/failure.ts";
import { metUnavailable, unavailableError } from "./edge/unavailable.ts";
import { sameOrigin } from "./edge/same-origin.ts";
import { listOutbox } from "./sms/outbox.ts";
import { robotsTxt, sitemapXml } from "./seo/sitemap.ts";
import { contentToday } from "./content/content-clock.ts";
import { methodLabel } from "./metrics.ts";
import { pageRouteTemplate } from "./page-route.ts";
import { routePath } from "hono/route";
import { randomUUID, timingSafeEqual } from "node:crypto";
import { CSP_DIRECTIVES, guestPage } from "./page-cache/csp.ts";
import { answerGuestPage, isConsolePath, isGuestPageRequest, liveContentCacheControl, pageCacheKey, setsLanguageCookie } from "./page-cache/guest-pages.ts";
import { CACHEABLE_TYPES, guestPageOf, type GuestPage } from "./page-cache/page-cache.ts";
import type { AppEnv } from "./http-env.ts";
import { CONSOLE_SESSION_COOKIE } from "./auth/session.ts";
import { ConsoleError } from "./console/errors.ts";
import { findStaff } from "./console/service.ts";
import { renderPreview } from "./content/preview.ts";
import type { AppServices } from "./services.ts";

export interface HttpAppOptions {
  services: AppServices;
  /** Directory of the built browser assets (build/client). */
  clientDir: string;
  /**
   * React Router's server build. Production passes the loaded build, so React Router ranks the routes once;
   * development passes a loader, so each request sees the latest modules (React Router then derives its
   * route tables per request, which costs a few percent of a page's time).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  isShuttingDown: () => boolean;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The policy of a preview (server/content/preview.ts): no script runs, and only the console frames it. */
const PREVIEW_CSP = (nonce: string) =>
  Object.entries({ ...CSP_DIRECTIVES, scriptSrc: ["'none'"], styleSrc: [...CSP_DIRECTIVES.styleSrc, `'nonce-${nonce}'`], frameAncestors: ["'self'"] })
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(" ")}`)
    .join("; ");

/**
 * The metrics label of an answered request: the template of the route that answered (an API row's
 * `/core/api/bundles/web/:id`, a page's React Router path), never the path a client sent, so the series
 * stay as many as the routes. Unknown API paths share `api:unknown`, files and everything else `static`.
 */
function routeLabelOf(c: Context<AppEnv>): string {
  const page = c.get("pageRoute");
  if (page) return page;
  const template = routePath(c);
  if (isApiPath(c.req.path)) return template && template !== "*" && template !== "/*" ? template : "api:unknown";
  if (template === "/healthz" || template === "/readyz" || template === "/metrics" || template === "/robots.txt" || template === "/sitemap.xml" || template === "/api-docs" || template === "/api-docs/openapi.json") return template;
  return c.req.path.startsWith("/assets/") ? "/assets/*" : "static";
}

/** The page language: `?lang=` first (it also sets the cookie), then the cookie, then Arabic. */
export function pageLanguage(c: Context<AppEnv>): Language {
  const fromQuery = c.req.query(LANGUAGE_QUERY_PARAM);
  if (isLanguage(fromQuery)) {
    if (setsLanguageCookie(c)) {
      // Secure in production like every cookie of the site: over plain HTTP it would tell who reads what.
      setCookie(c, LANGUAGE_COOKIE, fromQuery, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "Lax", secure: c.get("services").config.NODE_ENV === "production" });
    }
    return fromQuery;
  }
  const fromCookie = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}

/** Security headers that only a document uses (nosniff, CORP and HSTS stay on every answer). */
const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "X-Frame-Options",
  "Cross-Origin-Opener-Policy",
  "Referrer-Policy",
  "Origin-Agent-Cluster",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
];


/** Statuses that every visitor meets in ordinary use (signed out, a mistyped address): logged at info. */
const QUIET_REFUSALS = new Set([401, 404, 405]);

/** The policy of every download: nothing loads, nothing runs, an opaque origin. */
export const ATTACHMENT_CSP = "default-src 'none'; sandbox";

/**
 * The policy of every answer that is not a page (JSON of the API, the sitemap, robots.txt, an image): opened on its
 * own, nothing of it loads or runs, and no page frames it (OWASP's REST Security Cheat Sheet). A page's policy with
 * its nonce would mean nothing there and cost about 300 bytes on every API answer.
 */
export const NOT_A_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

export function createHttpApp(options: HttpAppOptions) {
  const { services, clientDir } = options;
  const { logger, config } = services;
  const isProduction = config.NODE_ENV === "production";
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: "X-Request-Id", generator: () => crypto.randomUUID() }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("services", services);
    c.set("clientIp", clientIpOf(c, config.TRUSTED_PROXY_HOPS));
    c.set("language", DEFAULT_LANGUAGE);
    c.set("logger", logger.child({ reqId: c.get("requestId") }));
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    // A client that hung up is not a server failure: logged as 499 (nginx's "client closed request").
    const status = c.req.raw.signal.aborted ? 499 : c.res.status;
    const entry = { method: c.req.method, path: loggablePath(c.req.path), status, durationMs };
    services.metrics.observeRequest(routeLabelOf(c), methodLabel(c.req.method), status, durationMs / 1000);
    // Health probes come every few seconds from each balancer: their 503 (draining, database away) is the
    // expected answer and is not logged each time; the state change itself is logged where it happens.
    const probe = c.req.path === "/healthz" || c.req.path === "/readyz";
    if (status === 503) {
      if (!probe) c.get("logger").warn(entry, "request refused: not available");
    } else if (status >= 500) c.get("logger").error(entry, "request failed");
    else if (status >= 400 && status !== 499) {
      // Every refusal is logged with its reason (the envelope's code and the names of the refused fields,
      // never their values): a probe of the API or the forms shows up as a run of these lines.
      const refusal = { ...entry, ...(await refusalReason(c.res)), clientIp: c.get("clientIp") };
      if (QUIET_REFUSALS.has(status)) c.get("logger").info(refusal, "request refused");
      else c.get("logger").warn(refusal, "request refused");
    } else if (!probe) c.get("logger").info(entry, "request");
  });
  // A guest page from the page cache carries the hashes of its inline scripts instead of a nonce: its
  // policy replaces the nonce policy secureHeaders (below, so its headers are set first) gives every answer.
  app.use(async (c, next) => {
    await next();
    const pagePolicy = c.get("pageCsp");
    if (pagePolicy) c.res.headers.set("Content-Security-Policy", pagePolicy);
    if (c.get("sameOriginFrame")) c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
    // A download (a feedback attachment, a content archive, a CSV) is never a document of our origin, even
    // opened directly: the strictest policy, in place of the pages' one.
    if (c.res.headers.get("Content-Disposition")?.startsWith("attachment")) c.res.headers.set("Content-Security-Policy", ATTACHMENT_CSP);
    else if (!pagePolicy && !/^text\/html/i.test(c.res.headers.get("Content-Type") ?? "")) c.res.headers.set("Content-Security-Policy", NOT_A_PAGE_CSP);
    // A hashed asset (script, style, font, image) is not a document: the document-only headers do nothing on
    // it and cost about 600 bytes on each of the ~50 requests of a first visit over a slow network.
    if (c.req.path.startsWith("/assets/")) for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        ...CSP_DIRECTIVES,
        scriptSrc: [...CSP_DIRECTIVES.scriptSrc, POOLED_NONCE],
        styleSrc: [...CSP_DIRECTIVES.styleSrc, POOLED_NONCE],
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
  // The operator's console: never stored by any cache, never indexed (its pages carry the nonce CSP above,
  // and are never guest pages: server/page-cache/guest-pages.ts).
  app.use(async (c, next) => {
    await next();
    if (!isConsolePath(c.req.path)) return;
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  });
  // JSON answers say their charset explicitly (Arabic text), whatever set the content type.
  app.use(async (c, next) => {
    await next();
    if (c.res.headers.get("Content-Type") === "application/json") {
      c.res.headers.set("Content-Type", "application/json; charset=utf-8");
    }
  });
  app.use(compress());
  app.use(compressWholeAnswer);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  const siteOrigin = (c: Context<AppEnv>) => (config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : new URL(c.req.url).origin);
  // Prometheus metrics, only with the configured bearer token (compared in constant time).
  app.get("/metrics", async (c) => {
    const token = config.METRICS_TOKEN;
    const given = (c.req.header("authorization") ?? "").replace(/^Bearer /i, "");
    if (!token) return c.notFound();
    if (given.length !== token.length || !timingSafeEqual(Buffer.from(given), Buffer.from(token))) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("unauthorized", 401);
    }
    c.header("Content-Type", services.metrics.registry.contentType);
    c.header("Cache-Control", "no-store");
    return c.body(await services.metrics.registry.metrics());
  });
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(siteOrigin(c)));
  });
  app.get("/sitemap.xml", async (c) => {
    c.header("Content-Type", "application/xml; charset=utf-8");
    // Read from the live tables at each request: a CDN keeps it no longer than a guest page (not an hour).
    c.header("Cache-Control", liveContentCacheControl(config));
    return c.body(await sitemapXml(services.db, siteOrigin(c), config.COMPANY_SLUG, contentToday(services)));
  });
  app.get("/readyz", async (c) => {
    if (options.isShuttingDown()) return c.json({ status: "shutting-down" }, 503);
    const ready = await services.database.isReady();
    return ready ? c.json({ status: "ready" }) : c.json({ status: "database-unavailable" }, 503);
  });

  // Files of the build are sent as the build compressed them (brotli 11 or gzip 9 twins written by
  // build-tools/precompress.ts), chosen by Accept-Encoding; the on-the-fly compression above leaves an
  // answer that already has a Content-Encoding alone. Every compressible file varies by Accept-Encoding,
  // the plain one too, so a shared cache never hands it to a client that asked for brotli.
  const builtFile = (cacheControl: string) =>
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      precompressed: true,
      onFound: (served, c) => {
        c.header("Cache-Control", cacheControl);
        // A twin was sent with its Vary already; the plain file of a compressible type gets it here.
        if (COMPRESSIBLE.test(served)) c.header("Vary", "Accept-Encoding", { append: true });
      },
    });
  // Images uploaded in the console live in the database, so every instance serves every upload; a name is
  // its content's hash, so it never changes: cached for a year, revalidated by its ETag.
  app.get(`${UPLOADS_PATH}/:file`, async (c) => {
    const name = c.req.param("file");
    const image = await findServedImage(services.db, name);
    if (!image) return c.text("Not Found", 404, { "Cache-Control": "no-store" });
    const etag = `"${name}"`;
    c.header("Cache-Control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
    c.header("ETag", etag);
    if (c.req.header("If-None-Match")?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304);
    c.header("Content-Type", image.contentType);
    return c.body(new Uint8Array(image.bytes));
  });
  // Hashed build assets never change under one name: cache them for a year.
  app.use("/assets/*", builtFile(`public, max-age=${ONE_YEAR_SECONDS}, immutable`));
  // The other public files (public/: the favicon, the site's images) by their names, as the build has them at start:
  // a page or an API call costs no file lookup (serveStatic's lookup of a missing file is a failed stat, which throws
  // inside Node: 6.6 % of a number search's CPU), and the build's own folder (.vite) is not served.
  const { routed, skipped } = publicEntries(clientDir);
  const publicFile = builtFile("public, max-age=3600");
  for (const { name, folder } of routed) app.use(folder ? `/${name}/*` : `/${name}`, publicFile);
  if (skipped.length > 0) logger.warn({ names: skipped }, "public files not served: a name must be letters, digits, '.', '_' or '-'");

  // Bodies are read by the route that takes one, within its own limits (server/edge/read-body.ts), after
  // its session and rate checks; the origin of page actions is checked here, once, for all of them.
  app.use("*", sameOrigin(config.PUBLIC_URL));

  // Development and tests read the codes the outbox driver "sent"; never in production.
  if (!isProduction && services.sms.driver === "outbox") {
    app.get("/dev/sms-outbox", async (c) => {
      const gsm = c.req.query("gsm");
      const limit = Math.min(Math.max(Number(c.req.query("limit")) || 50, 1), 500);
      c.header("Cache-Control", "no-store");
      return c.json(await listOutbox(services.db, { gsm: gsm || undefined, limit }));
    });
  }

  // Demos and tests need the national ID a simulated line is registered to (hotline); never in production.
  if (!isProduction && services.network.driver === "embedded-simulation") {
    app.get("/dev/network-line", async (c) => {
      const gsm = c.req.query("gsm") ?? "";
      c.header("Cache-Control", "no-store");
      if (!/^09\d{8}$/.test(gsm)) return c.json({ error: "gsm=09… required" }, 400);
      const status = await services.network.lineStatus(gsm);
      return c.json({ gsm, state: status.state, nationalId: status.nationalId });
    });
  }

  app.route("/", createApi());
  app.all("*", async (c, next) => (isApiPath(c.req.path) ? apiNotFound() : next()));

  const handleRequest = createRequestHandler(options.build, options.mode);
  /**
   * Renders a page; a page for guests is rendered with `guestMarker` as its nonce, which server/page-cache/
   * csp.ts then takes out of the page, hashing the scripts that carried it for the page's CSP.
   */
  const renderPage = (c: Context<AppEnv>, language: Language, guestMarker: string | null) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      language,
      cspNonce: guestMarker ?? c.get("secureHeadersNonce") ?? "",
      requestId: c.get("requestId"),
      origin: siteOrigin(c),
      clientIp: c.get("clientIp"),
    });
    return handleRequest(c.req.raw, context);
  };
  // The console's preview of a content revision (server/content/preview.ts), for its frames: the guest page
  // rendered inside a transaction that is rolled back. Staff with a content role only; scripts are off (the
  // page is shown as the server renders it for a guest, and could not hydrate under a /console address).
  app.get("/console/preview/:revision", async (c) => {
    c.set("pageRoute", "/console/preview/:revision");
    const staff = await findStaff(services.db, getCookie(c, CONSOLE_SESSION_COOKIE));
    if (!staff) return c.redirect("/console/login");
    if (!staff.roles.some((role) => role === "editor" || role === "publisher")) throw new ConsoleError("ROLE_REQUIRED");
    const revision = /^\d{1,15}$/.test(c.req.param("revision")) ? Number(c.req.param("revision")) : 0;
    if (revision < 1) throw new ConsoleError("CONTENT_NOT_FOUND");
    const asked = c.req.query("language");
    const language = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
    const nonce = c.get("secureHeadersNonce") ?? "";
    const preview = await renderPreview(services, revision, language, siteOrigin(c), (request, previewServices) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, previewServices);
      context.set(requestContext, { language, cspNonce: nonce, requestId: c.get("requestId"), origin: siteOrigin(c), clientIp: c.get("clientIp") });
      return handleRequest(request, context);
    });
    c.set("pageCsp", PREVIEW_CSP(nonce));
    c.set("sameOriginFrame", true);
    return c.html(preview.html, preview.status as 200);
  });

  app.all("*", async (c) => {
    const language = pageLanguage(c);
    c.set("language", language);
    // In development the build is a loader (fresh modules per request): its pages share one label there.
    c.set("pageRoute", typeof options.build === "function" ? "page" : pageRouteTemplate(options.build, c.req.path));
    const guest = services.pageCache.enabled && isGuestPageRequest(c);
    const key = guest ? pageCacheKey(c, language, siteOrigin(c)) : "";
    if (!guest) {
      const response = await renderPage(c, language, null);
      // A failure React Router could only answer with its last-resort 500 (a resource route, the root
      // middleware of an action) while the database was away: the one handler answers it (503).
      if (response.status >= 500 && response.status !== 503 && metUnavailable(c.req.raw)) throw unavailableError(c.req.raw);
      // A page rendered for one visitor (a session, a notice…) is theirs alone.
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
      // Headers Hono set earlier (cookies, security headers) are merged by returning through c.
      return c.newResponse(response.body, response);
    }
    let own: { response: Response; body: string; csp: string | null; page: GuestPage | null } | undefined;
    /** This request's rendering, and the guest page any guest of its language may be shown (null: not such a page). */
    const render = async () => {
      const marker = `guest-${randomUUID()}`;
      const response = await renderPage(c, language, marker);
      const text = await response.text();
      const rendered = /^text\/html/i.test(response.headers.get("Content-Type") ?? "") ? guestPage(text, marker) : { html: text.replaceAll(marker, ""), policy: null };
      // React Router answers HEAD without a body: a HEAD is answered from the cache, but never fills it.
      const shared =
        c.req.method === "GET" && response.status === 200 && CACHEABLE_TYPES.test(response.headers.get("Content-Type") ?? "") && !response.headers.has("Set-Cookie");
      own = { response, body: rendered.html, csp: rendered.policy, page: shared ? guestPageOf(rendered.html, response.status, response.headers, rendered.policy) : null };
      return own.page;
    };
    const { page, hit } = await services.pageCache.getOrRender(key, render);
    services.metrics.pageCache(hit);
    if (page) return answerGuestPage(c, page, hit, config);
    // Another request's rendering was not a guest page (a redirect, a 404, a cookie of its own, a HEAD's): this
    // request's own, answered as a guest page when it is one.
    if (!own) await render();
    if (own!.page) return answerGuestPage(c, own!.page, false, config);
    const { response, body, csp } = own!;
    if (csp) c.set("pageCsp", csp);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
    response.headers.delete("Content-Length");
    return c.newResponse(body, response);
  });

  // Every failure leaves here (page actions map theirs the same way: app/page-action.server.ts): the
  // envelope for the API, a page action's JSON answer for a page POST, the localised text otherwise.
  app.onError((error, c) => {
    const language = isApiPath(c.req.path) ? languageFromAcceptLanguage(c.req.header("accept-language")) : pageLanguage(c);
    const failure = describeFailure(error, language, c.get("logger"), () => services.metrics.databaseUnavailable());
    const headers = failureHeaders(failure);
    if (isApiPath(c.req.path)) return c.json(apiFailureBody(failure), failure.status as 400, headers);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.json(pageFailureBody(failure, language), failure.status as 400, headers);
    return c.text(failure.message, failure.status as 400, headers);
  });

  return app;
}

/** A name that is a route pattern's own text: no parameter (`:`), wildcard (`*`) or space. */
const ROUTABLE_NAME = /^[\w.-]+$/;

/**
 * The entries of the client build's top folder that are public files (what public/ held), read at start (a new
 * build needs a restart, as the server's own build does): without the hashed assets (served above), the build's own
 * hidden folder (.vite) and the compressed twins of a file beside them (served for that file). A folder, or a link
 * to one, is routed with everything under it. None when the folder is missing (development: Vite serves them).
 */
function publicEntries(clientDir: string): { routed: { name: string; folder: boolean }[]; skipped: string[] } {
  if (!existsSync(clientDir)) return { routed: [], skipped: [] };
  const names = readdirSync(clientDir);
  const twin = (name: string) => /\.(?:br|gz)$/.test(name) && names.includes(name.slice(0, -".gz".length));
  const entries: { routed: { name: string; folder: boolean }[]; skipped: string[] } = { routed: [], skipped: [] };
  for (const name of names.filter((name) => name !== "assets" && !name.startsWith(".") && !twin(name))) {
    if (ROUTABLE_NAME.test(name)) entries.routed.push({ name, folder: statSync(path.join(clientDir, name)).isDirectory() });
    else entries.skipped.push(name);
  }
  return entries;
}
