// What the super clip screen and its lazily loaded tabs share: the action's intents, the tabs' data
// routes (routes/line-features.super-clip.*) and the look of their fields and link buttons.

export const SUPER_CLIP_INTENT = { status: "status", reply: "reply" } as const;
export const REPLY_PATH = "/line-features/super-clip/reply";
export const CALLERS_PATH = "/line-features/super-clip/callers";

export const inputClass = "rounded-lg border-2 border-slate-300 px-3 py-2 focus:border-brand-600 aria-[invalid=true]:border-red-600";
export const linkButtonClass = "font-bold text-brand-700 underline data-[disabled]:opacity-50";
