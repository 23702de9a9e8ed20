import type { Route } from "./+types/privacy-policy";
import { loadLegalText } from "../pages/legal.server.ts";
import { pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { PageHeader } from "../shell/Breadcrumbs.tsx";
import { AwaitContent } from "../pages/ContentStates.tsx";
import { ContentHtml } from "../pages/ContentHtml.tsx";

/**
 * Privacy policy (spec §2): breadcrumb Home (→ /personal), then the title, which links back to
 * /products/segment-products when the route type is `segment`, otherwise to /bundles.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const { t } = pageTools(context);
  const title = t("page.privacy");
  const backTo = params.type?.toLowerCase() === "segment" ? "/products/segment-products" : "/bundles";
  return {
    heading: { title, breadcrumbs: [{ label: t("breadcrumb.home"), to: "/personal" }, { label: title, to: backTo }] },
    content: loadLegalText(context, "privacy"),
  };
}

export const meta = headingMeta;

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.heading.title} breadcrumbs={loaderData.heading.breadcrumbs} />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <AwaitContent resolve={loaderData.content}>
          {(content) => (
            // Below 1180 px the illustration sits above the text; from 1180 px beside it, on the
            // start side, and Arabic text gets the taller line height it needs.
            <div className="flex flex-col gap-8 privacy:flex-row privacy:items-start" data-testid="privacy-content">
              {content.image ? (
                <img src={content.image} alt="" width={320} height={240} className="w-full max-w-xs self-center rounded-xl privacy:sticky privacy:top-4 privacy:self-start" />
              ) : null}
              <ContentHtml html={content.html} className="[:lang(ar)_&]:leading-9 [:lang(ar)_&]:text-justify" />
            </div>
          )}
        </AwaitContent>
      </div>
    </>
  );
}
