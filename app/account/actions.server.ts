// What the account actions of the web UI share: the request's origin facts, the same-origin check
// of state-changing requests, and the JSON answers the dialogs read.
import type { RouterContextProvider } from "react-router";
import { AccountError } from "../../server/account/types.ts";
import type { RequestOrigin } from "../../server/account/types.ts";
import { translate, type MessageKey } from "../../server/i18n.ts";
import { requestContext, servicesContext } from "../context.ts";
import type { AccountAnswer } from "./account-client.ts";

type Context = Readonly<RouterContextProvider>;

export type { AccountAnswer };

export function requestOrigin(request: Request, context: Context): RequestOrigin {
  // clientIp is worked out by the Hono layer (socket, or X-Forwarded-For behind a trusted proxy).
  const facts = context.get(requestContext);
  return { clientIp: facts.clientIp, language: facts.language, userAgent: request.headers.get("user-agent") ?? undefined };
}

export function t(context: Context, key: MessageKey, values?: Record<string, unknown>): string {
  return translate(context.get(requestContext).language, key, values);
}

export function answer(body: AccountAnswer, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...Object.fromEntries(new Headers(headers)) } });
}

/**
 * A state-changing request must come from one of our own pages: a browser always sends Origin on
 * a POST, and a foreign one is refused (the SameSite=Lax cookie is the second line of defence).
 */
export function refuseForeignOrigin(request: Request, context: Context): Response | null {
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  const allowed = new Set([context.get(requestContext).origin, new URL(request.url).origin]);
  return allowed.has(origin) ? null : answer({ ok: false, message: t(context, "account.crossSiteRefused") }, 403);
}

/** The answer to a refusal of the accounts service (its localised message, the wait of a 429). */
export function refusal(error: AccountError, context: Context): Response {
  const retryAfterSeconds = error.details.retryAfterSeconds;
  const key = `account.errors.${error.code}` as MessageKey;
  let message = t(context, key, { seconds: retryAfterSeconds, count: retryAfterSeconds });
  if (message === key) message = t(context, "errors.sorry");
  if (retryAfterSeconds !== undefined && !message.includes(String(retryAfterSeconds))) {
    message = `${message} ${t(context, "auth.retryIn" as MessageKey, { count: retryAfterSeconds })}`;
  }
  const fieldErrors = error.details.fieldErrors
    ? Object.fromEntries(Object.entries(error.details.fieldErrors).map(([field, keys]) => [field, keys.map((k) => t(context, k as MessageKey))]))
    : undefined;
  const headers = retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : undefined;
  return answer({ ok: false, message, retryAfterSeconds, fieldErrors }, error.httpStatus, headers);
}

/**
 * Runs an action's work: a refusal of the service becomes its message, anything else is logged
 * and answered with the fallback text of spec §8 for the auth dialogs.
 */
export async function handleAccountAction(context: Context, work: () => Promise<Response>, fallback: MessageKey = "errors.sorry"): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountError) return refusal(error, context);
    if (error instanceof Response) throw error;
    context.get(servicesContext).logger.error({ err: { message: (error as Error).message, stack: (error as Error).stack } }, "account action failed");
    return answer({ ok: false, message: t(context, fallback) }, 500);
  }
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
