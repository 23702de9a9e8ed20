// /super-clip (guarded): super clip of the selected number — status, auto-reply and callers tabs. The
// loader reads the status; the reply and callers tabs load their data on first visit
// (routes/line-features.super-clip.*). The action saves the status or the auto-reply (`intent`).
import type { Route } from "./+types/super-clip";
import { autoReplySchema, superClipUpdateSchema } from "../../common/line-features.ts";
import { activateAutoReply, activateSuperClip, showSuperClip } from "../../server/line-features/super-clip.ts";
import { t } from "../account/actions.server.ts";
import { actorOf, featureAnswer, withSwitchesOff } from "../line-features/feature-actions.server.ts";
import { pageAction } from "../page-action.server.ts";
import { validate } from "../../server/edge/app-error.ts";
import { FEATURES_BREADCRUMB, LineFeaturePage } from "../line-features/LineFeaturePage.tsx";
import { SUPER_CLIP_INTENT } from "../line-features/super-clip.ts";
import { SuperClipScreen } from "../line-features/SuperClipScreen.tsx";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/SectionPage.tsx";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  return {
    heading: pageHeading(context, "page.superClip", [FEATURES_BREADCRUMB]),
    gsm: account.selectedGsm,
    feature: await showSuperClip(services, account.accountId, account.selectedGsm, language),
  };
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
      <SuperClipScreen feature={loaderData.feature} />
    </LineFeaturePage>
  );
}
