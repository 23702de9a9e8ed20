// The line-feature screens, as the profile's "Line features" card lists them.
import type { MessageKey } from "../../server/i18n.ts";

export const LINE_FEATURE_LINKS: { to: string; label: MessageKey; text: MessageKey }[] = [
  { to: "/call-forward", label: "page.callForward", text: "lineFeatureUi.callForwardText" },
  { to: "/super-clip", label: "page.superClip", text: "lineFeatureUi.superClipText" },
  { to: "/call-barring", label: "page.callBarring", text: "lineFeatureUi.callBarringText" },
  { to: "/hotline", label: "page.hotline", text: "lineFeatureUi.hotlineText" },
];
