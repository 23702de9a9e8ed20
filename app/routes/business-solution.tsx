// /business/{slug}: one business solution.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/business-solution";
import { getBusinessSolution } from "../../server/content/catalogue.ts";
import { ArticleView } from "../content/ArticleView.tsx";
import { itemHeading, notFound, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, language } = pageTools(context);
  const solution = await getBusinessSolution(services.db, language, params.id);
  if (!solution) notFound();
  return { heading: itemHeading(context, "page.businessSolution", [["page.business", "/business"]], solution), solution };
}

export const meta = headingMeta;

export default function BusinessSolution({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { solution } = loaderData;
  return (
    <SectionPage heading={loaderData.heading}>
      <ArticleView title={solution.title} summary={solution.summary} body={solution.body} aside={<p className="font-bold text-brand-900">{t("business.contact")}</p>} />
    </SectionPage>
  );
}
