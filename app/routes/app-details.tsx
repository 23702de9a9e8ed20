import { useTranslation } from "react-i18next";
import type { Route } from "./+types/app-details";
import { notFound, pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";
import { listApps } from "../../server/content/service.ts";

/** /app-details/{id}: an app with its store links; an unknown id is the not-found page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const app = (await listApps(services.db, language)).find((item) => String(item.id) === params.id);
  if (!app) notFound();
  const heading = pageHeading(context, "page.appDetails", [["nav.apps", "/home#apps"]]);
  heading.title = app.title;
  heading.breadcrumbs[heading.breadcrumbs.length - 1] = { label: app.title };
  return { heading, app };
}

export const meta = headingMeta;

export default function AppDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { app } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <div className="flex flex-wrap gap-3">
        <a href={app.link} rel="noopener noreferrer" target="_blank" className="rounded-lg bg-slate-900 px-5 py-3 font-bold text-white hover:bg-slate-700">
          {t("apps.googlePlay")}
        </a>
        <a href={app.appleLink} rel="noopener noreferrer" target="_blank" className="rounded-lg bg-slate-900 px-5 py-3 font-bold text-white hover:bg-slate-700">
          {t("apps.appStore")}
        </a>
      </div>
    </SectionPage>
  );
}
