// Call barring (bar in / bar out): incoming (all; while roaming) and outgoing (all; international;
// international except to the home country). The operator's rule for a lost line: a bar lasts at most
// one month and ends by itself (BARRING_MAX_DAYS); an ended bar reads as off.
import { BARRING_MAX_DAYS, BARRING_TYPES } from "../../common/call-barring-rules.ts";
import type { Language } from "../../common/language.ts";
import type { AppServices } from "../services.ts";
import { changeFeature, showFeature, type FeatureDescription } from "./feature.ts";
import type { Actor, FeatureUpdate, FeatureView } from "./types.ts";

export const CALL_BARRING: FeatureDescription = {
  key: "call-barring",
  title: { ar: "حظر المكالمات", en: "Call barring" },
  description: {
    ar: "امنع المكالمات الواردة أو الصادرة على خطك، مثلاً عند فقدان الشريحة. يستمر الحظر شهراً على الأكثر ثم يتوقف من تلقاء نفسه. الخدمة مجانية.",
    en: "Stop incoming or outgoing calls on your line, for example when the SIM is lost. A bar lasts one month at most, then ends by itself. The service is free.",
  },
  price: 0,
  optionTypes: Object.values(BARRING_TYPES),
  withNumbers: false,
};

const DAY_MS = 24 * 60 * 60 * 1000;

export async function showCallBarring(services: AppServices, accountId: number, gsm: string, language: Language, now = new Date()): Promise<FeatureView> {
  const view = await showFeature(services, accountId, gsm, language, CALL_BARRING);
  // A bar past its end reads as off (the network lifts it by itself).
  if (view.endsAt && Date.parse(view.endsAt) <= now.getTime()) {
    return { ...view, serviceState: 0, customerState: view.customerState.map((option) => ({ ...option, state: 0 })), endsAt: null };
  }
  return view;
}

export async function activateCallBarring(services: AppServices, actor: Actor, gsm: string, update: FeatureUpdate, language: Language = "ar", now = new Date()): Promise<FeatureView> {
  const barring = update.serviceState === 1 && update.customerState.some((option) => option.state === 1);
  await changeFeature(services, actor, gsm, CALL_BARRING, update, barring ? new Date(now.getTime() + BARRING_MAX_DAYS * DAY_MS) : null);
  return showCallBarring(services, actor.accountId, gsm, language, now);
}
