// POST /account/verify: checks a one-time code. Login and register start a web session (the
// HttpOnly cookie) and say where to go next; add-number adds the number to the account.
// The browser sends `data` (number#code encrypted with the site's RSA key, ARCHITECTURE.md); a
// browser without WebCrypto (plain HTTP on a host other than localhost) sends gsm and code instead.
import type { Route } from "./+types/account.verify";
import { codeSchema, loginNumberSchema } from "../../common/account.ts";
import { decryptNumberAndCode, signIn, verifyAddedNumber } from "../../server/account/service.ts";
import { answer, formText, handleAccountAction, refuseForeignOrigin, requestOrigin, t } from "../account/actions.server.ts";
import { addNotice, clearCookie, getWebAccount, startWebSession } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";
import { NEXT_ROUTE_COOKIE, readCookie, safeNextRoute } from "../session.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const foreign = refuseForeignOrigin(request, context);
  if (foreign) return foreign;
  const form = await request.formData();
  const services = context.get(servicesContext);
  const origin = requestOrigin(request, context);
  return handleAccountAction(context, async () => {
    const encrypted = formText(form, "data");
    let gsm: string;
    let code: string;
    if (encrypted) ({ gsm, code } = await decryptNumberAndCode(services, encrypted));
    else {
      const number = loginNumberSchema.safeParse(formText(form, "gsm"));
      const digits = codeSchema.safeParse(formText(form, "code"));
      if (!number.success || !digits.success) return answer({ ok: false, message: t(context, "validation.codeIncomplete") }, 400);
      [gsm, code] = [number.data, digits.data];
    }
    if (formText(form, "mode") === "add-number") {
      const account = getWebAccount(context);
      if (!account) return answer({ ok: false, message: t(context, "account.errors.SESSION_EXPIRED") }, 401);
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
}
