// The call forward screen (spec §2, §4, §5): the feature card and four option rows (all, busy, no
// answer, unreachable), each a switch and the number calls go to. Submit is silently blocked while a
// switched-on option has an invalid number; its message shows only after an attempt, and only for a
// field that is non-empty or whose option is on. "All" on disables the conditional options, and says why.
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useFetcher, useRevalidator } from "react-router";
import { typedNumber } from "../../common/account-rules.ts";
import { NUMBER_MAX_LENGTH, OPTION_TYPES } from "../../common/constants.ts";
import { CONDITIONAL_OPTION_TYPES, isLineFeatureNumber } from "../../common/line-features-rules.ts";
import type { FeatureView } from "../../server/line-features/types.ts";
import type { FeatureAnswer } from "./feature-actions.server.ts";
import { FeatureCard, FeatureSwitch, OPTION_LABELS, SwitchTrack, useSaveAnswer } from "./FeatureCard.tsx";

interface OptionState {
  on: boolean;
  number: string;
}

function optionsOf(feature: FeatureView): OptionState[] {
  return Object.values(OPTION_TYPES).map((type) => {
    const option = feature.customerState.find((candidate) => candidate.type === type);
    return { on: option?.state === 1, number: option?.number ?? "" };
  });
}

export function CallForwardScreen({ feature }: { feature: FeatureView }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FeatureAnswer>();
  const revalidator = useRevalidator();
  const [isOn, setIsOn] = useState(feature.serviceState === 1);
  const [options, setOptions] = useState(() => optionsOf(feature));
  const [attempted, setAttempted] = useState(false);
  const isSaving = fetcher.state !== "idle";
  const isLoading = revalidator.state !== "idle";
  useSaveAnswer(fetcher, () => setAttempted(false));
  // The server's state, whenever the loader brings it (after a save, after cancel).
  useEffect(() => {
    setIsOn(feature.serviceState === 1);
    setOptions(optionsOf(feature));
  }, [feature]);

  const allOn = isOn && options[OPTION_TYPES.all]!.on;
  const serverErrors = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const invalid = (option: OptionState) => (option.on || option.number !== "") && !isLineFeatureNumber(option.number);

  function toggleService(on: boolean) {
    setIsOn(on);
    // Main off clears every option switch (spec §4).
    if (!on) setOptions((current) => current.map((option) => ({ ...option, on: false })));
  }
  function setOption(type: number, change: Partial<OptionState>) {
    setOptions((current) =>
      current.map((option, index) => {
        if (index === type) return { ...option, ...change };
        // "All" on turns the conditional options off: they would never apply.
        if (type === OPTION_TYPES.all && change.on && CONDITIONAL_OPTION_TYPES.includes(index)) return { ...option, on: false };
        return option;
      }),
    );
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    setAttempted(true);
    const blocked = isSaving || (isOn && options.some((option) => option.on && invalid(option)));
    if (blocked) event.preventDefault();
  }

  return (
    <fetcher.Form method="post" onSubmit={submit} noValidate>
      <FeatureCard feature={feature} isOn={isOn} onToggle={toggleService} isSaving={isSaving} isLoading={isLoading} onCancel={() => {
        setAttempted(false);
        setIsOn(feature.serviceState === 1);
        setOptions(optionsOf(feature));
        if (!isLoading) void revalidator.revalidate();
      }}>
        <ul className="flex flex-col gap-4">
          {options.map((option, type) => {
            const disabledByAll = allOn && CONDITIONAL_OPTION_TYPES.includes(type);
            const showError = attempted && invalid(option) && (option.on || option.number !== "");
            const message = serverErrors[`customerState.${type}.number`] ?? (showError ? t("validation.lineNumberInvalid") : undefined);
            return (
              <li key={type} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between">
                <input type="hidden" name={`customerState[${type}].type`} value={type} />
                <div className="flex flex-col gap-1">
                  <FeatureSwitch isSelected={option.on} onChange={(on) => setOption(type, { on })} isDisabled={disabledByAll} name={`customerState[${type}].state`} value="1">
                    <SwitchTrack />
                    <span className="font-bold">{t(OPTION_LABELS[type]!)}</span>
                  </FeatureSwitch>
                  {disabledByAll ? <p className="text-sm text-slate-600">{t("lineFeatureUi.allExcludes")}</p> : null}
                </div>
                <ForwardingNumber
                  label={t("lineFeatureUi.forwardTo", { option: t(OPTION_LABELS[type]!) })}
                  name={`customerState[${type}].number`}
                  value={option.number}
                  onChange={(value) => setOption(type, { number: typedNumber(value) })}
                  isDisabled={disabledByAll}
                  message={message}
                />
              </li>
            );
          })}
        </ul>
      </FeatureCard>
    </fetcher.Form>
  );
}

/** The number an option forwards calls to, with its message under it (read with the field). */
function ForwardingNumber({ label, name, value, onChange, isDisabled, message }: { label: string; name: string; value: string; onChange(value: string): void; isDisabled: boolean; message?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:w-64">
      <label htmlFor={`${id}-input`} className="text-sm font-bold text-slate-700">{label}</label>
      <input
        id={`${id}-input`}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={isDisabled}
        aria-invalid={message !== undefined || undefined}
        aria-describedby={message !== undefined ? `${id}-error` : undefined}
        dir="ltr"
        inputMode="numeric"
        maxLength={NUMBER_MAX_LENGTH}
        placeholder="09xxxxxxxx"
        className="rounded-lg border-2 border-slate-300 px-3 py-2 text-start focus:border-brand-600 disabled:opacity-50 aria-[invalid=true]:border-red-600"
      />
      {message !== undefined ? <span id={`${id}-error`} className="text-sm text-red-700">{message}</span> : null}
    </div>
  );
}
