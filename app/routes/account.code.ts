// POST /account/code: asks for a one-time code (login, register, add-number) or a resend.
import type { Route } from "./+types/account.code";
import { loginNumberSchema } from "../../common/account.ts";
import { requestAddNumberCode, requestLoginCode, requestRegisterCode, resendCode } from "../../server/account/service.ts";
import type { MessageKey } from "../../server/i18n.ts";
import { answer, formText, handleAccountAction, refuseForeignOrigin, requestOrigin, t } from "../account/actions.server.ts";
import { getWebAccount } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const foreign = refuseForeignOrigin(request, context);
  if (foreign) return foreign;
  const form = await request.formData();
  const parsed = loginNumberSchema.safeParse(formText(form, "gsm"));
  if (!parsed.success) return answer({ ok: false, message: t(context, parsed.error.issues[0]!.message as MessageKey) }, 400);
  const gsm = parsed.data;
  const services = context.get(servicesContext);
  const origin = requestOrigin(request, context);
  return handleAccountAction(context, async () => {
    const intent = formText(form, "intent");
    if (intent === "resend") await resendCode(services, gsm, origin);
    else if (intent === "register") await requestRegisterCode(services, gsm, origin);
    else if (intent === "add-number") {
      const account = getWebAccount(context);
      if (!account) return answer({ ok: false, message: t(context, "account.errors.SESSION_EXPIRED") }, 401);
      await requestAddNumberCode(services, account.accountId, gsm, origin);
    } else await requestLoginCode(services, gsm, origin);
    return answer({ ok: true, message: t(context, "account.codeSent") });
  });
}
