// The not-found page (spec §2): 'Ooops!', the translated message and a way back home. Its layout
// switches at 992 px: side by side above, stacked below.
import { Link } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { ArrowIcon } from "./icons.tsx";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-5xl flex-col items-center gap-8 px-4 py-16 text-center notfound:flex-row notfound:text-start" data-testid="not-found">
      <p aria-hidden="true" className="text-8xl font-bold text-brand-600 notfound:text-9xl">404</p>
      <div className="flex flex-col items-center gap-4 notfound:items-start">
        <h1 className="text-4xl font-bold text-brand-800" lang="en" dir="ltr">{t("notFound.title")}</h1>
        <p className="max-w-md text-lg text-slate-700">{t("notFound.message")}</p>
        <Link to="/home" className="flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800">
          {t("notFound.back")}
          <ArrowIcon />
        </Link>
      </div>
    </div>
  );
}
