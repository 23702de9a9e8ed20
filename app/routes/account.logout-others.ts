// POST /account/logout-others: ends every other session of the account; this one stays.
import { redirect } from "react-router";
import type { Route } from "./+types/account.logout-others";
import { signOutOtherDevices } from "../../server/account/service.ts";
import { addNotice } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";
import { pageAction } from "../page-action.server.ts";

export const action: (args: Route.ActionArgs) => Promise<unknown> = pageAction("/account/logout-others", async ({ context, account }) => {
  await signOutOtherDevices(context.get(servicesContext), account!.accountId, account!.sessionId);
  addNotice(context, { tone: "success", key: "account.signedOutOthers" });
  return redirect("/profile");
});

export function loader() {
  return redirect("/profile");
}
