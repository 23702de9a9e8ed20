// /call-forward (guarded): call forwarding of the selected number. The loader reads it from the network
// port; the action saves the posted form (the same schema as the spec API) and the loader runs again.
import type { Route } from "./+types/call-forward";
import { callForwardUpdateSchema } from "../../common/line-features.ts";
import { activateCallForward, showCallForward } from "../../server/line-features/call-forward.ts";
import { CallForwardScreen } from "../line-features/CallForwardScreen.tsx";
import { actorOf, featureAnswer, withSwitchesOff } from "../line-features/feature-actions.server.ts";
import { pageAction } from "../page-action.server.ts";
import { validate } from "../../server/edge/app-error.ts";
import { FEATURES_BREADCRUMB, LineFeaturePage } from "../line-features/LineFeaturePage.tsx";
import { t } from "../account/actions.server.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  return {
    heading: pageHeading(context, "page.callForward", [FEATURES_BREADCRUMB]),
    gsm: account.selectedGsm,
    feature: await showCallForward(services, account.accountId, account.selectedGsm, language),
  };
}

export const action = pageAction("/call-forward", async ({ context, fields, account }) => {
  const { actor, gsm } = actorOf(account!, context);
  const update = validate(callForwardUpdateSchema, withSwitchesOff(fields));
  await activateCallForward(pageTools(context).services, actor, gsm, update, pageTools(context).language);
  return featureAnswer({ ok: true, message: t(context, "lineFeatures.saved") });
});

export const meta = headingMeta;

export default function CallForward({ loaderData }: Route.ComponentProps) {
  return (
    <LineFeaturePage heading={loaderData.heading} gsm={loaderData.gsm}>
      <CallForwardScreen feature={loaderData.feature} />
    </LineFeaturePage>
  );
}
