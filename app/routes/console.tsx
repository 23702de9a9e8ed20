// The operator's console (issue 17): the frame of every /console page and its error boundary (a 403 for a
// missing role, a 404 for a link that is no longer valid), with the staff member of the request (or none).
import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/console";
import { getStaff } from "../console/staff.server.ts";
import { ConsoleShell } from "../console/ConsoleShell.tsx";
import { useTranslation } from "../i18n/react.ts";
import { pageTools } from "../pages/page.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await getStaff(request, context);
  const { t } = pageTools(context);
  return { staff: staff ? { displayName: staff.displayName, email: staff.email, roles: staff.roles } : null, title: t("console.title") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleShell staff={loaderData.staff}>
      <Outlet />
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  // A page's refusal (403) keeps the console's frame with the staff member's navigation and sign-out.
  const layout = useRouteLoaderData<typeof loader>("routes/console");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : t(status === 404 ? "console.errors.NOT_FOUND" : "console.errors.FAILED");
  return (
    <ConsoleShell staff={layout?.staff ?? null}>
      <h1 className="mb-4 text-2xl font-bold">{t(status === 403 ? "console.forbiddenTitle" : "console.errorTitle")}</h1>
      <p role="alert">{message}</p>
      <p className="mt-4">
        <a href="/console" className="text-violet-800 underline">
          {t("console.backHome")}
        </a>
      </p>
    </ConsoleShell>
  );
}
