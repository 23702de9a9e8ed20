// The console's guard: who is asking (the `console_session` cookie, never the subscriber's), and
// `requireStaff(request, context, ...roles)` that every console loader and action calls first: no live
// session → /console/login; a missing role → 403 with a localised message (ConsoleError ROLE_REQUIRED).
import { data, redirect, type RouterContextProvider } from "react-router";
import { serialize as serializeCookie } from "hono/utils/cookie";
import type { StaffRole } from "../../common/console.ts";
import { ConsoleError } from "../../server/console/errors.ts";
import { translate } from "../../server/i18n.ts";
import { CONSOLE_SESSION_COOKIE, ENROLMENT_BROWSER_COOKIE, ENROLMENT_BROWSER_MINUTES, findStaff, STAFF_SESSION_ABSOLUTE_HOURS, type Actor, type Staff } from "../../server/console/service.ts";
import { webSessionContext } from "../account/web-session.server.ts";
import { readCookie } from "../session.server.ts";
import { requestContext, servicesContext } from "../context.ts";
import { CONSOLE_HOME_PATH, CONSOLE_LOGIN_PATH } from "./paths.ts";

type Context = Readonly<RouterContextProvider>;

export { CONSOLE_HOME_PATH, CONSOLE_LOGIN_PATH };

/** One lookup per request, however many loaders ask. */
const staffOfRequest = new WeakMap<object, Promise<Staff | null>>();

export function getStaff(request: Request, context: Context): Promise<Staff | null> {
  let staff = staffOfRequest.get(context);
  if (!staff) {
    staff = findStaff(context.get(servicesContext).db, readCookie(request, CONSOLE_SESSION_COOKIE));
    staffOfRequest.set(context, staff);
  }
  return staff;
}

/** The staff member of this request, holding one of `roles` (any role when none is named). */
export async function requireStaff(request: Request, context: Context, ...roles: StaffRole[]): Promise<Staff> {
  const staff = await getStaff(request, context);
  if (!staff) {
    if (readCookie(request, CONSOLE_SESSION_COOKIE)) clearConsoleSession(context);
    throw redirect(CONSOLE_LOGIN_PATH);
  }
  if (roles.length > 0 && !roles.some((role) => staff.roles.includes(role))) {
    // A page (GET) answers 403 through the console's error boundary; an action through the one mapper.
    if (request.method === "GET" || request.method === "HEAD") {
      const { language } = context.get(requestContext);
      throw data({ message: translate(language, "console.errors.ROLE_REQUIRED") }, { status: 403 });
    }
    throw new ConsoleError("ROLE_REQUIRED");
  }
  return staff;
}

export function staffActor(staff: Staff | null, context: Context): Actor {
  return { staff: staff ? { id: staff.id, email: staff.email } : null, clientIp: context.get(requestContext).clientIp };
}

function cookieOptions(context: Context) {
  // Strict: no other site can make a browser send it. Path=/ rather than /console: React Router asks the
  // console home's data at /console.data, which a /console cookie does not reach (RFC 6265 path match), so
  // a client-side step to the home would look signed out. Only the console reads it; subscriber pages never do.
  return { path: "/", httpOnly: true, sameSite: "Strict" as const, secure: context.get(servicesContext).config.NODE_ENV === "production" };
}

export function startConsoleSession(context: Context, token: string) {
  context.get(webSessionContext).setCookies.push(serializeCookie(CONSOLE_SESSION_COOKIE, token, { ...cookieOptions(context), maxAge: STAFF_SESSION_ABSOLUTE_HOURS * 3600 }));
}

/** Binds a reset link's new secret to this browser (its nonce, HttpOnly, only on the enrolment pages). */
export function startEnrolmentBrowser(context: Context, nonce: string) {
  context.get(webSessionContext).setCookies.push(serializeCookie(ENROLMENT_BROWSER_COOKIE, nonce, { ...cookieOptions(context), path: "/console/enrol", maxAge: ENROLMENT_BROWSER_MINUTES * 60 }));
}

export function clearConsoleSession(context: Context) {
  context.get(webSessionContext).setCookies.push(serializeCookie(CONSOLE_SESSION_COOKIE, "", { ...cookieOptions(context), maxAge: 0 }));
}

/** The link of an enrolment token: PUBLIC_URL's origin, else this request's. */
export function enrolmentLink(context: Context, token: string): string {
  return `${context.get(requestContext).origin}/console/enrol/${token}`;
}
