// /super-clip (guarded): super clip of the selected number — status, auto-reply and callers tabs. The
// loader reads the status, and the data of the tab the page opens on (`?tab=reply|callers`, so that a tab
// works without JavaScript); once the page runs, a tab loads its own data on first visit
// (routes/line-features.super-clip.*) and moving between tabs asks nothing of this loader.
// The action saves the status or the auto-reply (`intent`).
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/super-clip";
import { autoReplySchema, superClipUpdateSchema } from "../../common/line-features.ts";
import { activateAutoReply, activateSuperClip, showAutoReply, showCallers, showSuperClip } from "../../server/line-features/super-clip.ts";
import { t } from "../account/actions.server.ts";
import { actorOf, featureAnswer, withSwitchesOff } from "../line-features/feature-actions.server.ts";
import { pageAction } from "../page-action.server.ts";
import { validate } from "../../server/edge/app-error.ts";
import { FEATURES_BREADCRUMB, LineFeaturePage } from "../line-features/LineFeaturePage.tsx";
import { FIRST_CALLER_FILTER, SUPER_CLIP_INTENT, TAB_PARAM, tabOf } from "../line-features/super-clip.ts";
import { SuperClipScreen } from "../line-features/SuperClipScreen.tsx";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  const { accountId, selectedGsm: gsm } = account;
  const tab = tabOf(new URL(request.url).searchParams);
  const [feature, reply, callers] = await Promise.all([
    showSuperClip(services, accountId, gsm, language),
    tab === "reply" ? showAutoReply(services, accountId, gsm) : undefined,
    tab === "callers" ? showCallers(services, accountId, gsm, FIRST_CALLER_FILTER).then((page) => ({ ok: true as const, ...page })) : undefined,
  ]);
  return { heading: pageHeading(context, "page.superClip", [FEATURES_BREADCRUMB]), gsm, feature, reply, callers };
}

/**
 * Moving between tabs (only `?tab=` changes) asks nothing of the server: each tab has loaded its own data.
 * Saving the auto-reply changes nothing this loader reads (the reply tab reloads itself), and reloading the
 * status then would replace unsaved switches on the status tab.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === SUPER_CLIP_INTENT.reply) return false;
  const withoutTab = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete(TAB_PARAM);
    return `${url.pathname}?${search}`;
  };
  if (!formData && currentUrl.href !== nextUrl.href && withoutTab(currentUrl) === withoutTab(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const action = pageAction("/super-clip", async ({ context, fields, account }) => {
  const { actor, gsm } = actorOf(account!, context);
  const { services, language } = pageTools(context);
  if (fields.intent === SUPER_CLIP_INTENT.reply) await activateAutoReply(services, actor, gsm, validate(autoReplySchema, fields));
  else await activateSuperClip(services, actor, gsm, validate(superClipUpdateSchema, withSwitchesOff(fields)), language);
  return featureAnswer({ ok: true, message: t(context, "lineFeatures.saved") });
});

export const meta = headingMeta;

export default function SuperClip({ loaderData }: Route.ComponentProps) {
  return (
    <LineFeaturePage heading={loaderData.heading} gsm={loaderData.gsm}>
      {/* Another selected number is another line: its tabs start again (the open one with the loader's data). */}
      <SuperClipScreen key={loaderData.gsm} feature={loaderData.feature} reply={loaderData.reply} callers={loaderData.callers} />
    </LineFeaturePage>
  );
}
