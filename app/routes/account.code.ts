// POST /account/code: asks for a one-time code (login, register, add-number) or a resend.
import type { Route } from "./+types/account.code";
import { codeRequestForm } from "../../common/account.ts";
import { codeSendingIpLimit, codeSendingLimited, requestAddNumberCode, requestLoginCode, requestRegisterCode, resendCode } from "../../server/account/service.ts";
import { edgeError, validate } from "../../server/edge/app-error.ts";
import { answer, requestOrigin, t } from "../account/actions.server.ts";
import { servicesContext } from "../context.ts";
import { pageAction } from "../page-action.server.ts";

export const action: (args: Route.ActionArgs) => Promise<unknown> = pageAction("/account/code", async ({ request, context, fields, account }) => {
  const { gsm, intent } = validate(codeRequestForm, fields);
  const services = context.get(servicesContext);
  const origin = requestOrigin(request, context);
  if (intent === "resend") await resendCode(services, gsm, origin);
  else if (intent === "register") await requestRegisterCode(services, gsm, origin);
  else if (intent === "add-number") {
    if (!account) throw edgeError.sessionExpired();
    await requestAddNumberCode(services, account.accountId, gsm, origin);
  } else await requestLoginCode(services, gsm, origin);
  return answer({ ok: true, message: t(context, "account.codeSent") });
}, { ipLimit: { limit: codeSendingIpLimit, refusal: codeSendingLimited } });
