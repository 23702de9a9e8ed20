// GET /account/menu: what the welcome menu shows a subscriber: the name and the account's numbers.
import type { Route } from "./+types/account.menu";
import { getProfile, listNumbers } from "../../server/account/service.ts";
import { answer, t } from "../account/actions.server.ts";
import { getWebAccount } from "../account/web-session.server.ts";
import { requestContext, servicesContext } from "../context.ts";
import { pageFailure } from "../page-action.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const account = getWebAccount(context);
  if (!account) return answer({ ok: false, message: t(context, "account.errors.SESSION_EXPIRED") }, 401);
  const services = context.get(servicesContext);
  try {
    const [profile, numbers] = await Promise.all([
      getProfile(services, account.accountId, account.selectedGsm, context.get(requestContext).language),
      listNumbers(services, account.accountId),
    ]);
    return Response.json({ name: profile.name, numbers: numbers.map((number) => number.gsm) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return pageFailure(error, context);
  }
}
