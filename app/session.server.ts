// Page-side session helpers: who is asking (resolved by the root middleware, account/web-session.server.ts),
// and the guard of spec §2 for subscriber-only routes.
import { redirect, type RouterContextProvider } from "react-router";
import { sameSitePath } from "../server/edge/same-site-path.ts";
import { LOGIN_NUMBER_PATTERN, RESERVE_NUMBER_PATH } from "../common/constants.ts";
import { OPEN_LOGIN_PARAM } from "./account/params.ts";
import { reserveNumberPath } from "./reservation/paths.ts";
import { ACTIVATE_PARAM, activateBundlePath, MY_LINE_PATH, TOP_UP_PATH } from "./my-line/paths.ts";
import { getWebAccount, readCookie, setCookie, type WebAccount } from "./account/web-session.server.ts";

export { OPEN_LOGIN_PARAM, readCookie };

// The cookie's name is the server's (the guest page cache must know it too).
import { NEXT_ROUTE_COOKIE } from "../server/auth/session.ts";
export { NEXT_ROUTE_COOKIE };
const NEXT_ROUTE_MAX_AGE_SECONDS = 30 * 60;

/**
 * A stored next route that login may continue to: a path of this site (server/edge/same-site-path.ts),
 * and of those only /reserve-number (with a valid number), a bundle's activation on /my-line and /top-up.
 */
export function safeNextRoute(stored: string | undefined): string | null {
  if (!stored) return null;
  const path = sameSitePath(stored, "");
  if (path === RESERVE_NUMBER_PATH || path === TOP_UP_PATH) return path;
  const activation = /^\/my-line\?activate=([1-9]\d{0,9})$/.exec(path);
  if (activation) return activateBundlePath(Number(activation[1]));
  const match = /^\/reserve-number\?gsm=(\d{10})$/.exec(path);
  return match && LOGIN_NUMBER_PATTERN.test(match[1]!) ? path : null;
}

/** The subscriber of this request's live session, or null for a guest. */
export function getSessionAccount(context: Readonly<RouterContextProvider>): WebAccount | null {
  return getWebAccount(context);
}

/**
 * Guard of the subscriber-only routes: a guest (or a session that expired or was revoked) is sent
 * to /home. A guest who asked for /reserve-number, to activate a bundle (/my-line?activate=…) or to top up, has
 * it stored as the next route and arrives with the login dialog open.
 */
export function requireSubscriber(request: Request, context: Readonly<RouterContextProvider>): WebAccount {
  const account = getWebAccount(context);
  if (account) return account;
  // A client-side navigation asks for /reserve-number.data: the page is the same.
  const pathname = new URL(request.url).pathname.toLowerCase().replace(/\.data$/, "");
  if (pathname === RESERVE_NUMBER_PATH) {
    // The chosen number comes along, so that after login the flow continues with it.
    const gsm = new URL(request.url).searchParams.get("gsm") ?? "";
    setCookie(context, NEXT_ROUTE_COOKIE, reserveNumberPath(gsm), NEXT_ROUTE_MAX_AGE_SECONDS);
    throw redirect(`/home?${OPEN_LOGIN_PARAM}=1`);
  }
  const bundleId = Number(new URL(request.url).searchParams.get(ACTIVATE_PARAM));
  if (pathname === MY_LINE_PATH && Number.isSafeInteger(bundleId) && bundleId > 0 && bundleId < 1e10) {
    setCookie(context, NEXT_ROUTE_COOKIE, activateBundlePath(bundleId), NEXT_ROUTE_MAX_AGE_SECONDS);
    throw redirect(`/home?${OPEN_LOGIN_PARAM}=1`);
  }
  if (pathname === TOP_UP_PATH) {
    setCookie(context, NEXT_ROUTE_COOKIE, TOP_UP_PATH, NEXT_ROUTE_MAX_AGE_SECONDS);
    throw redirect(`/home?${OPEN_LOGIN_PARAM}=1`);
  }
  throw redirect("/home");
}
