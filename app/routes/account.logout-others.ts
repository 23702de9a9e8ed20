// POST /account/logout-others: ends every other session of the account; this one stays.
import { redirect } from "react-router";
import type { Route } from "./+types/account.logout-others";
import { signOutOtherDevices } from "../../server/account/service.ts";
import { refuseForeignOrigin } from "../account/actions.server.ts";
import { addNotice } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";
import { requireSubscriber } from "../session.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  if (refuseForeignOrigin(request, context)) return redirect("/profile");
  const account = requireSubscriber(request, context);
  try {
    await signOutOtherDevices(context.get(servicesContext), account.accountId, account.sessionId);
    addNotice(context, { tone: "success", key: "account.signedOutOthers" });
  } catch (error) {
    context.get(servicesContext).logger.error({ err: { message: (error as Error).message } }, "logout of other devices failed");
    addNotice(context, { tone: "error", key: "errors.generic" });
  }
  return redirect("/profile");
}

export function loader() {
  return redirect("/profile");
}
