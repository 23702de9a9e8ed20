// Where My line lives and how a bundle's activation is asked for (the bundle pages link here; a guest
// following the link logs in and continues here).
export const MY_LINE_PATH = "/my-line";
/** `?activate=<bundle id>` opens the confirmation of that catalogue bundle. */
export const ACTIVATE_PARAM = "activate";

export function activateBundlePath(bundleId: number): string {
  return `${MY_LINE_PATH}?${ACTIVATE_PARAM}=${bundleId}`;
}

/** Top up by voucher (a guest following a link here logs in and continues here). */
export const TOP_UP_PATH = "/top-up";
/** A line's usage: `?days=30|90&page=N&kind=data|voice|sms` (links, no form). */
export const USAGE_PATH = "/my-line/usage";
/** The usage records of the period as CSV: `?days=30|90`. */
export const USAGE_CSV_PATH = "/my-line/usage.csv";
export const USAGE_KINDS = ["data", "voice", "sms"] as const;
export type UsageChartKind = (typeof USAGE_KINDS)[number];

export function usagePath(query: { days: number; page?: number; kind?: UsageChartKind }): string {
  const params = new URLSearchParams({ days: String(query.days) });
  if (query.kind && query.kind !== "data") params.set("kind", query.kind);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return `${USAGE_PATH}?${params}`;
}
