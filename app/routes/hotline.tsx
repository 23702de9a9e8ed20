// /hotline (guarded): deactivate or reactivate the account's lines, and set their service passwords.
// One action, by `intent`: send the password code, set the password, deactivate, reactivate.
import type { Route } from "./+types/hotline";
import { hotlineSchema, servicePasswordSchema } from "../../common/call-barring.ts";
import { deactivateLine, listHotlineLines, reactivateLine, sendServicePasswordCode, setServicePassword } from "../../server/line-features/hotline.ts";
import { t, requestOrigin } from "../account/actions.server.ts";
import { actorOf, featureAnswer, formFieldsOf, handleFeatureAction, parseFeatureForm } from "../line-features/feature-actions.server.ts";
import { HOTLINE_INTENT, HotlineScreen } from "../line-features/HotlineScreen.tsx";
import { FEATURES_BREADCRUMB, LineFeaturePage } from "../line-features/LineFeaturePage.tsx";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/SectionPage.tsx";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  return {
    heading: pageHeading(context, "page.hotline", [FEATURES_BREADCRUMB]),
    gsm: account.selectedGsm,
    lines: await listHotlineLines(pageTools(context).services, account.accountId),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleFeatureAction(request, context, async () => {
    const { actor } = actorOf(request, context);
    const { services } = pageTools(context);
    const fields = await formFieldsOf(request);
    const gsm = typeof fields.gsm === "string" ? fields.gsm : "";
    switch (fields.intent) {
      case HOTLINE_INTENT.sendCode:
        await sendServicePasswordCode(services, actor.accountId, gsm, requestOrigin(request, context));
        return featureAnswer({ ok: true, message: t(context, "account.codeSent") });
      case HOTLINE_INTENT.setPassword: {
        const parsed = parseFeatureForm(fields, servicePasswordSchema, context);
        if ("refused" in parsed) return parsed.refused;
        await setServicePassword(services, actor, gsm, parsed.data.code, parsed.data.password);
        return featureAnswer({ ok: true, message: t(context, "lineFeatures.passwordSet") });
      }
      case HOTLINE_INTENT.deactivate:
      case HOTLINE_INTENT.reactivate: {
        const parsed = parseFeatureForm(fields, hotlineSchema, context);
        if ("refused" in parsed) return parsed.refused;
        const deactivate = fields.intent === HOTLINE_INTENT.deactivate;
        await (deactivate ? deactivateLine : reactivateLine)(services, actor, gsm, parsed.data);
        return featureAnswer({ ok: true, message: t(context, deactivate ? "lineFeatures.lineDeactivated" : "lineFeatures.lineReactivated") });
      }
      default:
        return featureAnswer({ ok: false, message: t(context, "errors.sorry") }, 400);
    }
  });
}

export const meta = headingMeta;

export default function Hotline({ loaderData }: Route.ComponentProps) {
  return (
    <LineFeaturePage heading={loaderData.heading} gsm={loaderData.gsm}>
      <HotlineScreen lines={loaderData.lines} />
    </LineFeaturePage>
  );
}
