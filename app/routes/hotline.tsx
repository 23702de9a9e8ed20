// /hotline (guarded): deactivate or reactivate the account's lines, and set their service passwords.
// One action, by `intent`: send the password code, set the password, deactivate, reactivate.
import type { Route } from "./+types/hotline";
import { hotlineLineForm, hotlineSchema, servicePasswordSchema } from "../../common/call-barring.ts";
import { deactivateLine, listHotlineLines, reactivateLine, sendServicePasswordCode, setServicePassword } from "../../server/line-features/hotline.ts";
import { t, requestOrigin } from "../account/actions.server.ts";
import { actorOf, featureAnswer } from "../line-features/feature-actions.server.ts";
import { pageAction } from "../page-action.server.ts";
import { validate } from "../../server/edge/app-error.ts";
import { HOTLINE_INTENT, HotlineScreen } from "../line-features/HotlineScreen.tsx";
import { FEATURES_BREADCRUMB, LineFeaturePage } from "../line-features/LineFeaturePage.tsx";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  return {
    heading: pageHeading(context, "page.hotline", [FEATURES_BREADCRUMB]),
    gsm: account.selectedGsm,
    lines: await listHotlineLines(pageTools(context).services, account.accountId),
  };
}

export const action = pageAction("/hotline", async ({ request, context, fields, account }) => {
  const { actor } = actorOf(account!, context);
  const { services } = pageTools(context);
  const { gsm, intent } = validate(hotlineLineForm, fields);
  switch (intent) {
    case HOTLINE_INTENT.sendCode:
      await sendServicePasswordCode(services, actor.accountId, gsm, requestOrigin(request, context));
      return featureAnswer({ ok: true, message: t(context, "account.codeSent") });
    case HOTLINE_INTENT.setPassword: {
      const { code, password } = validate(servicePasswordSchema, fields);
      await setServicePassword(services, actor, gsm, code, password);
      return featureAnswer({ ok: true, message: t(context, "lineFeatures.passwordSet") });
    }
    case HOTLINE_INTENT.deactivate:
    case HOTLINE_INTENT.reactivate: {
      const proof = validate(hotlineSchema, fields);
      const deactivate = intent === HOTLINE_INTENT.deactivate;
      await (deactivate ? deactivateLine : reactivateLine)(services, actor, gsm, proof);
      return featureAnswer({ ok: true, message: t(context, deactivate ? "lineFeatures.lineDeactivated" : "lineFeatures.lineReactivated") });
    }
  }
});

export const meta = headingMeta;

export default function Hotline({ loaderData }: Route.ComponentProps) {
  return (
    <LineFeaturePage heading={loaderData.heading} gsm={loaderData.gsm}>
      <HotlineScreen lines={loaderData.lines} />
    </LineFeaturePage>
  );
}
