// English / Arabic. Each choice is a plain link carrying ?lang=, so it works before (and without)
// JavaScript: the server stores the choice in a cookie and renders the page in that language.
// With JavaScript the choice is also kept in localStorage (spec §1: kept locally, a change reloads).
import { useLocation } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, LANGUAGES, type Language } from "../../common/language.ts";

export function languageHref(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_QUERY_PARAM, language);
  return `${pathname}?${params.toString()}`;
}

export function LanguagePicker({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const current = i18n.language as Language;
  return (
    <div role="group" aria-label={t("nav.language")} className={`flex items-center gap-1 ${className}`}>
      {LANGUAGES.map((language) => (
        <a
          key={language}
          href={languageHref(pathname, search, language)}
          hrefLang={language}
          lang={language}
          aria-current={language === current ? "true" : undefined}
          onClick={() => {
            try {
              window.localStorage.setItem(LANGUAGE_COOKIE, language);
            } catch {
              // Private browsing may refuse storage; the cookie set by the server still keeps the choice.
            }
          }}
          className={`rounded px-2 py-0.5 text-sm ${language === current ? "bg-white/20 font-bold" : "hover:bg-white/10"}`}
        >
          {language === "ar" ? t("nav.switchToArabic") : t("nav.switchToEnglish")}
        </a>
      ))}
    </div>
  );
}
