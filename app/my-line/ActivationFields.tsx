// What a bundle's confirmation posts besides its intent, the same on My line and in the dialog over a bundle's
// page: the number it was shown for, the bundle, the order's idempotency key, and the renewal choice.
import { useTranslation } from "../i18n/react.ts";

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
