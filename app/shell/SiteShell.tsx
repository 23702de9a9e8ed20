// The frame of every page: navbar, main content, footer, support menu and toasts.
import { useEffect, useLayoutEffect, useMemo, useState, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { LAZY_LOAD_TIMEOUT_MS } from "../../common/constants.ts";
import { OPEN_LOGIN_PARAM } from "../account/params.ts";
import { ErrorState, OverlayErrorState } from "./ErrorState.tsx";
import { Footer } from "./Footer.tsx";
import { Navbar } from "./Navbar.tsx";
import { ShellContext, useShell, type AuthDialogMode, type ShellState } from "./ShellContext.tsx";
import type { ShellData } from "./shell.server.ts";
import { SupportMenu } from "./SupportMenu.tsx";
import { Toasts } from "./Toasts.tsx";
import { showToast } from "./toast-queue.ts";
import { useLazyComponent } from "./useLazy.ts";
import { markInteractive } from "./lazy-load.ts";

export function SiteShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { t } = useTranslation();
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  // A guest sent here by the reserve link (?login=1) arrives with the login dialog open, whether the
  // page was loaded or reached by a client-side navigation.
  const [searchParams] = useSearchParams();
  const askedToLogIn = searchParams.get(OPEN_LOGIN_PARAM) === "1" && !shell.account;
  const [authDialog, setAuthDialog] = useState<AuthDialogMode | null>(askedToLogIn ? "login" : null);
  const authDialogCode = useLazyComponent(loadAuthDialog);
  const prepareAuthDialog = authDialogCode[4];
  const page = usePageLoad();
  // Marks the document once React has hydrated it (tests wait for it before clicking); the overlays' code
  // preloads only after this mark (lazy-load.ts). The shell's effect runs after those of everything inside it.
  useEffect(() => {
    markInteractive();
  }, []);
  useEffect(() => {
    if (askedToLogIn) setAuthDialog("login");
  }, [askedToLogIn]);
  // One-shot messages of the server (logout, a selected number that was reset) as toasts.
  useEffect(() => {
    for (const notice of shell.notices) showToast(notice.message, notice.tone);
  }, [shell.notices]);
  const state = useMemo<ShellState>(
    () => ({
      shell,
      welcomeOpen,
      setWelcomeOpen,
      authDialog,
      openAuthDialog: setAuthDialog,
      closeAuthDialog: () => setAuthDialog(null),
      prepareAuthDialog,
    }),
    [shell, welcomeOpen, authDialog, prepareAuthDialog],
  );
  return (
    <ShellContext.Provider value={state}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:p-3 focus:shadow">
        {t("nav.skipToContent")}
      </a>
      <Navbar />
      {/* Busy while a page reached by a link loads (assistive technology waits for it), not once it has stalled:
          the error state's alert is then the news. */}
      <main id="main" tabIndex={-1} className="min-h-[50vh] outline-none" aria-busy={page.loading && !page.stalled ? true : undefined}>
        {page.stalled ? <ErrorState retryHref={page.stalled} /> : children}
      </main>
      <Footer />
      <SupportMenu />
      <Toasts />
      <AuthDialogHost code={authDialogCode} />
    </ShellContext.Provider>
  );
}

/**
 * Whether another page reached by a link is loading, and the address of one whose code (React Router's route chunk) or
 * data has not arrived within LAZY_LOAD_TIMEOUT_MS: the error state then takes the page's place, and its retry loads
 * that page as a document (the server renders it). Should the navigation end after all, the page shows.
 */
function usePageLoad(): { loading: boolean; stalled: string | null } {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" ? navigation.location.pathname + navigation.location.search + navigation.location.hash : null;
  const [stalled, setStalled] = useState<string | null>(null);
  // A layout effect, so the wait starts in the very commit that marks the page busy: a passive effect could run
  // well after it on a busy phone, and the page would then wait longer than the spec's 120 s.
  useLayoutEffect(() => {
    setStalled(null);
    if (!target) return;
    const timer = setTimeout(() => setStalled(target), LAZY_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [target]);
  // Another page, not the same one's new data (a tab or a filter in the query, the reload after a form): a control
  // being used stays out of a busy region.
  return { loading: navigation.state === "loading" && navigation.location.pathname !== pathname, stalled };
}

const loadAuthDialog = () => import("../account/AuthDialog.tsx").then((module) => module.default);
type AuthDialogProps = ComponentProps<Awaited<ReturnType<typeof loadAuthDialog>>>;

/**
 * Mounts the account card (login, register, add-number) while it is open; its code (with the forms' checks,
 * Zod among them) loads at the opening, or earlier on a guest's intent (prepareAuthDialog), never at idle.
 */
function AuthDialogHost({ code }: { code: ReturnType<typeof useLazyComponent<AuthDialogProps>> }) {
  const { authDialog, openAuthDialog, closeAuthDialog } = useShell();
  const [AuthDialog, ensure, loadFailed] = code;
  useEffect(() => {
    if (authDialog) void ensure();
  }, [authDialog, ensure]);
  if (authDialog && loadFailed) return <OverlayErrorState onRetry={() => void ensure()} onDismiss={closeAuthDialog} />;
  return AuthDialog && authDialog ? <AuthDialog mode={authDialog} onModeChange={openAuthDialog} onClose={closeAuthDialog} /> : null;
}
