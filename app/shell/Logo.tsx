import { Link } from "react-router";
import { useTranslation } from "../i18n/react.ts";

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/home" aria-label={t("nav.logoLabel")} className="flex shrink-0 items-center gap-2">
      <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#5b21b6" />
        <path d="M9 21c2.5 2 9.5 2.5 12-1.5S17 13 14 12.5 9.5 9 12 7.5s7 .5 8.5 2" fill="none" stroke="#fbbf24" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="hidden text-lg font-bold text-brand-800 sm:inline">{t("brand.name")}</span>
    </Link>
  );
}
