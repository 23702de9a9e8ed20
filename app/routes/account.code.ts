// POST /account/code: asks for a one-time code (login, register, add-number) or a resend. A login's or a
// registration's number arrives encrypted, as in login2 and signup2 (spec §6).
import type { Route } from "./+types/account.code";
import { codeRequestForm } from "../../common/account.ts";
import { codeSendingIpLimit, codeSendingLimited, decryptNumber, requestAddNumberCode, requestLoginCode, requestRegisterCode, resendCode } from "../../server/account/service.ts";
import { edgeError, validate } from "../../server/edge/app-error.ts";
import { answer, requestOrigin, t } from "../account/actions.server.ts";
import { servicesContext } from "../context.ts";
import { pageAction } from "../page-action.server.ts";

export const action: (args: Route.ActionArgs) => Promise<unknown> = pageAction("/account/code", async ({ request, context, fields, account }) => {
  const form = validate(codeRequestForm, fields);
  const services = context.get(servicesContext);
  const origin = requestOrigin(request, context);
  if (form.intent === "resend") await resendCode(services, form.gsm, origin);
  else if (form.intent === "add-number") {
    if (!account) throw edgeError.sessionExpired();
    await requestAddNumberCode(services, account.accountId, form.gsm, origin);
  } else {
    const gsm = await decryptNumber(services, form.gsm);
    if (form.intent === "register") await requestRegisterCode(services, gsm, origin);
    else await requestLoginCode(services, gsm, origin);
  }
  return answer({ ok: true, message: t(context, "account.codeSent") });
}, { ipLimit: { limit: codeSendingIpLimit, refusal: codeSendingLimited } });
