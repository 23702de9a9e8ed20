// Small pieces the console's content pages share.
import type { Language } from "../../common/language.ts";
import { formatDateTime } from "../../common/format.ts";
import { useTranslation } from "../i18n/react.ts";

/** An item's state in a list: live or not, a draft pending, scheduled at a time. */
export function ListingState({ listing, language }: { listing: { live: boolean; draft: boolean; scheduledAt: string | null }; language: Language }) {
  const { t } = useTranslation();
  const parts = [t(listing.live ? "console.content.states.live" : "console.content.states.notLive")];
  if (listing.draft) parts.push(t("console.content.states.draft"));
  if (listing.scheduledAt) parts.push(t("console.content.states.scheduled", { time: formatDateTime(language, listing.scheduledAt) }));
  return <>{parts.join(" · ")}</>;
}
