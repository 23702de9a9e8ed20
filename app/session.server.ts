// Page-side session helpers: who is asking, and the guard of spec §2 for subscriber-only routes.
import { parse as parseCookies, serialize as serializeCookie } from "hono/utils/cookie";
import { redirect, type RouterContextProvider } from "react-router";
import { RESERVE_NUMBER_PATH } from "../common/constants.ts";
import { findSessionAccount, SESSION_COOKIE, type SessionAccount } from "../server/auth/session.ts";
import { servicesContext } from "./context.ts";

/** Cookie that remembers where a guest wanted to go, so login can continue there. */
export const NEXT_ROUTE_COOKIE = "next_route";
/** Query parameter that opens the login dialog on arrival. */
export const OPEN_LOGIN_PARAM = "login";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  return parseCookies(header, name)[name];
}

export async function getSessionAccount(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionAccount | null> {
  return findSessionAccount(context.get(servicesContext).db, readCookie(request, SESSION_COOKIE));
}

/**
 * Guard of the subscriber-only routes: a guest is sent to /home. A guest who asked for
 * /reserve-number has it stored as the next route and arrives with the login dialog open.
 */
export async function requireSubscriber(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionAccount> {
  const account = await getSessionAccount(request, context);
  if (account) return account;
  const pathname = new URL(request.url).pathname.toLowerCase();
  if (pathname === RESERVE_NUMBER_PATH) {
    throw redirect(`/home?${OPEN_LOGIN_PARAM}=1`, {
      headers: { "Set-Cookie": serializeCookie(NEXT_ROUTE_COOKIE, RESERVE_NUMBER_PATH, { path: "/", sameSite: "Lax", httpOnly: true, maxAge: 30 * 60 }) },
    });
  }
  throw redirect("/home");
}
