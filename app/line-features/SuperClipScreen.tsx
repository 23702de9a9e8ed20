// The super clip screen (spec §2, §4, §5): the feature card with a note and three tabs. Status: four
// option switches (toggling the main switch jumps here). Reply (SuperClipReplyTab) and callers
// (SuperClipCallersTab) load their code (in time, else the error state with a retry) and data on first visit;
// cancel reloads that tab alone.
// A tab once visited stays mounted, hidden while another is open, so its data is fetched once and what was
// typed in it is kept. The tabs are links (`?tab=reply`): without JavaScript each opens server-rendered with
// its data; with it, switching is a navigation the route does not reload for (its shouldRevalidate). They
// follow the WAI-ARIA tabs pattern (arrows along the reading direction, Home and End, one tab stop once
// hydrated) with native elements, so the status tab needs no React Aria; the other two bring theirs when opened.
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { OPTION_TYPES } from "../../common/constants.ts";
import type { AutoReply, FeatureView } from "../../server/line-features/types.ts";
import type { FeatureAnswer } from "./feature-actions.server.ts";
import { FeatureCard, FeatureSwitch, FormButtons, OPTION_LABELS, OptionsBlock, SwitchTrack, useSaveAnswer } from "./FeatureCard.tsx";
import { SUPER_CLIP_INTENT, SUPER_CLIP_TABS, TAB_PARAM, tabOf, type CallersAnswer, type SuperClipTab } from "./super-clip.ts";
import { lazyPart } from "../shell/LazyPart.tsx";

const ReplyTab = lazyPart(() => import("./SuperClipReplyTab.tsx").then((module) => module.ReplyTab));
const CallersTab = lazyPart(() => import("./SuperClipCallersTab.tsx").then((module) => module.CallersTab));

const tabId = (key: SuperClipTab) => `super-clip-tab-${key}`;
const panelId = (key: SuperClipTab) => `super-clip-panel-${key}`;

export interface SuperClipScreenProps {
  feature: FeatureView;
  /** The data of the tab the page opened on, when that is the reply or the callers tab. */
  reply?: AutoReply;
  callers?: CallersAnswer;
}

export function SuperClipScreen({ feature, reply, callers }: SuperClipScreenProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = tabOf(searchParams);
  // Every tab opened so far; its panel stays mounted (hidden) from then on.
  const [visited, setVisited] = useState<ReadonlySet<SuperClipTab>>(() => new Set([tab]));
  if (!visited.has(tab)) setVisited(new Set(visited).add(tab));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const tabRefs = useRef<Partial<Record<SuperClipTab, HTMLAnchorElement | null>>>({});
  const [isOn, setIsOn] = useState(feature.serviceState === 1);
  useEffect(() => setIsOn(feature.serviceState === 1), [feature]);
  const deactivated = feature.lineState === "deactivated";

  const open = (key: SuperClipTab) => navigate(`?${TAB_PARAM}=${key}`, { replace: true, preventScrollReset: true });
  function toggleService(on: boolean) {
    setIsOn(on);
    if (tab !== "status") void open("status"); // spec §4: toggling the main switch jumps to the status tab
  }
  // Selection follows focus; in Arabic the next tab is to the left.
  function moveAlongTabs(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const current = SUPER_CLIP_TABS.indexOf(tab);
    const steps: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    const count = SUPER_CLIP_TABS.length;
    const next = event.key === "Home" ? 0 : event.key === "End" ? count - 1 : steps[event.key] === undefined ? null : (current + steps[event.key]! + count) % count;
    if (next === null) return;
    event.preventDefault();
    void open(SUPER_CLIP_TABS[next]!);
    tabRefs.current[SUPER_CLIP_TABS[next]!]?.focus();
  }
  return (
    <FeatureCard feature={feature} isOn={isOn} onToggle={toggleService} isSaving={false} isLoading={false} onCancel={() => {}} footer={false} blockOptions={false}>
      <p className="rounded-lg bg-brand-50 p-3 text-slate-800">{t("superClip.note")}</p>
      <div className="flex flex-col gap-4">
        <div role="tablist" aria-label={t("superClip.tabs")} aria-orientation="horizontal" onKeyDown={moveAlongTabs} className="flex gap-2 border-b border-slate-200">
          {SUPER_CLIP_TABS.map((key) => (
            <Link
              key={key}
              ref={(element) => {
                tabRefs.current[key] = element;
              }}
              to={`?${TAB_PARAM}=${key}`}
              replace
              preventScrollReset
              role="tab"
              id={tabId(key)}
              aria-selected={tab === key}
              aria-controls={visited.has(key) ? panelId(key) : undefined}
              // One tab stop once the arrows work; before that every tab is a link to reach with Tab.
              tabIndex={hydrated && tab !== key ? -1 : undefined}
              data-selected={tab === key || undefined}
              // The open tab's link would reload the page's data (a navigation to the same address).
              onClick={(event) => tab === key && event.preventDefault()}
              className="cursor-pointer border-b-4 border-transparent px-4 py-2 font-bold text-slate-600 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[selected]:border-brand-600 data-[selected]:text-brand-800"
            >
              {t(`superClip.tab.${key}`)}
            </Link>
          ))}
        </div>
        {SUPER_CLIP_TABS.filter((key) => visited.has(key)).map((key) => (
          <div
            key={key}
            role="tabpanel"
            id={panelId(key)}
            aria-labelledby={tabId(key)}
            hidden={tab !== key}
            tabIndex={0}
            className="outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <Suspense fallback={<p role="status">{t("lineFeatureUi.loading")}</p>}>
              {key === "status" ? (
                <StatusTab feature={feature} isOn={isOn} onToggle={setIsOn} deactivated={deactivated} />
              ) : key === "reply" ? (
                <ReplyTab deactivated={deactivated} initial={reply} />
              ) : (
                <CallersTab initial={callers} />
              )}
            </Suspense>
          </div>
        ))}
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
