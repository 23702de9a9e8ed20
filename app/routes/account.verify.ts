// POST /account/verify: checks a one-time code. Login and register start a web session (the
// HttpOnly cookie) and say where to go next; add-number adds the number to the account.
// The browser sends `data` (number#code encrypted with the site's RSA key, ARCHITECTURE.md); a
// browser without WebCrypto (plain HTTP on a host other than localhost) sends gsm and code instead.
import type { Route } from "./+types/account.verify";
import { codeVerifyForm } from "../../common/account.ts";
import { decryptNumberAndCode, signIn, verifyAddedNumber } from "../../server/account/service.ts";
import { edgeError, validate } from "../../server/edge/app-error.ts";
import { answer, requestOrigin, t } from "../account/actions.server.ts";
import { addNotice, clearCookie, startWebSession } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";
import { pageAction } from "../page-action.server.ts";
import { NEXT_ROUTE_COOKIE, readCookie, safeNextRoute } from "../session.server.ts";

export const action: (args: Route.ActionArgs) => Promise<unknown> = pageAction("/account/verify", async ({ request, context, fields, account }) => {
  const form = validate(codeVerifyForm, fields);
  const services = context.get(servicesContext);
  const origin = requestOrigin(request, context);
  const { gsm, code } = "data" in form ? await decryptNumberAndCode(services, form.data) : form;
  if (form.mode === "add-number") {
    if (!account) throw edgeError.sessionExpired();
    await verifyAddedNumber(services, account.accountId, gsm, code, origin);
    return answer({ ok: true, message: t(context, "account.numberAdded") });
  }
  const signedIn = await signIn(services, gsm, code, origin);
  startWebSession(context, signedIn.token);
  // The message waits in the flash cookie for the reloaded page.
  addNotice(context, { tone: "success", key: signedIn.registered ? "account.registered" : "account.signedIn" });
  const next = safeNextRoute(readCookie(request, NEXT_ROUTE_COOKIE));
  if (readCookie(request, NEXT_ROUTE_COOKIE) !== undefined) clearCookie(context, NEXT_ROUTE_COOKIE);
  return answer({ ok: true, message: t(context, signedIn.registered ? "account.registered" : "account.signedIn"), redirectTo: next });
});
