// The SMS of the built server over SMPP, to a loopback SMSC (the bench's, scripts/bench-login.ts): the path a
// subscriber's messages take in production. server/sms/smpp.test.ts tests the driver from its source; this file
// tests the driver as the server build carries it. A build that broke the `smpp` package (bundled, its sloppy-mode
// lib/pdu.js threw on every message longer than one SMS) fails here. The renewal sweep runs every second, so that a
// renewal told while the SMSC is away can be seen told once it is back.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { codeFromText, startBenchSmsc, type BenchSmsc, type SmscMessage } from "../../scripts/bench-login.ts";
import { expectSuccess } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { METRICS_ENV, metricValues } from "../support/periodic.ts";
import { encryptFor, freshNumber, insertSession, postForm, publicKeyOf, setChargingLine } from "../support/subscriber.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** A catalogue bundle of the demo content (content/bundles.json), sold to prepaid lines. */
const WEEKLY_DATA = { id: 102, price: 6000 };

let smsc: BenchSmsc;
let server: TestServer;

/** A counter of the server's metrics, as it is now (`series`: its name with its labels). */
const counter = async (series: string) => (await metricValues(server, [series] as const))[0];
/** Messages the server's SMS gateway did not accept so far. */
const gatewayErrors = () => counter("sms_gateway_errors_total");
beforeAll(async () => {
  smsc = await startBenchSmsc();
  server = await startTestServer({ env: { SMS_DRIVER: "smpp", SMPP_URL: smsc.url, CHARGING_RENEWAL_SWEEP_SECONDS: "1", ...METRICS_ENV } });
});
afterAll(async () => {
  await server?.stop();
  await smsc?.close();
});

/**
 * The next SMS to `gsm`, once `send` (which asks for it) has answered: waited for before asking, and given up when
 * asking failed, so that no wait outlives its test.
 */
async function smsAfter(gsm: string, send: () => Promise<void>): Promise<SmscMessage> {
  const { message, cancel } = smsc.expectMessage(gsm);
  try {
    await send();
    return await message;
  } finally {
    cancel();
  }
}

describe("SMS over SMPP from the built server", () => {
  for (const language of ["ar", "en"] as const) {
    test(`in ${language}: a sign-up code arrives in one SMS (short_message)`, async () => {
      const gsm = freshNumber("0955");
      const key = await publicKeyOf(server);
      const received = await smsAfter(gsm, async () => {
        expectSuccess(await postForm(server, "/core/api/users/signup2", { gsm: encryptFor(key, gsm) }, { language }), language, "account.codeSent");
      });
      expect(received.inPayload).toBe(false);
      expect(received.text).toMatch(language === "ar" ? /[\u0621-\u064A]/ : /^Your/);
      expect(codeFromText(received.text)).toMatch(/^\d{6}$/);
      expect(server.errors()).toEqual([]);
    });
  }

  test("a bundle's confirmation in Arabic, longer than one SMS, arrives whole in message_payload", async () => {
    const gsm = freshNumber("0966");
    const { token } = await insertSession(server.databaseUrl, { gsm });
    await setChargingLine(server.databaseUrl, gsm, { mainBalance: WEEKLY_DATA.price });
    const received = await smsAfter(gsm, async () => {
      const answer = await postForm(server, "/core/api/charging/bundles/activate", { gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: `sms-smpp-${gsm}` }, { token, language: "ar" });
      expectSuccess(answer, "ar", "charging.activated");
    });
    // 70 UCS-2 characters fit one SMS: this text is longer, so it must travel in the TLV for the SMSC to split.
    expect(received.text.length).toBeGreaterThan(70);
    expect(received.inPayload).toBe(true);
    // The whole text, the bundle's name in it, read without the isolates that keep numbers whole inside Arabic
    // (common/bidi.ts isolateForSms).
    const [bundle] = expectSuccess<{ name: string }[]>(await postForm(server, "/core/api/charging/bundles/show", { gsm }, { token, language: "ar" }), "ar", "charging.bundlesShown");
    expect(bundle!.name).toMatch(/[\u0621-\u064A]/);
    expect(received.text.replace(/[\u2066-\u2069]/g, "")).toContain(bundle!.name);
    expect(server.errors()).toEqual([]);
  });

  test("a bundle renewed while the SMSC is away: the subscriber's notice is kept, and told once the SMSC is back", async () => {
    const sql = <T extends Record<string, unknown>>(text: string, values: unknown[]) => withClient(server.databaseUrl, async (client) => (await client.query<T>(text, values)).rows);
    const gsm = freshNumber("0966");
    const { token } = await insertSession(server.databaseUrl, { gsm });
    await setChargingLine(server.databaseUrl, gsm, { mainBalance: WEEKLY_DATA.price * 3 });
    let subscriptionId = 0;
    await smsAfter(gsm, async () => {
      const answer = await postForm(server, "/core/api/charging/bundles/activate", { gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: `sms-smpp-renewal-${gsm}` }, { token, language: "ar" });
      subscriptionId = expectSuccess<{ subscriptionId: number }>(answer, "ar", "charging.activated").subscriptionId;
    });
    const notice = () => sql<{ attempts: number }>("select attempts from charging_renewal_notices where subscription_id = $1", [subscriptionId]);
    const binds = smsc.counts.binds;
    const errors = await gatewayErrors();
    await smsc.stop();
    try {
      // The bundle ends, as time would make it: the sweep renews it, and its SMS is refused and kept for a later try.
      await sql("update charging_subscriptions set started_at = now() - interval '7 days 1 minute', ends_at = now() - interval '1 minute' where id = $1", [subscriptionId]);
      await expect.poll(gatewayErrors, { timeout: 20_000, message: "the renewal's SMS refused by the gateway" }).toBeGreaterThan(errors);
      expect(await notice()).toEqual([{ attempts: 1 }]);
      // The operator sees it in the metrics too.
      await expect.poll(() => counter('renewal_notices_total{outcome="refused"}')).toBe(1);
    } finally {
      await smsc.restart();
    }
    // The server binds again on its own (after its back-off); then the next try, a minute later, is brought forward.
    await expect.poll(() => smsc.counts.binds, { timeout: 40_000, message: "the server bound to the SMSC again" }).toBeGreaterThan(binds);
    const received = await smsAfter(gsm, async () => {
      await sql("update charging_renewal_notices set next_try_at = now() where subscription_id = $1", [subscriptionId]);
    });
    expect(received.text).toContain("جُدّدت باقتك");
    await expect.poll(notice, { message: "the notice forgotten once told" }).toEqual([]);
    await expect.poll(() => counter('renewal_notices_total{outcome="told"}')).toBe(1);
    expect(await counter('renewal_notices_total{outcome="given_up"}')).toBe(0);
  }, 90_000);
});
