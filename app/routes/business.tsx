// /business: the business section's home (spec §2 lists "business home" and "solutions") with its solutions.
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/business";
import { listBusinessSolutions } from "../../server/content/catalogue.ts";
import { CardGrid, LinkCard } from "../content/LinkCard.tsx";
import { businessPath } from "../content/paths.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, language, t } = pageTools(context);
  return { heading: { ...pageHeading(context, "page.business"), description: t("meta.business") }, solutions: await listBusinessSolutions(services.db, language) };
}

export const meta = headingMeta;

export default function Business({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <section className="mb-8 flex flex-col gap-3 rounded-2xl on-dark bg-brand-900 p-8 text-white">
        <h2 className="text-2xl font-bold nav:text-3xl">{t("business.heroTitle")}</h2>
        <p className="max-w-3xl text-lg text-brand-100">{t("business.intro")}</p>
        <p className="font-bold text-accent-400">{t("business.contact")}</p>
      </section>
      <h2 className="mb-4 text-2xl font-bold text-brand-800">{t("business.solutions")}</h2>
      <CardGrid>
        {loaderData.solutions.map((solution) => (
          <LinkCard key={solution.id} id={`solution-${solution.id}`} to={businessPath(solution)} title={solution.title} summary={solution.summary} action={t("articles.readMore")} />
        ))}
      </CardGrid>
    </SectionPage>
  );
}
