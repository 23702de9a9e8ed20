// The renewal of bundles at their end (issue 16), on a schedule in every instance, for a charging driver
// that does not renew by itself (the embedded one; a BSS renews its own products and tells the subscriber).
// Each ended subscription that still renews is bought again once, whichever instance comes first (the
// driver locks it, SKIP LOCKED, and writes its audit row and the subscriber's notice with it); the subscriber is
// told by SMS either way: renewed until a day for a price, or not renewed and why (top up and buy it again). The
// notice outlives a stop of the process and an SMS gateway that is away: it is told after the commit, and tried
// again on later rounds until the gateway takes it (the driver's tellRenewalNotices). The SMS is in Arabic, the
// site's default language: nothing stores which language a line prefers.
import { formatDayOf } from "../../common/format.ts";
import { DEFAULT_LANGUAGE } from "../../common/language.ts";
import { loggableMessage } from "../db/errors.ts";
import { startPeriodic, type PeriodicTask } from "../periodic.ts";
import type { AppServices } from "../services.ts";
import { translate } from "../i18n.ts";
import { amountText, notifyBySms } from "./service.ts";
import { RENEWAL_NOTICE_TRIES, type RenewalNotice, type RenewalNoticeRound, type RenewalOutcome } from "./types.ts";

/** Subscriptions renewed per driver call; the sweep calls again until fewer come back. */
const BATCH = 100;

/** Renews every subscription due now, then tells the notices due; answers what came of each renewal. */
export async function renewDueBundles(services: AppServices): Promise<RenewalOutcome[]> {
  const { charging } = services;
  if (!charging.renewDue) return [];
  const outcomes: RenewalOutcome[] = [];
  let batch: RenewalOutcome[];
  do {
    batch = await charging.renewDue(BATCH);
    outcomes.push(...batch);
  } while (batch.length >= BATCH);
  await tellRenewalNotices(services);
  return outcomes;
}

/** Tells the subscribers of the renewals whose notice is due, until none is left or the gateway refuses one. */
export async function tellRenewalNotices(services: AppServices): Promise<RenewalNoticeRound> {
  const round: RenewalNoticeRound = { told: 0, refused: 0, givenUp: [] };
  const { charging, logger } = services;
  if (!charging.tellRenewalNotices) return round;
  let last: RenewalNoticeRound;
  do {
    last = await charging.tellRenewalNotices(BATCH, (notice) => tell(services, notice));
    round.told += last.told;
    round.refused += last.refused;
    round.givenUp.push(...last.givenUp);
  } while (last.told + last.givenUp.length >= BATCH && last.refused === 0);
  services.metrics.renewalNotices(round.told, round.refused, round.givenUp.length);
  if (round.refused > 0) logger.warn({ told: round.told, refused: round.refused }, "a renewal notice was not taken by the SMS gateway; tried again later");
  // The subscription's id, not the number: enough to find the renewal in charging_audit.
  for (const subscriptionId of round.givenUp) logger.warn({ subscriptionId, tries: RENEWAL_NOTICE_TRIES }, "a renewal notice was given up: the SMS gateway never took it");
  return round;
}

/** Sends a notice's SMS; answers whether the gateway took it. */
async function tell(services: AppServices, notice: RenewalNotice): Promise<boolean> {
  const language = DEFAULT_LANGUAGE;
  const name = notice.title[language];
  if (notice.result === "renewed" && notice.renewal) {
    const { subscriptionId, price } = notice.renewal;
    const [renewed] = (await services.charging.activeBundles(notice.gsm)).filter((item) => item.id === subscriptionId);
    return notifyBySms(services, notice.gsm, "bundle-renewal", language, "charging.sms.renewed", {
      name,
      price: amountText(services, language, price),
      date: renewed ? formatDayOf(language, renewed.endsAt, services.config.OPERATOR_TIME_ZONE) : "",
    });
  }
  return notifyBySms(services, notice.gsm, "bundle-renewal", language, "charging.sms.notRenewed", { name, page: translate(language, "page.myLine") });
}

export function startRenewalSweep(services: AppServices, intervalSeconds: number): PeriodicTask {
  return startPeriodic(
    {
      name: "bundle-renewal",
      intervalSeconds,
      async run() {
        const outcomes = await renewDueBundles(services);
        if (outcomes.length > 0) {
          const renewed = outcomes.filter((outcome) => outcome.result === "renewed").length;
          services.logger.info({ renewed, notRenewed: outcomes.length - renewed }, "bundle renewals handled");
        }
      },
      onError: (error) => services.logger.warn({ err: loggableMessage(error) }, "bundle renewal sweep failed; next try on schedule"),
    },
    services.metrics,
  );
}
