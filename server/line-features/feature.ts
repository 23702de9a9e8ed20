// What call forwarding, super clip and call barring share: a feature of a line shown with its title,
// price and description in the asked language, and changed as a whole (main switch plus options) after
// the rules of the line: the number is the caller's, the line is not deactivated, every change audited.
import type { Language } from "../../common/language.ts";
import { assertOwnsNumber } from "../account/service.ts";
import { AccountError } from "../account/types.ts";
import type { FeatureState } from "../network/types.ts";
import type { AppServices } from "../services.ts";
import { recordChange } from "./audit.ts";
import type { FeatureDescription } from "./catalog.ts";
import { LineFeatureError, type Actor, type FeatureOption, type FeatureUpdate, type FeatureView } from "./types.ts";

/** The caller's own number, or LineFeatureError NOT_YOUR_NUMBER (403) before anything is read or changed. */
export async function assertLineOwned(services: AppServices, accountId: number, gsm: string): Promise<void> {
  try {
    await assertOwnsNumber(services, accountId, gsm);
  } catch (error) {
    if (error instanceof AccountError && error.code === "NOT_YOUR_NUMBER") throw new LineFeatureError("NOT_YOUR_NUMBER");
    throw error;
  }
}

/** A deactivated line (hotline) cannot change its features until it is reactivated. */
export async function assertLineActive(services: AppServices, gsm: string): Promise<void> {
  if ((await services.network.lineStatus(gsm)).state === "deactivated") throw new LineFeatureError("LINE_DEACTIVATED");
}

/** Every option type of the feature once, in type order; missing ones are off (and have no number). */
export function completeOptions(feature: FeatureDescription, options: FeatureOption[]): FeatureOption[] {
  return feature.optionTypes.map((type) => {
    const given = options.find((option) => option.type === type);
    const state = given?.state === 1 ? 1 : 0;
    return feature.withNumbers ? { type, state, number: given?.number ?? "" } : { type, state };
  });
}

export async function showFeature(services: AppServices, accountId: number, gsm: string, language: Language, feature: FeatureDescription): Promise<FeatureView> {
  await assertLineOwned(services, accountId, gsm);
  const [state, line] = await Promise.all([services.network.readFeature(gsm, feature.key), services.network.lineStatus(gsm)]);
  return {
    title: feature.title[language],
    description: feature.description[language],
    price: feature.price,
    serviceState: state.serviceState,
    customerState: completeOptions(feature, state.customerState),
    ...(feature.key === "call-barring" ? { endsAt: state.endsAt?.toISOString() ?? null } : {}),
    lineState: line.state,
  };
}

/**
 * Replaces the feature's state with `update` (already validated by its schema) on the network, then
 * records who changed what. `endsAt` is for features that end by themselves (call barring).
 */
export async function changeFeature(
  services: AppServices,
  actor: Actor,
  gsm: string,
  feature: FeatureDescription,
  update: FeatureUpdate,
  endsAt: Date | null = null,
): Promise<void> {
  await assertLineOwned(services, actor.accountId, gsm);
  await assertLineActive(services, gsm);
  const before = await services.network.readFeature(gsm, feature.key);
  const after: FeatureState = { serviceState: update.serviceState, customerState: completeOptions(feature, update.customerState), endsAt };
  await services.network.writeFeature(gsm, feature.key, after);
  await recordChange(services.db, { actor, gsm, feature: feature.key, action: "activate", before, after });
}
