// The frame of every page: navbar, main content, footer, support menu and toasts.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Footer } from "./Footer.tsx";
import { Navbar } from "./Navbar.tsx";
import { ShellContext, type AuthDialogMode, type ShellState } from "./ShellContext.tsx";
import type { ShellData } from "./shell.server.ts";
import { SupportMenu } from "./SupportMenu.tsx";
import { Toasts } from "./Toasts.tsx";

export function SiteShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { t } = useTranslation();
  // A guest sent here by a guarded link (?login=1) arrives with the account menu open.
  const [welcomeOpen, setWelcomeOpen] = useState(shell.openLogin && !shell.account);
  const [authDialog, setAuthDialog] = useState<AuthDialogMode | null>(null);
  // Marks the document once React has hydrated it: tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const state = useMemo<ShellState>(
    () => ({
      shell,
      welcomeOpen,
      setWelcomeOpen,
      authDialog,
      openAuthDialog: setAuthDialog,
      closeAuthDialog: () => setAuthDialog(null),
    }),
    [shell, welcomeOpen, authDialog],
  );
  return (
    <ShellContext.Provider value={state}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:p-3 focus:shadow">
        {t("nav.skipToContent")}
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="min-h-[50vh] outline-none">
        {children}
      </main>
      <Footer />
      <SupportMenu />
      <Toasts />
    </ShellContext.Provider>
  );
}
