// The renewal of bundles at their end (issue 16) over real HTTP and the real sweep: two instances on one
// database, each sweeping every second. A due bundle that still renews is bought again exactly once, its
// new period following the old one, the money taken once, the renewal order and its audit row written
// together, and an SMS tells the subscriber; one whose line cannot pay ends, audited and told; one whose
// renewal was stopped is left alone.
import { afterAll, beforeAll, expect, test } from "vitest";
import { expectSuccess } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { freshNumber, insertSession, outboxOf, postForm, setChargingLine } from "../support/subscriber.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const WEEKLY_DATA = { id: 102, price: 6000, days: 7 }; // renews automatically (content/bundles.json)
const SWEEP = { CHARGING_RENEWAL_SWEEP_SECONDS: "1" };

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await startTestServer({ env: SWEEP });
  second = await startTestServer({ env: SWEEP, sameDatabaseAs: first });
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const sql = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => withClient(first.databaseUrl, async (client) => (await client.query<T>(text, values)).rows);

let keys = 0;
async function lineWithBundle(mainBalance: number, renew = "1"): Promise<{ gsm: string; token: string; subscriptionId: number }> {
  const gsm = freshNumber("0966");
  const { token } = await insertSession(first.databaseUrl, { gsm });
  await setChargingLine(first.databaseUrl, gsm, { mainBalance });
  const answer = await postForm(first, "/core/api/charging/bundles/activate", { gsm, bundleId: String(WEEKLY_DATA.id), renew, idempotencyKey: `renewal-test-${process.pid}-${keys++}` }, { token, language: "en" });
  const order = expectSuccess<{ subscriptionId: number }>(answer, "en", "charging.activated");
  return { gsm, token, subscriptionId: order.subscriptionId };
}

/** Ends a subscription a minute ago, as time would. */
const endNow = (subscriptionId: number) => sql("update charging_subscriptions set started_at = now() - interval '7 days 1 minute', ends_at = now() - interval '1 minute' where id = $1", [subscriptionId]);

/** Waits (polling the database, at most 20 s) until the sweep has handled the subscription. */
async function handled(subscriptionId: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [row] = await sql<{ handled: boolean }>("select renewal_handled_at is not null as handled from charging_subscriptions where id = $1", [subscriptionId]);
    if (row?.handled) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`subscription ${subscriptionId} was not handled by the renewal sweep in 20 s`);
}

/**
 * The texts sent to `gsm`, once `count` of them are in the outbox (at most 10 s). The sweep tells the
 * subscriber after the renewal's transaction commits, so the mark `handled` waits for can come first.
 */
async function textsOnceSent(gsm: string, count: number): Promise<string[]> {
  let sent: string[] = [];
  await expect
    .poll(async () => (sent = (await outboxOf(first, gsm)).map((message) => message.text)), { timeout: 10_000, interval: 100, message: `${count} SMS to ${gsm}` })
    .toHaveLength(count);
  return sent;
}

test("a due bundle with money for it is renewed once (two instances sweeping): the new period follows the old one, the price taken once, order and audit written, an SMS tells it", async () => {
  const lines = await Promise.all(Array.from({ length: 6 }, () => lineWithBundle(WEEKLY_DATA.price * 3)));
  await Promise.all(lines.map((line) => endNow(line.subscriptionId)));
  for (const line of lines) await handled(line.subscriptionId);
  for (const line of lines) {
    const subscriptions = await sql<{ id: string; started_at: Date; ends_at: Date; renews: boolean }>("select id, started_at, ends_at, renews from charging_subscriptions where gsm = $1 order by id", [line.gsm]);
    expect(subscriptions).toHaveLength(2);
    const [old, renewed] = subscriptions as [(typeof subscriptions)[0], (typeof subscriptions)[0]];
    expect(renewed.started_at.getTime()).toBe(old.ends_at.getTime());
    expect(renewed.ends_at.getTime() - renewed.started_at.getTime()).toBe(WEEKLY_DATA.days * 24 * 60 * 60 * 1000);
    expect(renewed.renews).toBe(true);
    const [money] = await sql<{ main_balance: number }>("select main_balance from charging_lines where gsm = $1", [line.gsm]);
    expect(money!.main_balance).toBe(WEEKLY_DATA.price);
    const orders = await sql<{ kind: string; idempotency_key: string }>("select kind, idempotency_key from charging_orders where gsm = $1 order by id", [line.gsm]);
    expect(orders).toEqual([
      { kind: "activation", idempotency_key: expect.any(String) },
      { kind: "renewal", idempotency_key: `renewal:${line.subscriptionId}` },
    ]);
    const audit = await sql<{ action: string; result: string; amount: number | null; account_id: string | null }>("select action, result, amount, account_id from charging_audit where gsm = $1 order by id", [line.gsm]);
    expect(audit).toEqual([
      { action: "activate-bundle", result: "completed", amount: WEEKLY_DATA.price, account_id: expect.any(String) },
      { action: "renew-bundle", result: "completed", amount: WEEKLY_DATA.price, account_id: null },
    ]);
    const texts = await textsOnceSent(line.gsm, 2);
    expect(texts.filter((text) => text.includes("جُدّدت باقتك"))).toHaveLength(1);
    // Told: its notice is forgotten (deleted once the gateway took the SMS).
    await expect.poll(() => sql("select count(*)::int as n from charging_renewal_notices where subscription_id = $1", [line.subscriptionId])).toEqual([{ n: 0 }]);
    // My line shows the renewed bundle, active now.
    const shown = expectSuccess<{ id: number }[]>(await postForm(second, "/core/api/charging/bundles/show", { gsm: line.gsm }, { token: line.token, language: "en" }), "en", "charging.bundlesShown");
    expect(shown.map((bundle) => bundle.id)).toEqual([Number(renewed.id)]);
  }
});

test("a due bundle whose line cannot pay ends: not renewed, nothing taken, the refusal audited, an SMS says so; a stopped renewal is left alone", async () => {
  const poor = await lineWithBundle(WEEKLY_DATA.price + 100);
  const stopped = await lineWithBundle(WEEKLY_DATA.price * 3, "0");
  await endNow(poor.subscriptionId);
  await endNow(stopped.subscriptionId);
  await handled(poor.subscriptionId);
  expect(await sql("select count(*)::int as n from charging_subscriptions where gsm = $1", [poor.gsm])).toEqual([{ n: 1 }]);
  expect(await sql("select main_balance from charging_lines where gsm = $1", [poor.gsm])).toEqual([{ main_balance: 100 }]);
  expect((await sql<{ action: string; result: string }>("select action, result from charging_audit where gsm = $1 order by id", [poor.gsm])).map((row) => `${row.action} ${row.result}`)).toEqual([
    "activate-bundle completed",
    "renew-bundle INSUFFICIENT_BALANCE",
  ]);
  const texts = await textsOnceSent(poor.gsm, 2);
  expect(texts.filter((text) => text.includes("لم تُجدَّد باقتك"))).toHaveLength(1);
  // The stopped one was due in the same sweep that handled the other: it is not picked up.
  expect(await sql("select renewal_handled_at, renews from charging_subscriptions where gsm = $1", [stopped.gsm])).toEqual([{ renewal_handled_at: null, renews: false }]);
  expect(await sql("select count(*)::int as n from charging_orders where gsm = $1", [stopped.gsm])).toEqual([{ n: 1 }]);
});

test("a renewal the sweep comes to late starts now: nobody pays for the hours without the bundle; a key like the renewal's cannot be taken by a client", async () => {
  const line = await lineWithBundle(WEEKLY_DATA.price * 3);
  await sql("update charging_subscriptions set started_at = now() - interval '7 days 3 hours', ends_at = now() - interval '3 hours' where id = $1", [line.subscriptionId]);
  await handled(line.subscriptionId);
  const [renewed] = await sql<{ late: boolean }>("select started_at > now() - interval '1 minute' as late from charging_subscriptions where gsm = $1 and id <> $2", [line.gsm, line.subscriptionId]);
  expect(renewed).toEqual({ late: true });
  // The renewal's key is out of reach of a client: the form refuses it as a key.
  const answer = await postForm(first, "/core/api/charging/bundles/activate", { gsm: line.gsm, bundleId: String(WEEKLY_DATA.id), renew: "1", idempotencyKey: `renewal:${line.subscriptionId + 1}` }, { token: line.token, language: "en" });
  expect(answer.status).toBe(400);
});
