import { useTranslation } from "react-i18next";

/** Shown when a page could not be produced: a calm message and a retry, never a stack trace. */
export function ErrorState() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <svg viewBox="0 0 64 64" width="96" height="96" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#ede9fe" />
        <path d="M32 16v20M32 44v4" stroke="#5b21b6" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <p className="text-lg text-slate-700">{t("content.error")}</p>
      <a href="" className="rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">
        {t("content.retry")}
      </a>
    </div>
  );
}
