// The card every line-feature screen shares (spec §2 call forward / super clip): title, price ('free' at 0,
// else the amount with the currency suffix), description and the main switch; the options below it are
// blocked by an overlay while the main switch is off; cancel (reloads) and confirm, with a spinner in place
// of confirm while saving. A deactivated line (hotline) shows why nothing can change.
// The switches and buttons are native elements (a checkbox with the switch role, <button>): these screens
// are interactive as soon as React has hydrated them, without React Aria's press and focus machinery.
//
//   <FeatureCard feature={view} isOn={on} onToggle={setOn} isSaving={saving} isLoading={loading}
//                onCancel={reload} confirmLabel={…}>{options}</FeatureCard>
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "../i18n/react.ts";
import { formatAmount } from "../../common/format.ts";
import type { FeatureView } from "../../server/line-features/types.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { showToast } from "../shell/toast-queue.ts";
import type { FeatureAnswer } from "./feature-actions.server.ts";

export const OPTION_LABELS = ["lineFeatureUi.options.all", "lineFeatureUi.options.busy", "lineFeatureUi.options.noAnswer", "lineFeatureUi.options.unreachable"] as const;

/** Toasts the answer of a save, once it arrives. */
export function useSaveAnswer(fetcher: { state: string; data?: FeatureAnswer }, onSaved: () => void) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    showToast(fetcher.data.message, fetcher.data.ok ? "success" : "error");
    if (fetcher.data.ok) onSaved();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
}

export const switchClass =
  "group relative inline-flex cursor-pointer items-center gap-3 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50";
export function SwitchTrack() {
  return (
    <span className="flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-300 px-1 transition-colors group-data-[selected]:bg-brand-600 group-has-[:focus-visible]:ring-2 group-has-[:focus-visible]:ring-brand-600 group-has-[:focus-visible]:ring-offset-2">
      <span className="h-5 w-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5 rtl:group-data-[selected]:-translate-x-5" />
    </span>
  );
}

/**
 * An on/off switch: a visually hidden checkbox with the switch role inside its label, so that a press
 * anywhere on it toggles it; it is sent with the form as `name=value` while on. The hidden checkbox sits
 * in the middle of the label (which is `relative`), so a click aimed at it lands on the label, in either
 * direction.
 */
export function FeatureSwitch({
  isSelected,
  onChange,
  isDisabled = false,
  name,
  value,
  className = switchClass,
  children,
}: {
  isSelected: boolean;
  onChange(on: boolean): void;
  isDisabled?: boolean;
  name?: string;
  value?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className} data-selected={isSelected || undefined} data-disabled={isDisabled || undefined}>
      <input type="checkbox" role="switch" className="sr-only start-1/2 top-1/2" checked={isSelected} onChange={(event) => onChange(event.target.checked)} disabled={isDisabled} name={name} value={value} />
      {children}
    </label>
  );
}

export function FeatureCard({
  feature,
  isOn,
  onToggle,
  isSaving,
  isLoading,
  onCancel,
  children,
  footer = true,
  blockOptions = true,
}: {
  feature: FeatureView;
  isOn: boolean;
  onToggle(on: boolean): void;
  isSaving: boolean;
  isLoading: boolean;
  onCancel(): void;
  children: ReactNode;
  /** Whether the card shows its own cancel and confirm buttons (the confirm button submits the form around it). */
  footer?: boolean;
  /** Whether `children` are the options that the main switch being off blocks (else they are always usable). */
  blockOptions?: boolean;
}) {
  const { t } = useTranslation();
  const { language, currencySuffix } = useShell().shell;
  const deactivated = feature.lineState === "deactivated";
  const price = feature.price === 0 ? t("lineFeatureUi.free") : t("lineFeatureUi.perMonth", { price: formatAmount(language, feature.price, currencySuffix) });
  return (
    <section aria-labelledby="feature-title" className="flex flex-col gap-5 rounded-xl border border-slate-200 p-5">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex max-w-2xl flex-col gap-2">
          <h2 id="feature-title" className="text-xl font-bold text-brand-800">{feature.title}</h2>
          <p className="font-bold text-slate-800" data-testid="feature-price">{price}</p>
          <p className="text-slate-700">{feature.description}</p>
        </div>
        <FeatureSwitch isSelected={isOn} onChange={onToggle} isDisabled={deactivated || isSaving} name="serviceState" value="1">
          <SwitchTrack />
          <span className="font-bold">{t("lineFeatureUi.service")}</span>
        </FeatureSwitch>
      </header>
      {deactivated ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 font-bold text-amber-900">{t("lineFeatureUi.lineDeactivated")}</p>
      ) : null}
      {blockOptions ? <OptionsBlock isOn={isOn} deactivated={deactivated}>{children}</OptionsBlock> : children}
      {footer ? <FormButtons onCancel={onCancel} isLoading={isLoading} isSaving={isSaving} deactivated={deactivated} /> : null}
    </section>
  );
}

/** Options behind an overlay while the main switch is off: inert for keyboard and screen readers too. */
export function OptionsBlock({ isOn, deactivated, children }: { isOn: boolean; deactivated: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const blocked = !isOn || deactivated;
  return (
    <div className="relative">
      <div inert={blocked} className={blocked ? "opacity-40" : undefined}>{children}</div>
      {!isOn && !deactivated ? (
        <div data-testid="options-overlay" className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/60">
          <p className="rounded-lg bg-white px-4 py-2 font-bold text-slate-700 shadow">{t("lineFeatureUi.turnOnFirst")}</p>
        </div>
      ) : null}
    </div>
  );
}

/** Cancel (reloads from the server) and confirm (submits the form around it; a spinner while saving). */
export function FormButtons({ onCancel, isLoading, isSaving, deactivated }: { onCancel(): void; isLoading: boolean; isSaving: boolean; deactivated: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <button type="button" onClick={onCancel} disabled={isLoading || isSaving} className="rounded-lg border-2 border-slate-300 px-5 py-2 font-bold text-slate-700 hover:bg-slate-50 disabled:opacity-50">
        {t("lineFeatureUi.cancel")}
      </button>
      <button
        type="submit"
        disabled={deactivated}
        aria-label={isSaving ? t("lineFeatureUi.saving") : undefined}
        className="inline-flex min-w-28 items-center justify-center rounded-lg bg-brand-600 px-5 py-2 font-bold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {isSaving ? <span aria-hidden="true" data-testid="saving-spinner" className="h-5 w-5 animate-spin rounded-full border-2 border-white border-t-transparent" /> : t("lineFeatureUi.confirm")}
      </button>
    </div>
  );
}
