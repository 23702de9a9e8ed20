// The account's reservations (on /reserve-number and the profile): number, state, reference, where and
// until when to collect it, and cancel for an active one (a plain form: it works before JavaScript).
import { useTranslation } from "../i18n/react.ts";
import { Form } from "react-router";
import { formatAmount, formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { RESERVE_NUMBER_PATH } from "../../common/constants.ts";
import type { Reservation } from "../../server/reservation/service.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { NumberText, TierBadge } from "./TierBadge.tsx";

export const CANCEL_INTENT = "cancel";

export function MyReservations({ reservations, returnTo }: { reservations: Reservation[]; returnTo: "profile" | "reserve" }) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const timeZone = useOperatorTimeZone();
  return (
    <section aria-labelledby="my-reservations" className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5">
      <h2 id="my-reservations" className="text-xl font-bold text-brand-800">{t("reservation.yours")}</h2>
      {reservations.length === 0 ? <p className="text-slate-600">{t("reservation.noReservations")}</p> : null}
      <ul className="flex flex-col gap-3">
        {reservations.map((reservation) => (
          <li key={reservation.reference} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-4">
            <div className="flex flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2">
                <NumberText gsm={reservation.gsm} className="text-lg" />
                <TierBadge tier={reservation.tier} />
                <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${reservation.state === "active" ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-700"}`}>
                  {t(`reservation.states.${reservation.state}`)}
                </span>
              </p>
              <p className="text-sm text-slate-700">
                {t("reservation.reference")}: <bdi dir="ltr" className="font-mono font-bold">{reservation.reference}</bdi> · {reservation.city} ·{" "}
                {formatAmount(language, reservation.simPrice + reservation.serviceFee, currencySuffix)}
              </p>
              {reservation.state === "active" ? <p className="text-sm text-slate-700">{t("reservation.holdUntil", { date: formatDateTime(language, reservation.expiresAt, timeZone) })}</p> : null}
            </div>
            {reservation.state === "active" ? (
              <Form
                method="post"
                action={RESERVE_NUMBER_PATH}
                onSubmit={(event) => {
                  if (!window.confirm(t("reservation.confirmCancel", { gsm: reservation.gsm }))) event.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value={CANCEL_INTENT} />
                <input type="hidden" name="reference" value={reservation.reference} />
                <input type="hidden" name="returnTo" value={returnTo} />
                <button type="submit" className="rounded-lg border-2 border-red-700 px-4 py-1.5 font-bold text-red-800 hover:bg-red-50">{t("reservation.cancel")}</button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
