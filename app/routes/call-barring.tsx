// /call-barring (guarded): incoming and outgoing call barring of the selected number.
import type { Route } from "./+types/call-barring";
import { callBarringUpdateSchema } from "../../common/call-barring.ts";
import { activateCallBarring, showCallBarring } from "../../server/line-features/call-barring.ts";
import { t } from "../account/actions.server.ts";
import { CallBarringScreen } from "../line-features/CallBarringScreen.tsx";
import { actorOf, featureAnswer, withSwitchesOff } from "../line-features/feature-actions.server.ts";
import { pageAction } from "../page-action.server.ts";
import { validate } from "../../server/edge/app-error.ts";
import { FEATURES_BREADCRUMB, LineFeaturePage } from "../line-features/LineFeaturePage.tsx";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  return {
    heading: pageHeading(context, "page.callBarring", [FEATURES_BREADCRUMB]),
    gsm: account.selectedGsm,
    feature: await showCallBarring(services, account.accountId, account.selectedGsm, language),
  };
}

export const action = pageAction("/call-barring", async ({ context, fields, account }) => {
  const { actor, gsm } = actorOf(account!, context);
  const update = validate(callBarringUpdateSchema, withSwitchesOff(fields));
  await activateCallBarring(pageTools(context).services, actor, gsm, update, pageTools(context).language);
  return featureAnswer({ ok: true, message: t(context, "lineFeatures.saved") });
});

export const meta = headingMeta;

export default function CallBarring({ loaderData }: Route.ComponentProps) {
  return (
    <LineFeaturePage heading={loaderData.heading} gsm={loaderData.gsm}>
      <CallBarringScreen feature={loaderData.feature} />
    </LineFeaturePage>
  );
}
