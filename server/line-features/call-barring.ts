// Call barring (bar in / bar out): incoming (all; while roaming) and outgoing (all; international;
// international except to the home country). The operator's rule for a lost line: a bar lasts at most
// one month and ends by itself (BARRING_MAX_DAYS); an ended bar reads as off.
import { BARRING_MAX_DAYS } from "../../common/call-barring-rules.ts";
import type { Language } from "../../common/language.ts";
import type { AppServices } from "../services.ts";
import { CALL_BARRING } from "./catalog.ts";
import { changeFeature, showFeature } from "./feature.ts";
import type { Actor, FeatureUpdate, FeatureView } from "./types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A bar past its end reads as off: the network lifts it by itself, and says so (FeatureReading). */
export function showCallBarring(services: AppServices, accountId: number, gsm: string, language: Language): Promise<FeatureView> {
  return showFeature(services, accountId, gsm, language, CALL_BARRING);
}

export async function activateCallBarring(services: AppServices, actor: Actor, gsm: string, update: FeatureUpdate, language: Language = "ar", now = new Date()): Promise<FeatureView> {
  const barring = update.serviceState === 1 && update.customerState.some((option) => option.state === 1);
  await changeFeature(services, actor, gsm, CALL_BARRING, update, barring ? new Date(now.getTime() + BARRING_MAX_DAYS * DAY_MS) : null);
  return showCallBarring(services, actor.accountId, gsm, language);
}
