// POST /account/select-number: makes one of the account's numbers the selected one (spec §4).
import type { Route } from "./+types/account.select-number";
import { selectNumberForm } from "../../common/account.ts";
import { assertOwnsNumber } from "../../server/account/service.ts";
import { validate } from "../../server/edge/app-error.ts";
import { answer, t } from "../account/actions.server.ts";
import { clearCookie, SELECTED_NUMBER_COOKIE, setCookie } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";
import { pageAction } from "../page-action.server.ts";

const SELECTION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export const action: (args: Route.ActionArgs) => Promise<unknown> = pageAction("/account/select-number", async ({ context, fields, account }) => {
  const { gsm } = validate(selectNumberForm, fields);
  await assertOwnsNumber(context.get(servicesContext), account!.accountId, gsm);
  if (gsm === account!.mainGsm) clearCookie(context, SELECTED_NUMBER_COOKIE);
  else setCookie(context, SELECTED_NUMBER_COOKIE, gsm, SELECTION_MAX_AGE_SECONDS);
  return answer({ ok: true, message: t(context, "auth.numberSelected", { gsm }) });
});
