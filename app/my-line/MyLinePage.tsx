// The body of /my-line: the balance (prepaid: main balance and validity; postpaid: unbilled amount and
// credit limit), each active bundle with what is left of each allowance as a bar and a number, its end and
// whether it renews (with stop renewal), refresh, and — when a bundle's activation was asked for — the
// confirmation with its price, the balance after and the renewal choice. Every action is a plain form.
import type { ReactNode } from "react";
import { ActivationFields, ActivationNotice, activationBlocked } from "./ActivationFields.tsx";
import { useTranslation } from "../i18n/react.ts";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { formatAmount, formatDate, formatNumber } from "../../common/format.ts";
import type { BalanceView, BundleView } from "../../server/charging/service.ts";
import type { Allowance, CountedUnit } from "../../server/charging/types.ts";
import type { PageHeading } from "../pages/page.server.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { MY_LINE_PATH, TOP_UP_PATH, USAGE_PATH } from "./paths.ts";

export interface MyLinePageProps {
  heading: PageHeading;
  gsm: string;
  balance: BalanceView;
  bundles: (BundleView & { endsOn: string })[];
  lineState: "active" | "deactivated";
  offer: { id: number; title: string; price: number; validityDays: number; renewal: string; allowances: { kind: string; amount: number; unit: string }[] } | null;
  /** The confirmation's idempotency key (with an offer). */
  idempotencyKey: string | null;
}

/** What a refused action answers (server/edge/failure.ts, through pageAction). */
type Refusal = { ok: false; message: string; fieldErrors?: Record<string, string[]> } | undefined;

const cardClass = "flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-5";
const cardTitleClass = "text-lg font-bold text-brand-800";
const primaryButton = "rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60";
const outlinedButton = "rounded-lg border-2 border-brand-700 px-4 py-2 font-bold text-brand-700 hover:bg-brand-50 disabled:opacity-60";
const ltr = (value: string) => <bdi dir="ltr">{value}</bdi>;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2 last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-bold" data-testid={testId}>{children}</dd>
    </div>
  );
}

function useAmountOf() {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  return (unit: CountedUnit, value: number) => t(`bundles.units.${unit}`, { count: value, amount: formatNumber(language, value) });
}

function AllowanceBar({ allowance }: { allowance: Allowance }) {
  const { t } = useTranslation();
  const amountOf = useAmountOf();
  if (allowance.total === null || allowance.remaining === null) {
    return <p className="font-bold">{t(`bundles.unlimited.${allowance.kind}`)}</p>;
  }
  const share = allowance.total > 0 ? Math.round((allowance.remaining / allowance.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm">
        <bdi>{t("myLine.left", { left: amountOf(allowance.unit, allowance.remaining), total: amountOf(allowance.unit, allowance.total) })}</bdi>
      </p>
      {/* The number above says it; the bar is its picture. It fills from the start side (right in Arabic). */}
      <div aria-hidden="true" data-testid={`allowance-bar-${allowance.kind}`} className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

function BalanceCard({ balance }: { balance: BalanceView }) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const amount = (value: number) => ltr(formatAmount(language, value, currencySuffix));
  return (
    <section aria-labelledby="my-line-balance" className={cardClass}>
      <h2 id="my-line-balance" className={cardTitleClass}>{t("myLine.balanceTitle")}</h2>
      <dl className="flex flex-col gap-2">
        <Row label={t("profile.lineType")}>{t(`profile.lineTypes.${balance.plan}`)}</Row>
        {balance.plan === "prepaid" ? (
          <>
            <Row label={t("myLine.mainBalance")} testId="main-balance">{amount(balance.mainBalance ?? 0)}</Row>
            <Row label={t("myLine.validUntil")} testId="valid-until">
              {!balance.validUntil ? t("myLine.noValidity") : balance.expired ? <span className="text-red-800">{t("myLine.expiredOn", { date: formatDate(language, balance.validUntil) })}</span> : formatDate(language, balance.validUntil)}
            </Row>
          </>
        ) : (
          <>
            <Row label={t("myLine.unbilled")} testId="unbilled">{amount(balance.unbilled ?? 0)}</Row>
            <Row label={t("myLine.creditLimit")} testId="credit-limit">{amount(balance.creditLimit ?? 0)}</Row>
            <Row label={t("myLine.available")} testId="main-balance">{amount(balance.available)}</Row>
          </>
        )}
      </dl>
      <Link to={TOP_UP_PATH} className="self-start font-bold text-brand-700 underline">{t("myLine.topUp")}</Link>
    </section>
  );
}

function BundleItem({ gsm, bundle, busy }: { gsm: string; bundle: MyLinePageProps["bundles"][number]; busy: boolean }) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  const headingId = `subscription-${bundle.id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-100 p-4">
      <h3 id={headingId} className="font-bold">{bundle.name}</h3>
      {bundle.allowances.map((allowance) => (
        <AllowanceBar key={allowance.kind} allowance={allowance} />
      ))}
      <p className="text-sm text-slate-600">
        {t("myLine.endsOn", { date: formatDate(language, bundle.endsOn) })} · {t(bundle.renews ? "myLine.renews" : "myLine.doesNotRenew")}
      </p>
      {bundle.renews ? (
        <Form method="post" action={MY_LINE_PATH}>
          <input type="hidden" name="intent" value="stop-renewal" />
          <input type="hidden" name="gsm" value={gsm} />
          <input type="hidden" name="subscriptionId" value={bundle.id} />
          <button type="submit" disabled={busy} className={outlinedButton} aria-describedby={headingId}>{t("myLine.stopRenewal")}</button>
        </Form>
      ) : null}
    </li>
  );
}

function Confirmation({ gsm, offer, balance, idempotencyKey, lineState, refusal, busy }: { gsm: string; offer: NonNullable<MyLinePageProps["offer"]>; balance: BalanceView; idempotencyKey: string; lineState: string; refusal: Refusal; busy: boolean }) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const after = balance.available - offer.price;
  const blocked = activationBlocked({ balance, price: offer.price, lineState });
  const amount = (value: number) => ltr(formatAmount(language, value, currencySuffix));
  return (
    <section aria-labelledby="my-line-confirm" className="flex min-w-0 flex-col gap-3 rounded-xl border-2 border-brand-300 bg-brand-50 p-5 nav:col-span-2">
      <h2 id="my-line-confirm" className={cardTitleClass}>{t("myLine.confirmTitle", { name: offer.title })}</h2>
      <dl className="flex flex-col gap-2">
        <Row label={t("myLine.price")}>{amount(offer.price)}</Row>
        <Row label={t("bundles.validityLabel")}>{t("bundles.validity", { count: offer.validityDays })}</Row>
        <Row label={t("myLine.balanceAfter")} testId="balance-after">{after >= 0 ? amount(after) : "—"}</Row>
      </dl>
      <ActivationNotice refusal={refusal?.message ?? null} blocked={blocked} />
      <Form method="post" action={`${MY_LINE_PATH}?activate=${offer.id}`} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="activate" />
        <ActivationFields gsm={gsm} bundleId={offer.id} idempotencyKey={idempotencyKey} renewal={offer.renewal} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy || blocked !== null} className={primaryButton}>{t("myLine.confirm")}</button>
          <Link to={MY_LINE_PATH} className={outlinedButton}>{t("myLine.cancel")}</Link>
        </div>
      </Form>
    </section>
  );
}

export function MyLinePage({ heading, gsm, balance, bundles, lineState, offer, idempotencyKey }: MyLinePageProps) {
  const { t } = useTranslation();
  const refusal = useActionData() as Refusal;
  const busy = useNavigation().state === "submitting";
  return (
    <SectionPage heading={heading}>
      <p className="mb-4">
        {t("myLine.number")}: <span className="font-bold" data-testid="my-line-number">{ltr(gsm)}</span>
      </p>
      <div className="grid gap-6 nav:grid-cols-2">
        {offer && idempotencyKey ? <Confirmation gsm={gsm} offer={offer} balance={balance} idempotencyKey={idempotencyKey} lineState={lineState} refusal={refusal} busy={busy} /> : null}
        <BalanceCard balance={balance} />
        <section aria-labelledby="my-line-bundles" className={cardClass}>
          <h2 id="my-line-bundles" className={cardTitleClass}>{t("myLine.bundlesTitle")}</h2>
          {!offer && refusal ? <p role="alert" className="font-bold text-red-800">{refusal.message}</p> : null}
          {bundles.length === 0 ? (
            <p className="text-slate-600">{t("myLine.noBundles")}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {bundles.map((bundle) => (
                <BundleItem gsm={gsm} key={bundle.id} bundle={bundle} busy={busy} />
              ))}
            </ul>
          )}
          <Link to="/bundles" className="self-start font-bold text-brand-700 underline">{t("myLine.browseBundles")}</Link>
        </section>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <Form method="get" action={MY_LINE_PATH}>
          <button type="submit" className={outlinedButton}>{t("myLine.refresh")}</button>
        </Form>
        <Link to={USAGE_PATH} className="font-bold text-brand-700 underline">{t("myLine.usage")}</Link>
      </div>
    </SectionPage>
  );
}
