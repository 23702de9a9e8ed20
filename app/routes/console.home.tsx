// /console: the home of a signed-in staff member: who they are, their roles, and what they can open.
import type { Route } from "./+types/console.home";
import { Link } from "react-router";
import { requireStaff } from "../console/staff.server.ts";
import { useTranslation } from "../i18n/react.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  return { displayName: staff.displayName, email: staff.email, roles: staff.roles, centreIds: staff.centreIds };
}

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isAdmin = loaderData.roles.includes("admin");
  const editsContent = loaderData.roles.includes("editor") || loaderData.roles.includes("publisher");
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("console.home.title", { name: loaderData.displayName })}</h1>
      <p className="mb-4">
        {t("console.home.signedInAs")} <bdi dir="ltr">{loaderData.email}</bdi>
      </p>
      <h2 className="mb-2 text-xl font-semibold">{t("console.home.rolesTitle")}</h2>
      <ul className="mb-4 list-disc ps-6">
        {loaderData.roles.map((role) => (
          <li key={role}>
            {t(`console.roles.${role}`)}
            {role === "centre-agent" && loaderData.centreIds.length > 0 ? (
              <>
                {" — "}
                <bdi dir="ltr">{loaderData.centreIds.join(", ")}</bdi>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {editsContent ? (
        <p className="mb-4">
          <Link to="/console/content" className="text-violet-800 underline">
            {t("console.nav.content")}
          </Link>
        </p>
      ) : null}
      {isAdmin ? (
        <ul className="flex flex-wrap gap-3">
          <li>
            <Link to="/console/staff" className="text-violet-800 underline">
              {t("console.nav.staff")}
            </Link>
          </li>
          <li>
            <Link to="/console/audit" className="text-violet-800 underline">
              {t("console.nav.audit")}
            </Link>
          </li>
        </ul>
      ) : null}
      <p className="mt-4">{t("console.home.laterParts")}</p>
    </>
  );
}
