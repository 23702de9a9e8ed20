// What the super clip screen, its lazily loaded tabs and its route share: the tabs and the query parameter
// that names the open one, the action's intents, the tabs' data routes (routes/line-features.super-clip.*)
// and the look of their fields and link buttons.
import { CALLER_LIST_FIRST_PAGE, CALLER_PERIODS } from "../../common/constants.ts";
import type { CallerFilter, CallerPage } from "../../server/line-features/types.ts";

export const SUPER_CLIP_TABS = ["status", "reply", "callers"] as const;
export type SuperClipTab = (typeof SUPER_CLIP_TABS)[number];

/** `?tab=reply`: the tabs are links, so that each opens, server-rendered with its data, before JavaScript too. */
export const TAB_PARAM = "tab";

export function tabOf(search: URLSearchParams): SuperClipTab {
  const asked = search.get(TAB_PARAM);
  return SUPER_CLIP_TABS.find((tab) => tab === asked) ?? "status";
}

export const SUPER_CLIP_INTENT = { status: "status", reply: "reply" } as const;
export const REPLY_PATH = "/line-features/super-clip/reply";
export const CALLERS_PATH = "/line-features/super-clip/callers";

/** The callers tab opens on the last day's calls from every number (spec §4: cancel comes back to it). */
export const FIRST_CALLER_FILTER: CallerFilter = { gsmFilter: "", dateFilterType: CALLER_PERIODS[0].id, page: CALLER_LIST_FIRST_PAGE };

export function callersUrl(filter: CallerFilter): string {
  return `${CALLERS_PATH}?${new URLSearchParams({ gsmFilter: filter.gsmFilter, dateFilterType: String(filter.dateFilterType), page: String(filter.page) })}`;
}

/** What the callers route answers. */
export type CallersAnswer = ({ ok: true } & CallerPage) | { ok: false };

export const inputClass = "rounded-lg border-2 border-slate-300 px-3 py-2 focus:border-brand-600 aria-[invalid=true]:border-red-600";
export const linkButtonClass = "font-bold text-brand-700 underline data-[disabled]:opacity-50";
