import { useTranslation } from "../i18n/react.ts";
import { Link } from "react-router";
import type { Crumb } from "../pages/page.server.ts";
import { ChevronIcon } from "./icons.tsx";
import { BidiText } from "../content/BidiText.tsx";

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("breadcrumb.label")} className="text-sm text-brand-100">
      {/* One line whatever the font: the current page's crumb shortens with an ellipsis first (the h1 below
          says it in full), then on a narrow phone the others too, so the trail never wraps (the web font's
          arrival cannot move the page) nor runs past the screen. */}
      <ol className="flex items-center gap-1">
        {items.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`} className={`flex min-w-0 items-center gap-1 ${crumb.to ? "" : "shrink-[100]"}`}>
            {index > 0 ? <ChevronIcon className="flip-rtl shrink-0" /> : null}
            {crumb.to ? (
              <Link to={crumb.to} className="truncate underline-offset-4 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-bold text-white">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The coloured band at the top of every inner page: breadcrumb and title. */
export function PageHeader({ title, breadcrumbs }: { title: string; breadcrumbs: Crumb[] }) {
  return (
    <div data-brand-gradient="band" className="on-dark bg-gradient-to-l from-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <Breadcrumbs items={breadcrumbs} />
        <h1 className="mt-3 text-2xl font-bold nav:text-3xl"><BidiText text={title} linkCodes={false} /></h1>
      </div>
    </div>
  );
}
