// Call forwarding (spec §2, §4, §7): the main switch and four options — all, busy, no answer,
// unreachable — each with the local number calls go to. Free of charge. Rules beyond the form's
// (common/line-features.ts): a line cannot forward to itself.
import { OPTION_TYPES } from "../../common/constants.ts";
import type { CallForwardUpdate } from "../../common/line-features.ts";
import type { Language } from "../../common/language.ts";
import type { AppServices } from "../services.ts";
import { changeFeature, showFeature, type FeatureDescription } from "./feature.ts";
import { LineFeatureError, type Actor, type FeatureView } from "./types.ts";

export const CALL_FORWARD: FeatureDescription = {
  key: "call-forward",
  title: { ar: "تحويل المكالمات", en: "Call forwarding" },
  description: {
    ar: "حوّل مكالماتك إلى رقم آخر: كل المكالمات، أو فقط عندما يكون خطك مشغولاً أو لا تجيب أو يكون هاتفك خارج التغطية. الخدمة مجانية، وتُحتسب المكالمة المحوّلة بتعرفة المكالمات المحلية.",
    en: "Send your calls to another number: all of them, or only when your line is busy, you do not answer, or your phone is out of reach. The service is free; a forwarded call is charged as a local call.",
  },
  price: 0,
  optionTypes: Object.values(OPTION_TYPES),
  withNumbers: true,
};

export function showCallForward(services: AppServices, accountId: number, gsm: string, language: Language): Promise<FeatureView> {
  return showFeature(services, accountId, gsm, language, CALL_FORWARD);
}

export async function activateCallForward(services: AppServices, actor: Actor, gsm: string, update: CallForwardUpdate, language: Language = "ar"): Promise<FeatureView> {
  const toSelf = update.customerState.findIndex((option) => option.number === gsm);
  if (toSelf !== -1) throw new LineFeatureError("VALIDATION", { fieldErrors: { [`customerState.${toSelf}.number`]: ["validation.forwardToSelf"] } });
  await changeFeature(services, actor, gsm, CALL_FORWARD, update);
  return showCallForward(services, actor.accountId, gsm, language);
}
