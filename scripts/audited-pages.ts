// The pages whose weight and quality we watch, each in both languages: the budget test
// (tests/e2e/budgets.test.ts) and `npm run audit:lighthouse` measure the same list.

/** @typedef {{ path: string, subscriber?: boolean }} AuditedPage */

/** @type {readonly AuditedPage[]} `subscriber`: opened with a logged-in session (the page is guarded). */
export const AUDITED_PAGES = [
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

/** @type {readonly ("ar" | "en")[]} */
export const AUDITED_LANGUAGES = ["ar", "en"];
