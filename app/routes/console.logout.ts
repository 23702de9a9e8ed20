// POST /console/logout: ends this console session (its row is deleted) and clears the cookie.
import { redirect } from "react-router";
import { logout } from "../../server/console/service.ts";
import { clearConsoleSession, CONSOLE_LOGIN_PATH, getStaff } from "../console/staff.server.ts";
import { requestContext, servicesContext } from "../context.ts";
import { pageAction } from "../page-action.server.ts";

export const action = pageAction("/console/logout", async ({ request, context }) => {
  const staff = await getStaff(request, context);
  if (staff) await logout(context.get(servicesContext).db, staff, context.get(requestContext).clientIp);
  clearConsoleSession(context);
  return redirect(CONSOLE_LOGIN_PATH);
});

export function loader() {
  return redirect(CONSOLE_LOGIN_PATH);
}
