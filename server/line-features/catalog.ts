// The line features as the operator sells them: name and description in both languages, monthly price
// and option types. The feature screens and the spec API show them, and the profile names a line's
// services by them, so a service reads the same on the profile as on its screen.
import { BARRING_TYPES } from "../../common/call-barring-rules.ts";
import { OPTION_TYPES } from "../../common/constants.ts";
import type { Language } from "../../common/language.ts";
import type { FeatureKey } from "./types.ts";

export type Bilingual = Record<Language, string>;

/** A feature as the operator sells it: texts in both languages, monthly price, the option types it has. */
export interface FeatureDescription {
  key: FeatureKey;
  title: Bilingual;
  description: Bilingual;
  /** Monthly price in the configured currency; 0 is free. */
  price: number;
  optionTypes: readonly number[];
  /** Whether its options carry a number (call forwarding). */
  withNumbers: boolean;
}

/** Call forwarding (spec §2): free; a forwarded call is charged as a local call. */
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

/** Super clip (spec §2): a monthly fee. */
export const SUPER_CLIP: FeatureDescription = {
  key: "super-clip",
  title: { ar: "سوبر كليب", en: "Super clip" },
  description: {
    ar: "اعرف من اتصل بك عندما كان خطك مشغولاً أو لم تجب أو كان هاتفك خارج التغطية، وأرسل للمتصلين رداً آلياً برسالة نصية تختارها.",
    en: "See who called while your line was busy, unanswered or out of reach, and answer callers automatically with a text message of your choice.",
  },
  price: 2500,
  optionTypes: Object.values(OPTION_TYPES),
  withNumbers: false,
};

/** Call barring: free; a bar lasts one month at most (BARRING_MAX_DAYS). */
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

export const LINE_FEATURES: Record<FeatureKey, FeatureDescription> = { "call-forward": CALL_FORWARD, "super-clip": SUPER_CLIP, "call-barring": CALL_BARRING };
