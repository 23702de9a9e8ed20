// What a bundle's confirmation posts besides its intent, the same on My line and in the dialog over a bundle's
// page: the number it was shown for, the bundle, the order's idempotency key, and the renewal choice.
import { Link } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { TOP_UP_PATH } from "./paths.ts";
import type { BalanceView } from "../../server/charging/service.ts";
import type { MessageKey } from "../../common/message-key.ts";

/**
 * Why this bundle cannot be bought now, before anything is sent: a refusal the server answered, the line
 * deactivated, the prepaid balance past its validity, or too little money; with the top-up link where a
 * top-up would help. Null when the order may go.
 */
export function activationBlocked({ balance, price, lineState }: { balance: BalanceView; price: number; lineState: string }): MessageKey | null {
  if (lineState === "deactivated") return "myLine.deactivatedLine";
  if (balance.expired) return "charging.errors.BALANCE_EXPIRED";
  if (balance.available < price) return "myLine.notEnough";
  return null;
}

export function ActivationNotice({ refusal, blocked }: { refusal: string | null; blocked: MessageKey | null }) {
  const { t } = useTranslation();
  const message = refusal ?? (blocked ? t(blocked) : null);
  if (!message) return null;
  return (
    <>
      <p role="alert" className="font-bold text-red-800">{message}</p>
      {blocked !== "myLine.deactivatedLine" ? <Link to={TOP_UP_PATH} className="self-start font-bold text-brand-700 underline">{t("myLine.topUp")}</Link> : null}
    </>
  );
}

export function ActivationFields({ gsm, bundleId, idempotencyKey, renewal }: { gsm: string; bundleId: number; idempotencyKey: string; renewal: string }) {
  const { t } = useTranslation();
  return (
    <>
      {/* The number this confirmation was made for: another selected since (another tab) does not pay for it. */}
      <input type="hidden" name="gsm" value={gsm} />
      <input type="hidden" name="bundleId" value={bundleId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {renewal === "auto" ? (
        <label className="flex items-center gap-2">
          <input type="checkbox" name="renew" value="1" defaultChecked className="size-5 accent-brand-700" />
          {t("myLine.renewChoice")}
        </label>
      ) : (
        <p className="text-sm text-slate-600">{t("bundles.renewal.once")}</p>
      )}
    </>
  );
}
