// POST /account/select-number: makes one of the account's numbers the selected one (spec §4).
import type { Route } from "./+types/account.select-number";
import { loginNumberSchema } from "../../common/account.ts";
import { assertOwnsNumber } from "../../server/account/service.ts";
import { answer, formText, handleAccountAction, refuseForeignOrigin, t } from "../account/actions.server.ts";
import { clearCookie, getWebAccount, SELECTED_NUMBER_COOKIE, setCookie } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";

const SELECTION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export async function action({ request, context }: Route.ActionArgs) {
  const foreign = refuseForeignOrigin(request, context);
  if (foreign) return foreign;
  const account = getWebAccount(context);
  if (!account) return answer({ ok: false, message: t(context, "account.errors.SESSION_EXPIRED") }, 401);
  const parsed = loginNumberSchema.safeParse(formText(await request.formData(), "gsm"));
  if (!parsed.success) return answer({ ok: false, message: t(context, "validation.numberInvalid") }, 400);
  const gsm = parsed.data;
  return handleAccountAction(context, async () => {
    await assertOwnsNumber(context.get(servicesContext), account.accountId, gsm);
    if (gsm === account.mainGsm) clearCookie(context, SELECTED_NUMBER_COOKIE);
    else setCookie(context, SELECTED_NUMBER_COOKIE, gsm, SELECTION_MAX_AGE_SECONDS);
    return answer({ ok: true, message: t(context, "auth.numberSelected", { gsm }) });
  });
}
