// My line and charging (issue 16): the rules that hold whatever the charging driver — the number is the
// caller's, every order and renewal change is audited before it is asked and closed with its result
// (server/charging/audit.ts), a completed order is confirmed by
// SMS in the subscriber's language — and the views the spec API and the web UI show. The order's own rules
// (line active, catalogue price, enough money, once per key) are the driver's (server/charging/types.ts).
import { isolateForSms } from "../../common/bidi.ts";
import { formatAmount, formatDayOf } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import type { BundleActivateInput } from "../../common/charging.ts";
import { assertOwnsNumber } from "../account/service.ts";
import { AccountError } from "../account/types.ts";
import { translate, type MessageKey } from "../i18n.ts";
import type { Actor } from "../line-features/types.ts";
import type { AppServices } from "../services.ts";
import { SmsDeliveryError } from "../sms/types.ts";
import { audited } from "./audit.ts";
import { ChargingError, spendable, type Allowance, type BundleOrder, type BundleSubscription, type LineBalance } from "./types.ts";

/** charging/balance/show `data`: one shape for both plans, the other plan's fields null. */
export interface BalanceView {
  gsm: string;
  plan: "prepaid" | "postpaid";
  /** Prepaid: the main balance. */
  mainBalance: number | null;
  /** Prepaid: yyyy-mm-dd, the last day the balance is valid, or null. */
  validUntil: string | null;
  /** Prepaid: the validity has passed (nothing can be bought until a top-up); null for postpaid. */
  expired: boolean | null;
  /** Postpaid: used and not yet billed. */
  unbilled: number | null;
  /** Postpaid: how far the unbilled amount may go. */
  creditLimit: number | null;
  /** What may be spent on a bundle now. */
  available: number;
}

export interface BundleView {
  /** The subscription's id (stopRenewal takes it). */
  id: number;
  bundleId: number;
  name: string;
  price: number;
  /** ISO 8601 */
  startedAt: string;
  /** ISO 8601 */
  endsAt: string;
  renews: boolean;
  allowances: Allowance[];
}

export interface OrderView {
  orderId: number;
  subscriptionId: number;
  bundleId: number;
  price: number;
  renews: boolean;
  /** ISO 8601 */
  createdAt: string;
  /** True when the same idempotency key had already ordered: nothing was charged this time. */
  repeated: boolean;
  balance: BalanceView;
}

export function balanceView(balance: LineBalance): BalanceView {
  return balance.plan === "prepaid"
    ? { gsm: balance.gsm, plan: "prepaid", mainBalance: balance.mainBalance, validUntil: balance.validUntil, expired: balance.expired, unbilled: null, creditLimit: null, available: spendable(balance) }
    : { gsm: balance.gsm, plan: "postpaid", mainBalance: null, validUntil: null, expired: null, unbilled: balance.unbilled, creditLimit: balance.creditLimit, available: spendable(balance) };
}

function bundleView(subscription: BundleSubscription, language: Language): BundleView {
  return {
    id: subscription.id,
    bundleId: subscription.bundleId,
    name: subscription.title[language],
    price: subscription.price,
    startedAt: subscription.startedAt.toISOString(),
    endsAt: subscription.endsAt.toISOString(),
    renews: subscription.renews,
    allowances: subscription.allowances,
  };
}

function orderView(order: BundleOrder): OrderView {
  return {
    orderId: order.id,
    subscriptionId: order.subscriptionId,
    bundleId: order.bundleId,
    price: order.price,
    renews: order.renews,
    createdAt: order.createdAt.toISOString(),
    repeated: order.repeated,
    balance: balanceView(order.balance),
  };
}

/** The caller's own number, or ChargingError NOT_YOUR_NUMBER (403) before the charging system is asked. */
export async function assertLineOwned(services: AppServices, accountId: number, gsm: string): Promise<void> {
  try {
    await assertOwnsNumber(services, accountId, gsm);
  } catch (error) {
    if (error instanceof AccountError && error.code === "NOT_YOUR_NUMBER") throw new ChargingError("NOT_YOUR_NUMBER");
    throw error;
  }
}

export async function showBalance(services: AppServices, accountId: number, gsm: string): Promise<BalanceView> {
  await assertLineOwned(services, accountId, gsm);
  return balanceView(await services.charging.balance(gsm));
}

export async function showBundles(services: AppServices, accountId: number, gsm: string, language: Language): Promise<BundleView[]> {
  await assertLineOwned(services, accountId, gsm);
  return (await services.charging.activeBundles(gsm)).map((subscription) => bundleView(subscription, language));
}

/** My line: the balance and the active bundles of one of the account's numbers, read at once. */
export async function showMyLine(services: AppServices, accountId: number, gsm: string, language: Language): Promise<{ balance: BalanceView; bundles: BundleView[] }> {
  await assertLineOwned(services, accountId, gsm);
  const [balance, bundles] = await Promise.all([services.charging.balance(gsm), services.charging.activeBundles(gsm)]);
  return { balance: balanceView(balance), bundles: bundles.map((subscription) => bundleView(subscription, language)) };
}

/**
 * Buys a bundle for one of the account's numbers. A refusal of the charging system is audited and
 * thrown; a new order is audited and confirmed by SMS (a repeated one is audited only). An SMS the
 * gateway does not take does not undo the order: it is logged.
 */
export async function activateBundle(services: AppServices, actor: Actor, input: BundleActivateInput, language: Language): Promise<OrderView> {
  await assertLineOwned(services, actor.accountId, input.gsm);
  const order = await audited(
    services.db,
    { actor, gsm: input.gsm, action: "activate-bundle", facts: { bundleId: input.bundleId } },
    () => services.charging.activateBundle({ gsm: input.gsm, bundleId: input.bundleId, renew: input.renew === 1, idempotencyKey: input.idempotencyKey }),
    (done) => ({
      result: done.repeated ? "repeated" : "completed",
      facts: { bundleId: done.bundleId, subscriptionId: done.subscriptionId, orderId: done.id, amount: done.repeated ? 0 : done.price },
    }),
  );
  if (!order.repeated) await confirmBySms(services, order, language);
  return orderView(order);
}

async function confirmBySms(services: AppServices, order: BundleOrder, language: Language): Promise<void> {
  const [subscription] = (await services.charging.activeBundles(order.gsm)).filter((item) => item.id === order.subscriptionId);
  if (!subscription) return;
  await notifyBySms(services, order.gsm, "bundle-order", language, "charging.sms.activated", {
    name: subscription.title[language],
    price: amountText(services, language, order.price),
    date: formatDayOf(language, subscription.endsAt, services.config.OPERATOR_TIME_ZONE),
  });
}

/** An amount with the currency of the language, as an SMS writes it. */
export function amountText(services: AppServices, language: Language, amount: number): string {
  return formatAmount(language, amount, language === "ar" ? services.config.CURRENCY_SUFFIX_AR : services.config.CURRENCY_SUFFIX_EN);
}

/**
 * A charging SMS to the line in `language` (message `key` of the catalog). Amounts and dates isolated, so
 * they cannot come apart inside the Arabic text. An SMS the gateway does not take does not undo what it
 * tells of: it is logged (never its text) and counted, and the answer is false (a renewal's notice is then tried
 * again later: renewal.ts).
 */
export async function notifyBySms(services: AppServices, gsm: string, purpose: string, language: Language, key: MessageKey, values: Record<string, string>): Promise<boolean> {
  const text = isolateForSms(translate(language, key, values));
  try {
    await services.sms.send({ to: gsm, text });
    return true;
  } catch (error) {
    if (!(error instanceof SmsDeliveryError)) throw error;
    services.metrics.smsError();
    services.logger.warn({ driver: services.sms.driver, purpose, err: error.message }, "SMS not accepted by the gateway");
    return false;
  }
}

export async function stopRenewal(services: AppServices, actor: Actor, gsm: string, subscriptionId: number, language: Language): Promise<BundleView> {
  await assertLineOwned(services, actor.accountId, gsm);
  const subscription = await audited(
    services.db,
    { actor, gsm, action: "stop-renewal", facts: { subscriptionId } },
    () => services.charging.stopRenewal(gsm, subscriptionId),
    (stopped) => ({ result: "completed", facts: { bundleId: stopped.bundleId } }),
  );
  return bundleView(subscription, language);
}
