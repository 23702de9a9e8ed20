// Call forwarding (spec §2, §4, §7): the main switch and four options — all, busy, no answer,
// unreachable — each with the local number calls go to. Free of charge. Rules beyond the form's
// (common/line-features.ts): a line cannot forward to itself.
import type { CallForwardUpdate } from "../../common/line-features.ts";
import type { Language } from "../../common/language.ts";
import type { AppServices } from "../services.ts";
import { CALL_FORWARD } from "./catalog.ts";
import { changeFeature, showFeature } from "./feature.ts";
import { LineFeatureError, type Actor, type FeatureView } from "./types.ts";

export function showCallForward(services: AppServices, accountId: number, gsm: string, language: Language): Promise<FeatureView> {
  return showFeature(services, accountId, gsm, language, CALL_FORWARD);
}

export async function activateCallForward(services: AppServices, actor: Actor, gsm: string, update: CallForwardUpdate, language: Language = "ar"): Promise<FeatureView> {
  const toSelf = update.customerState.findIndex((option) => option.number === gsm);
  if (toSelf !== -1) throw new LineFeatureError("VALIDATION", { fieldErrors: { [`customerState.${toSelf}.number`]: ["validation.forwardToSelf"] } });
  await changeFeature(services, actor, gsm, CALL_FORWARD, update);
  return showCallForward(services, actor.accountId, gsm, language);
}
