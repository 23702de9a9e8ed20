// /console: the home of a signed-in staff member: who they are, their roles, and what they can open.
import type { Route } from "./+types/console.home";
import { Link } from "react-router";
import type { StaffRole } from "../../common/console.ts";
import { DESK_ROLES, FEEDBACK_ROLES } from "../../common/console-desk.ts";
import { CONTENT_FILES_PATH, CONTENT_FILES_ROLES, MEDIA_PATH, MEDIA_ROLES } from "../console/paths.ts";
import { requireStaff } from "../console/staff.server.ts";
import { useTranslation } from "../i18n/react.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  return { displayName: staff.displayName, email: staff.email, roles: staff.roles, centreIds: staff.centreIds };
}

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const has = (roles: readonly StaffRole[]) => roles.some((role) => loaderData.roles.includes(role));
  // What each role opens (the navigation shows the same).
  const links = [
    ...(has(["editor", "publisher"]) ? [{ to: "/console/content", label: "console.nav.content" as const }] : []),
    ...(has(MEDIA_ROLES) ? [{ to: MEDIA_PATH, label: "console.nav.media" as const }] : []),
    ...(has(CONTENT_FILES_ROLES) ? [{ to: CONTENT_FILES_PATH, label: "console.nav.contentFiles" as const }] : []),
    ...(has(["admin"]) ? [{ to: "/console/staff", label: "console.nav.staff" as const }, { to: "/console/audit", label: "console.nav.audit" as const }] : []),
    ...(has(FEEDBACK_ROLES) ? [{ to: "/console/feedback", label: "console.nav.feedback" as const }] : []),
    ...(has(DESK_ROLES) ? [{ to: "/console/desk", label: "console.nav.desk" as const }] : []),
  ];
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
      {links.length > 0 ? (
        <ul className="flex flex-wrap gap-3">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-violet-800 underline">
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
