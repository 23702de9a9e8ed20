// The shell's shared client state: the loader's shell data and the dialogs any part of the page
// can open (the welcome menu, and the login/register dialog of the accounts feature).
import { createContext, useContext } from "react";
import type { ShellData } from "./shell.server.ts";

/** The one account card's modes: login and register (the footer toggles them) and add-number. */
export type AuthDialogMode = "login" | "register" | "add-number";

export interface ShellState {
  shell: ShellData;
  welcomeOpen: boolean;
  setWelcomeOpen(open: boolean): void;
  /** Opens the login, register or add-number dialog (spec §2 overlays); the footer link toggles login/register. */
  openAuthDialog(mode: AuthDialogMode): void;
  authDialog: AuthDialogMode | null;
  closeAuthDialog(): void;
  /** Fetches the account card's code ahead of its opening (a guest showed intent: the account menu, the footer link). */
  prepareAuthDialog(): void;
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error("useShell() outside <SiteShell>");
  return state;
}
