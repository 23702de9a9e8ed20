// The layout shared by inner pages: the page header (breadcrumb and title) above the page's body.
import type { ReactNode } from "react";
import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import type { PageHeading } from "./page.server.ts";
import { PageHeader } from "../shell/Breadcrumbs.tsx";
import { SUPPORT_LINKS } from "../shell/navigation.ts";

export function SectionPage({ heading, children }: { heading: PageHeading; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={heading.title} breadcrumbs={heading.breadcrumbs} />
      <div className="mx-auto max-w-6xl px-4 py-8">{children ?? <HelpPanel />}</div>
    </>
  );
}

/** Where to get help with this section: the support links, for pages whose catalogue is still small. */
function HelpPanel() {
  const { t } = useTranslation();
  return (
    <section className="rounded-xl border border-brand-100 bg-brand-50 p-6">
      <p className="text-slate-700">{t("content.comingSoon")}</p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {SUPPORT_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-block rounded-full bg-white px-4 py-2 font-bold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
