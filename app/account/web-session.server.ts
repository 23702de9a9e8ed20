// The web UI's side of a subscriber session, resolved once per request by the root middleware:
// the HttpOnly session cookie, the selected number cookie and the one-shot flash cookie.
// Loaders and actions read the result from `webSessionContext`; cookies to set go on the response.
import { parse as parseCookies, serialize as serializeCookie } from "hono/utils/cookie";
import { createContext, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { authenticate, listNumbers } from "../../server/account/service.ts";
import { SESSION_COOKIE } from "../../server/auth/session.ts";
import { isMessageKey, translate, type PlainKey } from "../../server/i18n.ts";
import { formatAmount } from "../../common/format.ts";
import { requestContext, servicesContext } from "../context.ts";

// The cookies' names are the server's (the guest page cache must know them too).
import { FLASH_COOKIE, SELECTED_NUMBER_COOKIE } from "../../server/auth/session.ts";
export { FLASH_COOKIE, SELECTED_NUMBER_COOKIE };

const DAY_SECONDS = 24 * 60 * 60;
const FLASH_MAX_AGE_SECONDS = 60;

export interface WebAccount {
  sessionId: number;
  accountId: number;
  mainGsm: string;
  /** The selected number, checked against the account's numbers on this request. */
  selectedGsm: string;
}

/** A message for the next page, by catalog key so that it is shown in the page's language. */
export interface Notice {
  tone: "success" | "error";
  key: PlainKey;
  /** An amount the message names (`{{amount}}`), shown in the page's language and currency. */
  amount?: number;
}

interface WebSessionState {
  account: WebAccount | null;
  /** Set-Cookie values for this request's response. */
  setCookies: string[];
  /** Notices raised while handling this request; the root loader shows them or they wait in the flash cookie. */
  notices: Notice[];
  noticesTaken: boolean;
}

export const webSessionContext = createContext<WebSessionState>();

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  return parseCookies(header, name)[name];
}

type Context = Readonly<RouterContextProvider>;

function cookieBase(context: Context) {
  const secure = context.get(servicesContext).config.NODE_ENV === "production";
  return { path: "/", httpOnly: true, sameSite: "Lax" as const, secure };
}

/** Queues a Set-Cookie for this request's response. */
export function setCookie(context: Context, name: string, value: string, maxAgeSeconds: number) {
  context.get(webSessionContext).setCookies.push(serializeCookie(name, value, { ...cookieBase(context), maxAge: maxAgeSeconds }));
}

export function clearCookie(context: Context, name: string) {
  context.get(webSessionContext).setCookies.push(serializeCookie(name, "", { ...cookieBase(context), maxAge: 0 }));
}

/** Starts the web session of a sign-in: the token in the HttpOnly cookie, for the session's lifetime. */
export function startWebSession(context: Context, token: string) {
  setCookie(context, SESSION_COOKIE, token, context.get(servicesContext).config.SESSION_TTL_DAYS * DAY_SECONDS);
  clearCookie(context, SELECTED_NUMBER_COOKIE);
}

/** Forgets the session on this browser (logout, or a session the server no longer knows). */
export function endWebSession(context: Context) {
  clearCookie(context, SESSION_COOKIE);
  clearCookie(context, SELECTED_NUMBER_COOKIE);
  context.get(webSessionContext).account = null;
}

export function addNotice(context: Context, notice: Notice) {
  context.get(webSessionContext).notices.push(notice);
}

export function getWebAccount(context: Context): WebAccount | null {
  return context.get(webSessionContext).account;
}

/**
 * The notices for the page being rendered, translated: those raised by this request and the flash
 * cookie's. Reading the flash cookie clears it.
 */
export function takeNotices(request: Request, context: Context): { tone: Notice["tone"]; message: string }[] {
  const state = context.get(webSessionContext);
  const { language } = context.get(requestContext);
  state.noticesTaken = true;
  const notices = [...parseFlash(readCookie(request, FLASH_COOKIE)), ...state.notices];
  if (readCookie(request, FLASH_COOKIE) !== undefined) clearCookie(context, FLASH_COOKIE);
  const { config } = context.get(servicesContext);
  const currency = language === "ar" ? config.CURRENCY_SUFFIX_AR : config.CURRENCY_SUFFIX_EN;
  return notices.map((notice) => ({
    tone: notice.tone,
    message: translate(language, notice.key, notice.amount === undefined ? undefined : { amount: formatAmount(language, notice.amount, currency) }),
  }));
}

function parseFlash(value: string | undefined): Notice[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    if (!Array.isArray(parsed)) return [];
    // Only keys of our own catalogs are shown, whatever the cookie holds.
    return parsed.filter(
      (item): item is Notice =>
        typeof item === "object" &&
        item !== null &&
        (item.tone === "success" || item.tone === "error") &&
        typeof item.key === "string" &&
        isMessageKey(item.key) &&
        (item.amount === undefined || (Number.isSafeInteger(item.amount) && item.amount >= 0)),
    );
  } catch {
    return [];
  }
}

/**
 * Root middleware: who is asking. A token the server no longer accepts (expired, revoked) is a
 * local logout: its cookie is cleared and the visitor is a guest. A selected number that is not
 * the account's any more falls back to the main number, and the page says so.
 */
export const webSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const state: WebSessionState = { account: null, setCookies: [], notices: [], noticesTaken: false };
  /** The visitor's session or selected number changed under the page (ended elsewhere, number gone). */
  let changedUnderThePage = false;
  context.set(webSessionContext, state);
  const services = context.get(servicesContext);
  const token = readCookie(request, SESSION_COOKIE);
  if (token) {
    const session = await authenticate(services, token);
    if (session) {
      state.account = { ...session, selectedGsm: session.mainGsm };
      const selected = readCookie(request, SELECTED_NUMBER_COOKIE);
      if (selected && selected !== session.mainGsm) {
        const numbers = await listNumbers(services, session.accountId);
        if (numbers.some((number) => number.gsm === selected)) state.account.selectedGsm = selected;
        else {
          clearCookie(context, SELECTED_NUMBER_COOKIE);
          addNotice(context, { tone: "error", key: "auth.selectedNumberReset" });
          changedUnderThePage = true;
        }
      }
    } else {
      endWebSession(context);
      changedUnderThePage = true;
    }
  }
  // A client-side navigation keeps the shell it already has (the root loader does not run on GET
  // navigations), so the account button would still show the old state: reload the whole document.
  const documentUrl = changedUnderThePage && request.method === "GET" ? documentUrlOfDataRequest(request) : null;
  const response = documentUrl ? redirectDocument(documentUrl) : await next();
  // Notices nobody showed on this request (a redirect, a fetch) wait for the next page.
  if (!state.noticesTaken && state.notices.length > 0) {
    const pending = [...parseFlash(readCookie(request, FLASH_COOKIE)), ...state.notices];
    setCookie(context, FLASH_COOKIE, JSON.stringify(pending), FLASH_MAX_AGE_SECONDS);
  }
  for (const cookie of state.setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** The page URL behind a client-side navigation's data request (`/profile.data?_routes=…`), else null. */
export function documentUrlOfDataRequest(request: Request): string | null {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return null;
  const pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return (pathname === "/_root" ? "/" : pathname) + (search ? `?${search}` : "");
}
