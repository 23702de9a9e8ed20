// The call barring screen (our design, like call forwarding): incoming and outgoing groups of switches in
// the feature card; an option covered by another one that is on is off and disabled, with the reason; an
// active bar shows the day it ends (a bar lasts one month at most).
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useFetcher, useRevalidator } from "react-router";
import { BARRING_EXCLUDES, BARRING_MAX_DAYS, INCOMING_BARRING_TYPES, OUTGOING_BARRING_TYPES } from "../../common/call-barring-rules.ts";
import { formatDayOf } from "../../common/format.ts";
import type { FeatureView } from "../../server/line-features/types.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { useShell } from "../shell/ShellContext.tsx";
import type { FeatureAnswer } from "./feature-actions.server.ts";
import { FeatureCard, FeatureSwitch, SwitchTrack, useSaveAnswer } from "./FeatureCard.tsx";

const BARRING_LABELS = ["callBarring.options.allIncoming", "callBarring.options.incomingRoaming", "callBarring.options.allOutgoing", "callBarring.options.outgoingInternational", "callBarring.options.outgoingInternationalExceptHome"] as const;

const statesOf = (feature: FeatureView) => BARRING_LABELS.map((_, type) => feature.customerState.find((option) => option.type === type)?.state === 1);

/** The option that covers `type` while it is on, if any. */
function coveredBy(type: number, states: boolean[]): number | undefined {
  const entry = Object.entries(BARRING_EXCLUDES).find(([by, covered]) => states[Number(by)] && covered.includes(type));
  return entry ? Number(entry[0]) : undefined;
}

export function CallBarringScreen({ feature }: { feature: FeatureView }) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  // The day the bar ends, in the operator's calendar (not the UTC day of the moment).
  const timeZone = useOperatorTimeZone();
  const fetcher = useFetcher<FeatureAnswer>();
  const revalidator = useRevalidator();
  const [isOn, setIsOn] = useState(feature.serviceState === 1);
  const [states, setStates] = useState(() => statesOf(feature));
  useEffect(() => {
    setIsOn(feature.serviceState === 1);
    setStates(statesOf(feature));
  }, [feature]);
  useSaveAnswer(fetcher, () => {});
  const isSaving = fetcher.state !== "idle";

  function toggle(type: number, on: boolean) {
    setStates((current) => {
      const next = current.map((state, index) => (index === type ? on : state));
      // Turning an option on turns off what it covers.
      if (on) for (const covered of BARRING_EXCLUDES[type] ?? []) next[covered] = false;
      return next;
    });
  }
  function group(title: string, types: readonly number[]) {
    return (
      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 font-bold text-brand-800">{title}</legend>
        {types.map((type) => {
          const by = coveredBy(type, states);
          return (
            <div key={type} className="flex flex-col gap-1">
              <input type="hidden" name={`customerState[${type}].type`} value={type} />
              <FeatureSwitch isSelected={states[type] === true} onChange={(on) => toggle(type, on)} isDisabled={by !== undefined} name={`customerState[${type}].state`} value="1">
                <SwitchTrack />
                <span className="font-bold">{t(BARRING_LABELS[type]!)}</span>
              </FeatureSwitch>
              {by !== undefined ? <p className="text-sm text-slate-600">{t("callBarring.coveredBy", { option: t(BARRING_LABELS[by]!) })}</p> : null}
            </div>
          );
        })}
      </fieldset>
    );
  }

  return (
    <fetcher.Form method="post" onSubmit={(event: FormEvent) => isSaving && event.preventDefault()}>
      <FeatureCard
        feature={feature}
        isOn={isOn}
        onToggle={(on) => {
          setIsOn(on);
          if (!on) setStates((current) => current.map(() => false));
        }}
        isSaving={isSaving}
        isLoading={revalidator.state !== "idle"}
        onCancel={() => {
          setIsOn(feature.serviceState === 1);
          setStates(statesOf(feature));
          void revalidator.revalidate();
        }}
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t("callBarring.limit", { days: BARRING_MAX_DAYS })}</p>
          {feature.endsAt ? (
            <p role="status" className="rounded-lg bg-brand-50 p-3 font-bold text-brand-900">{t("callBarring.endsOn", { date: formatDayOf(language, new Date(feature.endsAt), timeZone) })}</p>
          ) : null}
          <div className="grid gap-4 nav:grid-cols-2">
            {group(t("callBarring.incoming"), INCOMING_BARRING_TYPES)}
            {group(t("callBarring.outgoing"), OUTGOING_BARRING_TYPES)}
          </div>
        </div>
      </FeatureCard>
    </fetcher.Form>
  );
}
