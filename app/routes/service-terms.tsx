import { Link } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import type { Route } from "./+types/service-terms";
import { loadLegalText } from "../pages/legal.server.ts";
import { pageHeading } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { AwaitContent } from "../pages/ContentStates.tsx";
import { ContentHtml } from "../pages/ContentHtml.tsx";
import { ArrowIcon } from "../shell/icons.tsx";

/** Terms of service (spec §2): the fetched text; type `segment` leads back to segment products. */
export function loader({ params, context }: Route.LoaderArgs) {
  const fromSegment = params.type?.toLowerCase() === "segment";
  return {
    heading: pageHeading(context, "page.terms", fromSegment ? [["page.segmentProducts", "/products/segment-products"]] : []),
    backTo: fromSegment ? "/products/segment-products" : null,
    content: loadLegalText(context, "terms"),
  };
}

export const meta = headingMeta;

export default function ServiceTerms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={loaderData.heading}>
      <AwaitContent resolve={loaderData.content}>{(content) => <ContentHtml html={content.html} />}</AwaitContent>
      {loaderData.backTo ? (
        <Link to={loaderData.backTo} className="mt-8 inline-flex items-center gap-2 font-bold text-brand-700 hover:underline">
          <ArrowIcon className="flip-rtl rotate-180" />
          {t("page.segmentProducts")}
        </Link>
      ) : null}
    </SectionPage>
  );
}
