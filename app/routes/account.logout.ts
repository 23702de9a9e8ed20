// POST /account/logout: ends the session on the server and in this browser, then /home with the
// message as a toast (spec §4). A plain form post works before hydration too.
import { redirect } from "react-router";
import type { Route } from "./+types/account.logout";
import { signOut } from "../../server/account/service.ts";
import { refuseForeignOrigin } from "../account/actions.server.ts";
import { addNotice, endWebSession, getWebAccount } from "../account/web-session.server.ts";
import { servicesContext } from "../context.ts";

export async function action({ request, context }: Route.ActionArgs) {
  if (refuseForeignOrigin(request, context)) return redirect("/home");
  const account = getWebAccount(context);
  if (account) {
    try {
      await signOut(context.get(servicesContext), account.sessionId);
    } catch (error) {
      context.get(servicesContext).logger.error({ err: { message: (error as Error).message } }, "logout failed");
      addNotice(context, { tone: "error", key: "errors.generic" });
      return redirect("/home");
    }
  }
  endWebSession(context);
  addNotice(context, { tone: "success", key: "account.signedOut" });
  return redirect("/home");
}

export function loader() {
  return redirect("/home");
}
