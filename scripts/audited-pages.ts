// The pages whose weight and quality we watch, each in both languages: the budget test
// (tests/e2e/budgets.test.ts) and `npm run audit:lighthouse` measure the same list.
import type { Language } from "../common/language.ts";

export interface AuditedPage {
  path: string;
  /** Opened with a logged-in session (the page is guarded). */
  subscriber?: boolean;
}

export const AUDITED_PAGES: readonly AuditedPage[] = [
  { path: "/home" },
  { path: "/bundles" },
  { path: "/bundle-details/data/101" },
  { path: "/roaming" },
  { path: "/International-Roaming-Countries" },
  { path: "/support/FAQs" },
  { path: "/profile", subscriber: true },
  { path: "/call-forward", subscriber: true },
  { path: "/super-clip", subscriber: true },
];

export const AUDITED_LANGUAGES: readonly Language[] = ["ar", "en"];
