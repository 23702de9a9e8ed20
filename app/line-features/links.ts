// The line-feature screens, as the profile's "Line features" card lists them, and the screen of each
// feature a line's services name.
import type { MessageKey } from "../../server/i18n.ts";
import type { FeatureKey } from "../../server/line-features/types.ts";

export const LINE_FEATURE_LINKS: { to: string; label: MessageKey; text: MessageKey }[] = [
  { to: "/call-forward", label: "page.callForward", text: "lineFeatureUi.callForwardText" },
  { to: "/super-clip", label: "page.superClip", text: "lineFeatureUi.superClipText" },
  { to: "/call-barring", label: "page.callBarring", text: "lineFeatureUi.callBarringText" },
  { to: "/hotline", label: "page.hotline", text: "lineFeatureUi.hotlineText" },
];

export const FEATURE_SCREENS: Record<FeatureKey, string> = { "call-forward": "/call-forward", "super-clip": "/super-clip", "call-barring": "/call-barring" };
