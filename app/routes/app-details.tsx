// /app-details/{id}: an app or digital service, what it does and its store links.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/app-details";
import { getApp } from "../../server/content/catalogue.ts";
import { ArticleView } from "../content/ArticleView.tsx";
import { itemHeading, notFound, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const id = Number(params.id);
  const app = Number.isSafeInteger(id) && id > 0 ? await getApp(services.db, language, id) : null;
  if (!app) notFound();
  return { heading: itemHeading(context, "page.appDetails", [["nav.apps", "/home#apps"]], app), app };
}

export const meta = headingMeta;

export default function AppDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { app } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <ArticleView
        title={app.title}
        summary={app.summary}
        body={app.body}
        aside={
          <>
            <p className="font-bold text-brand-900">{t("articles.download")}</p>
            <a href={app.link} target="_blank" rel="noopener noreferrer" className="rounded-lg bg-slate-900 px-4 py-2 text-center font-bold text-white">{t("apps.googlePlay")}</a>
            <a href={app.appleLink} target="_blank" rel="noopener noreferrer" className="rounded-lg bg-slate-900 px-4 py-2 text-center font-bold text-white">{t("apps.appStore")}</a>
          </>
        }
      />
    </SectionPage>
  );
}
