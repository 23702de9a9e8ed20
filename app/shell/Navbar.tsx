// The navigation bar of spec §2: top bar (Personal tab, find service centres, language), then the
// main bar (sidebar toggle below 1100 px, logo, section links from 1100 px, search, account button).
import { Form, Link, NavLink, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { SHORT_SEARCH_PLACEHOLDER_BREAKPOINT_PX } from "../../common/constants.ts";
import { LanguagePicker } from "./LanguagePicker.tsx";
import { MobileSidebar } from "./MobileSidebar.tsx";
import { SECTION_LINKS, SERVICE_CENTERS_PATH } from "./navigation.ts";
import { PinIcon, SearchIcon, UserIcon } from "./icons.tsx";
import { useShell } from "./ShellContext.tsx";
import { useMediaQuery } from "./useMediaQuery.ts";
import { OverlayTrigger } from "./OverlayTrigger.tsx";
import { Logo } from "./Logo.tsx";

/** localStorage key of the last search value (spec §2: Enter stores the search value). */
export const SEARCH_VALUE_KEY = "searchValue";

export function Navbar() {
  const { t } = useTranslation();
  return (
    <header className="bg-white shadow-sm">
      <div className="on-dark bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-1.5 text-sm">
          <nav aria-label={t("nav.personal")} className="flex items-center gap-4">
            <NavLink to="/home" className="rounded px-2 py-0.5 font-bold aria-[current=page]:bg-white/15">
              {t("nav.personal")}
            </NavLink>
          </nav>
          <div className="flex items-center gap-3">
            <Link to={SERVICE_CENTERS_PATH} className="flex items-center gap-1 hover:underline">
              <PinIcon width={16} height={16} />
              <span className="nav:hidden">{t("nav.findServiceCentersShort")}</span>
              <span className="hidden nav:inline">{t("nav.findServiceCenters")}</span>
            </Link>
            <LanguagePicker />
          </div>
        </div>
      </div>
      {/* On phones the search takes a row of its own under the logo and the account button, so the
          subscriber's number always has room; from 640 px it sits beside the account button. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
        <MobileSidebar />
        <Logo />
        <nav aria-label={t("nav.mainSections")} className="hidden nav:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className="rounded-md px-3 py-2 font-bold text-slate-700 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SiteSearch />
        <AccountButton />
      </div>
    </header>
  );
}

function SiteSearch() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const narrow = useMediaQuery(`(max-width: ${SHORT_SEARCH_PLACEHOLDER_BREAKPOINT_PX - 0.02}px)`);
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={t("nav.siteSearch")}
      className="order-last basis-full sm:order-none sm:ms-auto sm:basis-auto"
      onSubmit={(event) => {
        const value = new FormData(event.currentTarget).get("q");
        try {
          window.localStorage.setItem(SEARCH_VALUE_KEY, String(value ?? ""));
        } catch {
          // Storage may be unavailable; the value still travels in the URL.
        }
      }}
    >
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute start-2 top-1/2 -translate-y-1/2 text-slate-500" />
        <input
          type="search"
          name="q"
          defaultValue={params.get("q") ?? ""}
          aria-label={t("nav.search")}
          enterKeyHint="search"
          maxLength={200}
          placeholder={narrow ? t("nav.searchPlaceholderShort") : t("nav.searchPlaceholder")}
          className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 ps-9 pe-3 text-sm sm:w-48 nav:w-64 [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
    </Form>
  );
}

const loadWelcomePopover = () => import("./overlays/WelcomePopover.tsx").then((module) => module.default);

function AccountButton() {
  const { t } = useTranslation();
  const { shell, welcomeOpen, setWelcomeOpen } = useShell();
  const gsm = shell.account?.gsm;
  return (
    <OverlayTrigger
      load={loadWelcomePopover}
      isOpen={welcomeOpen}
      onOpenChange={setWelcomeOpen}
      // A subscriber's button shows only the number; its name says whose it is ("My account 0944…"), so a
      // screen reader does not announce a bare number. The visible number is part of the name (WCAG 2.5.3).
      label={gsm ? t("nav.accountOf", { number: gsm }) : undefined}
      className="ms-auto flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full bg-brand-700 px-3 py-2 text-sm font-bold text-white hover:bg-brand-800 active:bg-brand-900 sm:ms-0"
    >
      <UserIcon width={18} height={18} />
      {/* The whole number, left to right inside Arabic: never shortened, since a cut number reads as another. */}
      {gsm ? <bdi dir="ltr" className="tabular-nums">{gsm}</bdi> : t("nav.account")}
    </OverlayTrigger>
  );
}
