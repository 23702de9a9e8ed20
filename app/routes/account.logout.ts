// POST /account/logout: ends the session on the server and in this browser, then /home with the
// message as a toast (spec §4). A plain form post works before hydration too.
import { redirect } from "react-router";
import type { Route } from "./+types/account.logout";
import { signOut } from "../../server/account/service.ts";
import { addNotice, endWebSession } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";
import { pageAction } from "../page-action.server.ts";

export const action: (args: Route.ActionArgs) => Promise<unknown> = pageAction("/account/logout", async ({ context, account }) => {
  if (account) await signOut(context.get(servicesContext), account.sessionId);
  endWebSession(context);
  addNotice(context, { tone: "success", key: "account.signedOut" });
  return redirect("/home");
});

export function loader() {
  return redirect("/home");
}
