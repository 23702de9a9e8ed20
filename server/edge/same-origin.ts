// The one origin check of the site: a request that changes something through a page (a POST, PUT, PATCH
// or DELETE outside the spec API) must come from one of our own pages. A browser sends Origin with every
// such request and Sec-Fetch-Site with most: a foreign one is refused whatever cookies come along. With a
// session cookie the request must also prove where it comes from (Origin, or Referer without one), so a
// form on another site can never act for a signed-in subscriber. The spec API is exempt: it takes only
// the Bearer header, which a cross-site form cannot send.
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isApiPath } from "../api/paths.ts";
import { CONSOLE_SESSION_COOKIE, SESSION_COOKIE } from "../auth/session.ts";
import type { AppEnv } from "../http-env.ts";
import { edgeError } from "./app-error.ts";
import { loggablePath } from "./loggable-path.ts";

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The host of an Origin or Referer value, or null when it names none. */
function hostOf(source: string | undefined): string | null {
  if (!source || source === "null") return null;
  try {
    return new URL(source).host.toLowerCase();
  } catch {
    return null;
  }
}

export function sameOrigin(publicUrl: string | undefined): MiddlewareHandler<AppEnv> {
  const publicHost = publicUrl ? new URL(publicUrl).host.toLowerCase() : undefined;
  return async (c, next) => {
    if (!STATE_CHANGING_METHODS.has(c.req.method) || isApiPath(c.req.path)) return next();
    const allowed = [c.req.header("host")?.toLowerCase(), publicHost];
    const origin = c.req.header("origin");
    const source = origin ?? c.req.header("referer");
    const sourceHost = hostOf(source);
    const foreign = (source !== undefined && !allowed.includes(sourceHost ?? "")) || c.req.header("sec-fetch-site") === "cross-site";
    // A browser with a subscriber's or a staff member's session that names no source is refused: it cannot
    // prove the form came from this site.
    const unproven = source === undefined && (getCookie(c, SESSION_COOKIE) !== undefined || getCookie(c, CONSOLE_SESSION_COOKIE) !== undefined);
    if (!foreign && !unproven) return next();
    c.get("logger").warn({ origin: origin ? origin.slice(0, 100) : null, path: loggablePath(c.req.path) }, "cross-site request refused");
    throw edgeError.crossSite();
  };
}
