// /my-line (guarded): the selected number's money and active bundles from the charging port, with stop
// renewal and refresh; `?activate=<bundle id>` adds the confirmation of buying that bundle (price, balance
// after, renewal choice). Both actions are plain forms (they work before hydration) and end in a redirect
// back here with a notice; a refusal is answered with its message and the form stays.
import { data, redirect } from "react-router";
import type { Route } from "./+types/my-line";
import { bundleActivateForm, stopRenewalForm } from "../../common/charging.ts";
import { calendarDay } from "../../common/format.ts";
import { confirmationKey } from "../../server/charging/order-key.ts";
import { activateBundle, showMyLine, stopRenewal } from "../../server/charging/service.ts";
import { getBundle } from "../../server/content/service.ts";
import { validate } from "../../server/edge/app-error.ts";
import { t } from "../account/actions.server.ts";
import { addNotice } from "../account/web-session.server.ts";
import type { ActivationAnswer } from "../my-line/ActivateBundleDialog.tsx";
import { actorOf } from "../line-features/feature-actions.server.ts";
import { MyLinePage } from "../my-line/MyLinePage.tsx";
import { ACTIVATE_PARAM, MY_LINE_PATH } from "../my-line/paths.ts";
import { pageAction } from "../page-action.server.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

/** A bundle id as the database can hold it (int4): anything else asks for no bundle rather than a 500. */
const isRowId = (value: number) => Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services, language } = pageTools(context);
  const asked = Number(new URL(request.url).searchParams.get(ACTIVATE_PARAM));
  const bundleAsked = isRowId(asked) ? asked : null;
  const [line, status, offer, idempotencyKey] = await Promise.all([
    showMyLine(services, account.accountId, account.selectedGsm, language),
    services.network.lineStatus(account.selectedGsm),
    bundleAsked === null ? null : getBundle(services.db, language, bundleAsked),
    // The selected number is the session's own (showMyLine refuses it otherwise, and then nothing is shown).
    bundleAsked === null ? null : confirmationKey(services, account.selectedGsm, bundleAsked),
  ]);
  return {
    heading: pageHeading(context, "page.myLine", [["page.profile", "/profile"]]),
    gsm: account.selectedGsm,
    balance: line.balance,
    bundles: line.bundles.map((bundle) => ({ ...bundle, endsOn: calendarDay(new Date(bundle.endsAt), services.config.OPERATOR_TIME_ZONE) })),
    lineState: status.state,
    offer: offer && { id: offer.id, title: offer.title, price: offer.price, validityDays: offer.validityDays, renewal: offer.renewal, allowances: offer.allowances },
    // This confirmation's order: the same key in every tab, reload or dialog until the line buys something
    // (server/charging/order-key.ts), so any number of them confirmed, sent again or retried is one order.
    idempotencyKey: offer ? idempotencyKey : null,
  };
}

export const action = pageAction(MY_LINE_PATH, async ({ context, fields, account }) => {
  const { actor, gsm: selectedGsm } = actorOf(account!, context);
  const { services, language } = pageTools(context);
  // The number the form was shown for (the selection may have changed since, in another tab); the service
  // refuses one the session does not own (403, nothing changes).
  const gsm = fields.gsm ?? selectedGsm;
  if (fields.intent === "stop-renewal") {
    const stop = validate(stopRenewalForm, { gsm, subscriptionId: fields.subscriptionId });
    await stopRenewal(services, actor, stop.gsm, stop.subscriptionId, language);
    addNotice(context, { tone: "success", key: "charging.renewalStopped" });
    return redirect(MY_LINE_PATH);
  }
  // An unticked renewal box sends nothing: no renewal.
  const order = validate(bundleActivateForm, { gsm, bundleId: fields.bundleId, renew: fields.renew ?? "0", idempotencyKey: fields.idempotencyKey });
  const done = await activateBundle(services, actor, order, language);
  const message = done.repeated ? "charging.alreadyActivated" : "charging.activated";
  // The dialog over a bundle's page reads the answer and stays there; a plain form comes back to My line.
  if (fields.via === "dialog") return data<ActivationAnswer>({ ok: true, message: t(context, message) });
  addNotice(context, { tone: "success", key: message });
  return redirect(MY_LINE_PATH);
});

export const meta = headingMeta;

export default function MyLine({ loaderData }: Route.ComponentProps) {
  return <MyLinePage {...loaderData} />;
}
