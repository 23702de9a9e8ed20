// The demo offers' dates are content (content/offers.json): written for the demo story as it stood on
// DEMO_STORY_DAY, with offers running and one that has ended. Tests that need that story on any day the suite
// runs (the walks and the crawl meet a running offer's page; offers.test lists the running ones) get it on their
// own clone: every offer still running or to come on that day runs until at least 365 days after today (its end is
// moved, its start kept). The ended one stays ended. A file that compares the database with the content files byte for byte (console-files) does not use it.
import { addDays, calendarDay, DEFAULT_OPERATOR_TIME_ZONE } from "../../common/format.ts";
import { withClient } from "./database.ts";

/** The day the demo offers' dates were written for. */
export const DEMO_STORY_DAY = "2026-11-28";

/** How the story moves: an offer running or to come on DEMO_STORY_DAY runs until at least 365 days after `today`. */
export function demoOfferAsOf<T extends { validFrom: string; validTo: string }>(offer: T, today: string): T {
  if (offer.validTo < DEMO_STORY_DAY) return offer;
  const yearAhead = addDays(today, 365);
  return offer.validTo > yearAhead ? offer : { ...offer, validTo: yearAhead };
}

/** The operator's day now: offers run on it (server/content/content-clock.ts). */
export const operatorToday = () => calendarDay(new Date(), DEFAULT_OPERATOR_TIME_ZONE);

/** Applies demoOfferAsOf, as of the operator's today, to the offers of a test database (before its server starts). */
export async function moveDemoOffersToToday(databaseUrl: string, today = operatorToday()): Promise<void> {
  await withClient(databaseUrl, (client) =>
    client.query("update offers set valid_to = greatest(valid_to, $2::date + 365) where valid_to >= $1::date", [DEMO_STORY_DAY, today]),
  );
}
