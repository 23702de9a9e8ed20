// The renewal of bundles at their end (issue 16), on a schedule in every instance, for a charging driver
// that does not renew by itself (the embedded one; a BSS renews its own products and tells the subscriber).
// Each ended subscription that still renews is bought again once, whichever instance comes first (the
// driver locks it, SKIP LOCKED, and writes its audit row with it); the subscriber is told by SMS either
// way: renewed until a day for a price, or not renewed and why (top up and buy it again). The SMS is in
// Arabic, the site's default language: nothing stores which language a line prefers.
import { formatDayOf } from "../../common/format.ts";
import { DEFAULT_LANGUAGE } from "../../common/language.ts";
import { loggableMessage } from "../db/errors.ts";
import { startPeriodic, type PeriodicTask } from "../periodic.ts";
import type { AppServices } from "../services.ts";
import { translate } from "../i18n.ts";
import { amountText, notifyBySms } from "./service.ts";
import type { RenewalOutcome } from "./types.ts";

/** Subscriptions renewed per driver call; the sweep calls again until fewer come back. */
const BATCH = 100;

/** Renews every subscription due now; answers what came of each. */
export async function renewDueBundles(services: AppServices): Promise<RenewalOutcome[]> {
  const { charging } = services;
  if (!charging.renewDue) return [];
  const outcomes: RenewalOutcome[] = [];
  let batch: RenewalOutcome[];
  do {
    batch = await charging.renewDue(BATCH);
    outcomes.push(...batch);
    for (const outcome of batch) await tell(services, outcome);
  } while (batch.length >= BATCH);
  return outcomes;
}

async function tell(services: AppServices, outcome: RenewalOutcome): Promise<void> {
  const language = DEFAULT_LANGUAGE;
  const name = outcome.title[language];
  if (outcome.result === "renewed" && outcome.order) {
    const [renewed] = (await services.charging.activeBundles(outcome.gsm)).filter((item) => item.id === outcome.order!.subscriptionId);
    await notifyBySms(services, outcome.gsm, "bundle-renewal", language, "charging.sms.renewed", {
      name,
      price: amountText(services, language, outcome.order.price),
      date: renewed ? formatDayOf(language, renewed.endsAt, services.config.OPERATOR_TIME_ZONE) : "",
    });
    return;
  }
  await notifyBySms(services, outcome.gsm, "bundle-renewal", language, "charging.sms.notRenewed", { name, page: translate(language, "page.myLine") });
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
