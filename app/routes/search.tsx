import { useTranslation } from "react-i18next";
import type { Route } from "./+types/search";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta, SectionPage } from "../pages/SectionPage.tsx";

/** /search?q=…: the query the navbar's search box stored. */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  return { heading: pageHeading(context, "page.search"), query };
}

export const meta = headingMeta;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <p className="text-lg" role="status">
        {loaderData.query ? t("content.searchFor", { query: loaderData.query }) : t("content.searchEmpty")}
      </p>
    </SectionPage>
  );
}
