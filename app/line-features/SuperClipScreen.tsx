// The super clip screen (spec §2, §4, §5): the feature card with a note and three tabs. Status: four
// option switches (toggling the main switch jumps here). Reply (SuperClipReplyTab) and callers
// (SuperClipCallersTab) load their code and data on first visit; cancel reloads a tab. The tabs follow the
// WAI-ARIA tabs pattern with native buttons (arrows move along the reading direction, Home and End), so
// the status tab needs no React Aria; the other two bring theirs when opened.
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { OPTION_TYPES } from "../../common/constants.ts";
import type { FeatureView } from "../../server/line-features/types.ts";
import type { FeatureAnswer } from "./feature-actions.server.ts";
import { FeatureCard, FeatureSwitch, FormButtons, OPTION_LABELS, OptionsBlock, SwitchTrack, useSaveAnswer } from "./FeatureCard.tsx";
import { SUPER_CLIP_INTENT } from "./super-clip.ts";
import { lazyPart } from "../shell/LazyPart.tsx";

const ReplyTab = lazyPart(() => import("./SuperClipReplyTab.tsx").then((module) => module.ReplyTab));
const CallersTab = lazyPart(() => import("./SuperClipCallersTab.tsx").then((module) => module.CallersTab));

const TABS = ["status", "reply", "callers"] as const;
type TabKey = (typeof TABS)[number];
const tabId = (key: TabKey) => `super-clip-tab-${key}`;
const panelId = (key: TabKey) => `super-clip-panel-${key}`;

export function SuperClipScreen({ feature }: { feature: FeatureView }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>("status");
  const tabRefs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});
  const [isOn, setIsOn] = useState(feature.serviceState === 1);
  useEffect(() => setIsOn(feature.serviceState === 1), [feature]);
  const deactivated = feature.lineState === "deactivated";

  function toggleService(on: boolean) {
    setIsOn(on);
    setTab("status"); // spec §4: toggling the main switch jumps to the status tab
  }
  // Selection follows focus; in Arabic the next tab is to the left.
  function moveAlongTabs(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const current = TABS.indexOf(tab);
    const steps: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    const next = event.key === "Home" ? 0 : event.key === "End" ? TABS.length - 1 : steps[event.key] === undefined ? null : (current + steps[event.key]! + TABS.length) % TABS.length;
    if (next === null) return;
    event.preventDefault();
    setTab(TABS[next]!);
    tabRefs.current[TABS[next]!]?.focus();
  }

  return (
    <FeatureCard feature={feature} isOn={isOn} onToggle={toggleService} isSaving={false} isLoading={false} onCancel={() => {}} footer={false} blockOptions={false}>
      <p className="rounded-lg bg-brand-50 p-3 text-slate-800">{t("superClip.note")}</p>
      <div className="flex flex-col gap-4">
        <div role="tablist" aria-label={t("superClip.tabs")} aria-orientation="horizontal" onKeyDown={moveAlongTabs} className="flex gap-2 border-b border-slate-200">
          {TABS.map((key) => (
            <button
              key={key}
              ref={(element) => {
                tabRefs.current[key] = element;
              }}
              type="button"
              role="tab"
              id={tabId(key)}
              aria-selected={tab === key}
              aria-controls={tab === key ? panelId(key) : undefined}
              tabIndex={tab === key ? 0 : -1}
              data-selected={tab === key || undefined}
              onClick={() => setTab(key)}
              className="cursor-pointer border-b-4 border-transparent px-4 py-2 font-bold text-slate-600 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[selected]:border-brand-600 data-[selected]:text-brand-800"
            >
              {t(`superClip.tab.${key}`)}
            </button>
          ))}
        </div>
        {/* Only the selected tab's panel is rendered: the others load (again) when opened. */}
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} tabIndex={0} className="outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          {tab === "status" ? <StatusTab feature={feature} isOn={isOn} onToggle={setIsOn} deactivated={deactivated} /> : null}
          <Suspense fallback={<p role="status">{t("lineFeatureUi.loading")}</p>}>
            {tab === "reply" ? <ReplyTab deactivated={deactivated} /> : null}
            {tab === "callers" ? <CallersTab /> : null}
          </Suspense>
        </div>
      </div>
    </FeatureCard>
  );
}

function StatusTab({ feature, isOn, onToggle, deactivated }: { feature: FeatureView; isOn: boolean; onToggle(on: boolean): void; deactivated: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FeatureAnswer>();
  const revalidator = useRevalidator();
  const statesOf = (view: FeatureView) => Object.values(OPTION_TYPES).map((type) => view.customerState.find((option) => option.type === type)?.state === 1);
  const [states, setStates] = useState(() => statesOf(feature));
  useEffect(() => setStates(statesOf(feature)), [feature]);
  useEffect(() => {
    if (!isOn) setStates((current) => current.map(() => false)); // main off clears every option
  }, [isOn]);
  useSaveAnswer(fetcher, () => {});
  const isSaving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-col gap-4" onSubmit={(event) => isSaving && event.preventDefault()}>
      <input type="hidden" name="intent" value={SUPER_CLIP_INTENT.status} />
      <input type="hidden" name="serviceState" value={isOn ? "1" : "0"} />
      <OptionsBlock isOn={isOn} deactivated={deactivated}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {states.map((on, type) => (
            <li key={type} className="rounded-lg border border-slate-200 p-4">
              <input type="hidden" name={`customerState[${type}].type`} value={type} />
              <FeatureSwitch isSelected={on} onChange={(value) => setStates((current) => current.map((state, index) => (index === type ? value : state)))} name={`customerState[${type}].state`} value="1">
                <SwitchTrack />
                <span className="font-bold">{t(OPTION_LABELS[type]!)}</span>
              </FeatureSwitch>
            </li>
          ))}
        </ul>
      </OptionsBlock>
      <FormButtons
        isSaving={isSaving}
        isLoading={revalidator.state !== "idle"}
        deactivated={deactivated}
        onCancel={() => {
          onToggle(feature.serviceState === 1);
          setStates(statesOf(feature));
          void revalidator.revalidate();
        }}
      />
    </fetcher.Form>
  );
}
