// /top-up (guarded): top up the selected number with a scratch-card voucher (issue 16). The number, its
// balance and validity, one voucher field; a plain form (it works before hydration) that ends, when the
// voucher is credited, in a redirect to My line with a notice naming the amount; a refusal (wrong voucher,
// locked entry, postpaid line) is answered with its message and the form stays. The rules are in
// server/charging/vouchers.ts, the same for the spec API's charging/vouchers/redeem.
import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/top-up";
import { voucherTopUpForm } from "../../common/charging.ts";
import { validate } from "../../server/edge/app-error.ts";
import { showTopUp, topUpByVoucher, voucherEntryLocked, voucherIpLimit } from "../../server/charging/vouchers.ts";
import { addNotice } from "../account/web-session.server.ts";
import { actorOf } from "../line-features/feature-actions.server.ts";
import { MY_LINE_PATH, TOP_UP_PATH } from "../my-line/paths.ts";
import { TopUpPage } from "../my-line/TopUpPage.tsx";
import { pageAction } from "../page-action.server.ts";
import { pageHeading, pageTools } from "../pages/page.server.ts";
import { headingMeta } from "../pages/page-meta.ts";
import { requireSubscriber } from "../session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireSubscriber(request, context);
  const { services } = pageTools(context);
  const [line, status] = await Promise.all([showTopUp(services, account.accountId, account.selectedGsm), services.network.lineStatus(account.selectedGsm)]);
  return {
    heading: pageHeading(context, "page.topUp", [["page.myLine", MY_LINE_PATH]]),
    gsm: account.selectedGsm,
    balance: line.balance,
    lockedUntil: line.lockedUntil,
    lineState: status.state,
  };
}

export const action = pageAction(
  TOP_UP_PATH,
  async ({ context, fields, account }) => {
    const { actor, gsm: selectedGsm } = actorOf(account!, context);
    const { services, language } = pageTools(context);
    // The number the form was shown for (the selection may have changed since, in another tab).
    const input = validate(voucherTopUpForm, { gsm: fields.gsm ?? selectedGsm, voucher: fields.voucher });
    const done = await topUpByVoucher(services, actor, input, language);
    addNotice(context, done.repeated ? { tone: "success", key: "charging.alreadyToppedUp" } : { tone: "success", key: "charging.toppedUpNotice", amount: done.amount });
    return redirect(MY_LINE_PATH);
  },
  { ipLimit: { limit: voucherIpLimit, refusal: voucherEntryLocked } },
);

/** After any answer of the action, a refusal too: a wrong voucher may have just locked voucher entry. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined || defaultShouldRevalidate;
}

export const meta = headingMeta;

export default function TopUp({ loaderData }: Route.ComponentProps) {
  return <TopUpPage {...loaderData} />;
}
