// The link that toggles the account card between login and register (spec §2: the footer's link;
// the card repeats it, since the open card covers the footer).
import { useTranslation } from "../i18n/react.ts";
import type { AuthDialogMode } from "./ShellContext.tsx";
import { intentProps } from "./useLazy.ts";

export function AuthModeToggle({ mode, onToggle, onIntent, className }: { mode: AuthDialogMode | null; onToggle(next: AuthDialogMode): void; onIntent?(): void; className: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={() => onToggle(mode === "login" ? "register" : "login")} {...(onIntent ? intentProps(onIntent) : {})} className={className}>
      {mode === "login" ? t("footer.noAccount") : t("footer.haveAccount")}
    </button>
  );
}
