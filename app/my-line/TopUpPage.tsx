// The body of /top-up: the selected number, its balance and validity, and one voucher field (14 digits,
// typed left to right, numeric keypad, grouped as printed). A postpaid line is told why vouchers do not
// apply; a line whose voucher entry is locked is told until when. A plain form: it works before hydration.
import { Form, Link, useActionData, useNavigation } from "react-router";
import { PAYMENT_QUICK_LINK } from "../../common/constants.ts";
import { formatAmount, formatDate, formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import type { BalanceView } from "../../server/charging/service.ts";
import { useTranslation } from "../i18n/react.ts";
import type { PageHeading } from "../pages/page.server.ts";
import { SectionPage } from "../pages/SectionPage.tsx";
import { useShell } from "../shell/ShellContext.tsx";
import { MY_LINE_PATH, TOP_UP_PATH } from "./paths.ts";

export interface TopUpPageProps {
  heading: PageHeading;
  gsm: string;
  balance: BalanceView;
  /** ISO 8601: voucher entry is locked for the line until then. */
  lockedUntil: string | null;
  lineState: "active" | "deactivated";
}

/** What a refused top-up answers (server/edge/failure.ts, through pageAction). */
type Refusal = { ok: false; message: string; fieldErrors?: Record<string, string> } | undefined;

const cardClass = "flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-5";
const cardTitleClass = "text-lg font-bold text-brand-800";
const primaryButton = "self-start rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60";
const linkClass = "self-start font-bold text-brand-700 underline";
const ltr = (value: string) => <bdi dir="ltr">{value}</bdi>;
/** How a card prints its 14 digits (and how they may be typed). */
const VOUCHER_EXAMPLE = "1234 5678 9012 34";

export function TopUpPage({ heading, gsm, balance, lockedUntil, lineState }: TopUpPageProps) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const timeZone = useOperatorTimeZone();
  const refusal = useActionData() as Refusal;
  const busy = useNavigation().state === "submitting";
  const voucherError = refusal?.fieldErrors?.voucher;
  // A refusal that is not about the field (a wrong voucher, a lock, the plan) is said above the form.
  const formMessage = refusal && !voucherError ? refusal.message : undefined;
  const amount = (value: number) => ltr(formatAmount(language, value, currencySuffix));
  const prepaid = balance.plan === "prepaid";
  return (
    <SectionPage heading={heading}>
      <p className="mb-4">
        {t("myLine.number")}: <span className="font-bold" data-testid="top-up-number">{ltr(gsm)}</span>
      </p>
      <div className="grid gap-6 nav:grid-cols-2">
        <section aria-labelledby="top-up-balance" className={cardClass}>
          <h2 id="top-up-balance" className={cardTitleClass}>{t("myLine.balanceTitle")}</h2>
          <dl className="flex flex-col gap-2">
            <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2">
              <dt className="text-slate-600">{prepaid ? t("myLine.mainBalance") : t("myLine.unbilled")}</dt>
              <dd className="font-bold" data-testid="main-balance">{amount(prepaid ? (balance.mainBalance ?? 0) : (balance.unbilled ?? 0))}</dd>
            </div>
            {prepaid ? (
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-slate-600">{t("myLine.validUntil")}</dt>
                <dd className="font-bold" data-testid="valid-until">{balance.validUntil ? formatDate(language, balance.validUntil) : t("myLine.noValidity")}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="top-up-voucher" className={cardClass}>
          <h2 id="top-up-voucher" className={cardTitleClass}>{t("page.topUp")}</h2>
          {!prepaid ? (
            <>
              <p role="status">{t("topUp.postpaid")}</p>
              <Link to={PAYMENT_QUICK_LINK} className={linkClass}>{t("topUp.paymentWays")}</Link>
            </>
          ) : (
            <>
              <p className="text-slate-700">{t("topUp.intro")}</p>
              {lineState === "deactivated" ? <p role="alert" className="font-bold text-red-800">{t("topUp.deactivated")}</p> : null}
              {lockedUntil ? (
                <p role="alert" className="font-bold text-red-800" data-testid="voucher-locked">{t("topUp.lockedUntil", { time: formatDateTime(language, lockedUntil, timeZone) })}</p>
              ) : null}
              {formMessage ? <p role="alert" className="font-bold text-red-800">{formMessage}</p> : null}
              <Form method="post" action={TOP_UP_PATH} className="flex flex-col gap-3">
                <input type="hidden" name="gsm" value={gsm} />
                <div className="flex flex-col gap-1.5">
                  <label htmlFor="voucher" className="font-bold text-slate-800">{t("topUp.voucherLabel")}</label>
                  <input
                    id="voucher"
                    name="voucher"
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    dir="ltr"
                    maxLength={64}
                    required
                    aria-invalid={voucherError ? true : undefined}
                    aria-describedby={voucherError ? "voucher-hint voucher-error" : "voucher-hint"}
                    className="w-full max-w-xs rounded-lg border-2 border-slate-300 px-3 py-2 text-start font-mono tracking-wider focus:border-brand-600 aria-[invalid=true]:border-red-600"
                  />
                  <p id="voucher-hint" className="text-sm text-slate-600">
                    {t("topUp.voucherHint")}{" "}
                    <bdi dir="ltr" className="whitespace-nowrap">{VOUCHER_EXAMPLE}</bdi>
                  </p>
                  {voucherError ? <p id="voucher-error" className="text-sm text-red-700">{voucherError}</p> : null}
                </div>
                <button type="submit" disabled={busy} className={primaryButton}>{t("topUp.submit")}</button>
              </Form>
            </>
          )}
        </section>
      </div>
      <p className="mt-6">
        <Link to={MY_LINE_PATH} className={linkClass}>{t("page.myLine")}</Link>
      </p>
    </SectionPage>
  );
}
