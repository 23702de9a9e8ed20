// Super clip (spec §2, §4, §7): shows who called while the line was busy, unanswered or unreachable,
// answers callers with an automatic SMS (a general message and exceptions for chosen numbers), and keeps
// the list of callers. A monthly fee.
import { CALLER_PERIODS } from "../../common/constants.ts";
import type { SuperClipUpdate } from "../../common/line-features.ts";
import type { Language } from "../../common/language.ts";
import type { AppServices } from "../services.ts";
import { recordChange } from "./audit.ts";
import { SUPER_CLIP } from "./catalog.ts";
import { assertLineActive, assertLineOwned, changeFeature, showFeature } from "./feature.ts";
import type { Actor, AutoReply, CallerFilter, CallerPage, FeatureView } from "./types.ts";

/** Callers per page of myCallers/show. */
export const CALLERS_PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export function showSuperClip(services: AppServices, accountId: number, gsm: string, language: Language): Promise<FeatureView> {
  return showFeature(services, accountId, gsm, language, SUPER_CLIP);
}

export async function activateSuperClip(services: AppServices, actor: Actor, gsm: string, update: SuperClipUpdate, language: Language = "ar"): Promise<FeatureView> {
  await changeFeature(services, actor, gsm, SUPER_CLIP, update);
  return showSuperClip(services, actor.accountId, gsm, language);
}

export async function showAutoReply(services: AppServices, accountId: number, gsm: string): Promise<AutoReply> {
  await assertLineOwned(services, accountId, gsm);
  return services.network.readAutoReply(gsm);
}

/** `autoReply` comes from autoReplySchema: exceptions without a message are already dropped. */
export async function activateAutoReply(services: AppServices, actor: Actor, gsm: string, autoReply: AutoReply): Promise<AutoReply> {
  await assertLineOwned(services, actor.accountId, gsm);
  await assertLineActive(services, gsm);
  const before = await services.network.readAutoReply(gsm);
  await services.network.writeAutoReply(gsm, autoReply);
  await recordChange(services.db, { actor, gsm, feature: "auto-reply", action: "activate", before, after: autoReply });
  return autoReply;
}

export async function showCallers(services: AppServices, accountId: number, gsm: string, filter: CallerFilter, now = new Date()): Promise<CallerPage> {
  await assertLineOwned(services, accountId, gsm);
  const period = CALLER_PERIODS.find((candidate) => candidate.id === filter.dateFilterType) ?? CALLER_PERIODS[0];
  const { records, total } = await services.network.listCallers(gsm, {
    since: new Date(now.getTime() - period.days * DAY_MS),
    caller: filter.gsmFilter === "" ? null : filter.gsmFilter,
    page: filter.page,
    size: CALLERS_PAGE_SIZE,
  });
  return { data: records.map((record) => ({ number: record.number, date: record.calledAt.toISOString() })), page: filter.page, size: CALLERS_PAGE_SIZE, total };
}
