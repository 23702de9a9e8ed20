// Small pieces the console's content pages share.
import type { Language } from "../../common/language.ts";
import { formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { Form } from "react-router";
import { useTranslation } from "../i18n/react.ts";
import { buttonClass } from "./ConsoleShell.tsx";

/** An item's state in a list: live or not, a draft pending, scheduled at a time. */
export function ListingState({ listing, language }: { listing: { live: boolean; draft: boolean; scheduledAt: string | null }; language: Language }) {
  const { t } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const parts = [t(listing.live ? "console.content.states.live" : "console.content.states.notLive")];
  if (listing.draft) parts.push(t("console.content.states.draft"));
  if (listing.scheduledAt) parts.push(t("console.content.states.scheduled", { time: formatDateTime(language, listing.scheduledAt, timeZone) }));
  return <>{parts.join(" · ")}</>;
}

/** The content pages' search (`?q=`), on the kinds page and on a kind's list. */
export function ContentSearch({ q, className }: { q: string; className: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className={className} role="search">
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        {t("console.content.search")}
        <input type="search" name="q" defaultValue={q} className="min-w-0 rounded border border-gray-500 px-3 py-2" />
      </label>
      <button type="submit" className={buttonClass}>
        {t("console.content.searchButton")}
      </button>
    </Form>
  );
}
