// The page around a line-feature screen: header with the breadcrumb home > profile features > screen,
// and the number the screen acts on (the selected number of the welcome menu).
import type { ReactNode } from "react";
import { useTranslation } from "../i18n/react.ts";
import type { MessageKey } from "../../server/i18n.ts";
import type { PageHeading } from "../pages/page.server.ts";
import { SectionPage } from "../pages/SectionPage.tsx";

/** The breadcrumb's middle step: the line features card of the profile. */
export const FEATURES_BREADCRUMB: [MessageKey, string] = ["breadcrumb.profileFeatures", "/profile#features"];

export function LineFeaturePage({ heading, gsm, children }: { heading: PageHeading; gsm: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SectionPage heading={heading}>
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">
          {t("lineFeatureUi.forNumber")} <bdi dir="ltr" className="font-bold" data-testid="feature-number">{gsm}</bdi>
        </p>
        {children}
      </div>
    </SectionPage>
  );
}
