// Which page requests the page cache answers, under which key, and how a cached page is answered.
//
// The cache key: the site origin, the page language and the URL (path, and the query without `lang`).
// A guest's page depends on nothing else. The language of a URL without `?lang=` comes from the `lang`
// cookie, so shared caches get `Vary: Cookie`; a CDN that can key on one cookie should key on `lang` and
// bypass its cache when the `session` cookie is present (docs/PERFORMANCE.md). A `?lang=` URL whose
// answer sets the `lang` cookie is private: the cookie is the visitor's own.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { StatusCode } from "hono/utils/http-status";
import { LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, type Language } from "../../common/language.ts";
import { FLASH_COOKIE, NEXT_ROUTE_COOKIE, SELECTED_NUMBER_COOKIE } from "../auth/session.ts";
import { SESSION_COOKIE } from "../auth/session.ts";
import type { Config } from "../config.ts";
import type { AppEnv } from "../http-env.ts";
import type { CachedPage, GuestPage } from "./page-cache.ts";
import { chooseEncoding, responseBytes } from "../edge/encoding.ts";

/** Cookies that make a page the visitor's own: a session, a selected number, a one-shot notice, a next page. */
const PRIVATE_COOKIES = [SESSION_COOKIE, SELECTED_NUMBER_COOKIE, FLASH_COOKIE, NEXT_ROUTE_COOKIE];

/** A GET or HEAD of a page by a visitor without a session (nor any other cookie that makes it theirs). */
export function isGuestPageRequest(c: Context<AppEnv>): boolean {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return false;
  // The operator's console is never a guest page, even its login: never cached, never shared.
  if (isConsolePath(c.req.path)) return false;
  if (c.req.header("authorization")) return false;
  const cookies = getCookie(c);
  return !PRIVATE_COOKIES.some((name) => cookies[name] !== undefined);
}

export function pageCacheKey(c: Context<AppEnv>, language: Language, origin: string): string {
  const url = new URL(c.req.url);
  url.searchParams.delete(LANGUAGE_QUERY_PARAM);
  url.searchParams.sort();
  const query = url.searchParams.toString();
  return `${origin} ${language} ${url.pathname}${query ? `?${query}` : ""}`;
}

/** Whether this request's answer sets the `lang` cookie (a `?lang=` that differs from the cookie). */
export function setsLanguageCookie(c: Context<AppEnv>): boolean {
  const asked = c.req.query(LANGUAGE_QUERY_PARAM);
  return (asked === "ar" || asked === "en") && getCookie(c, LANGUAGE_COOKIE) !== asked;
}

/** The Cache-Control of a guest page: shared caches keep it PAGE_CACHE_SECONDS, browsers revalidate (ETag). */
export function guestCacheControl(config: Config, privateAnswer: boolean): string {
  if (privateAnswer) return "private, no-cache";
  return `public, max-age=0, s-maxage=${config.PAGE_CACHE_SECONDS}, stale-while-revalidate=${config.PAGE_CACHE_STALE_SECONDS}`;
}

/**
 * The Cache-Control of a public answer read from the live content that is not a page (the sitemap): what
 * shared caches are told of a guest page, so a publish reaches them as soon as it reaches the pages; with the
 * page cache turned off, nobody keeps it either.
 */
export function liveContentCacheControl(config: Config): string {
  return config.PAGE_CACHE_SECONDS > 0 ? guestCacheControl(config, false) : "private, no-store";
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
  });
}

/**
 * The answer of a guest page: 304 when the client has it, else the body in the best accepted encoding: a kept page's
 * own, or (a page not kept) left to compressWholeAnswer to compress for this request.
 */
export function answerGuestPage(c: Context<AppEnv>, entry: GuestPage | CachedPage, hit: boolean, config: Config): Response {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("Vary", "Cookie, Accept-Encoding");
  headers.set("Cache-Control", guestCacheControl(config, setsLanguageCookie(c)));
  headers.set("X-Page-Cache", hit ? "hit" : "miss");
  if (entry.csp) c.set("pageCsp", entry.csp);
  if (matchesEtag(c.req.header("if-none-match"), entry.etag)) {
    headers.delete("Content-Type");
    return c.newResponse(null, 304, Object.fromEntries(headers));
  }
  const kept = "br" in entry ? entry : null;
  const encoding = kept ? chooseEncoding(c.req.header("accept-encoding")) : null;
  const body = kept && encoding ? kept[encoding] : entry.identity;
  if (encoding) headers.set("Content-Encoding", encoding);
  // A page not kept is compressed for its GET by the edge: a HEAD cannot tell that length, so it tells none.
  if (kept || c.req.method !== "HEAD") headers.set("Content-Length", String(body.length));
  const bytes = c.req.method === "HEAD" ? null : responseBytes(body);
  return c.newResponse(bytes, entry.status as StatusCode, Object.fromEntries(headers));
}

/** /console and every path below it (the operator's console, issue 17). */
export function isConsolePath(path: string): boolean {
  return /^\/console(\/|\.data$|$)/i.test(path);
}
