// The embedded driver's renewal notices (tellRenewalNotices) over a real database: kept in the renewal's
// transaction, handed to `tell` when due, tried again later and later while refused, given up after
// RENEWAL_NOTICE_TRIES, forgotten once told, not in the way of the others when `tell` throws, and told once when two
// instances tell at the same time.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { createEmbeddedCharging } from "./embedded.ts";
import { RENEWAL_NOTICE_FIRST_WAIT_SECONDS, RENEWAL_NOTICE_TRIES, type ChargingPort, type RenewalNotice } from "./types.ts";

const database = useTestDatabase({ instances: 2 });
const options = { timeZone: "Asia/Damascus", voucherHashKey: "renewal-notices-test-key" };
let charging: [ChargingPort, ChargingPort];

beforeAll(() => {
  charging = [createEmbeddedCharging(database.instances[0]!.db, options), createEmbeddedCharging(database.instances[1]!.db, options)];
});

let numbers = 0;
/** A weekly bundle of a number the network does not know, ended a minute ago and handled by the sweep (not renewed: LINE_DEACTIVATED): its notice is kept. */
async function endedAndHandled(): Promise<{ gsm: string; subscriptionId: number }> {
  const gsm = `09661${String(numbers++).padStart(5, "0")}`;
  const rows = await database.db.execute<{ id: string }>(
    sql`insert into charging_subscriptions (gsm, bundle_id, title_ar, title_en, price, started_at, ends_at, renews)
        values (${gsm}, 102, 'باقة', 'Weekly data', 6000, now() - interval '7 days 1 minute', now() - interval '1 minute', true) returning id`,
  );
  const subscriptionId = Number(rows.rows[0]!.id);
  const outcomes = await charging[0].renewDue!(100);
  expect(outcomes.map((outcome) => outcome.subscriptionId)).toContain(subscriptionId);
  return { gsm, subscriptionId };
}

async function noticeOf(subscriptionId: number): Promise<{ attempts: number; wait: number } | undefined> {
  const rows = await database.db.execute<{ attempts: number; wait: number }>(
    sql`select attempts, extract(epoch from next_try_at - now())::float8 as wait from charging_renewal_notices where subscription_id = ${subscriptionId}`,
  );
  return rows.rows[0];
}

const dueNow = (subscriptionId: number, attempts?: number) =>
  database.db.execute(sql`update charging_renewal_notices set next_try_at = now(), attempts = coalesce(${attempts ?? null}::int, attempts) where subscription_id = ${subscriptionId}`);

describe("renewal notices of the embedded driver", () => {
  test("a refused notice is kept and tried again later, each time later; told, it is forgotten", async () => {
    const { gsm, subscriptionId } = await endedAndHandled();
    const handed: RenewalNotice[] = [];
    expect(await charging[0].tellRenewalNotices!(10, async (notice) => (handed.push(notice), false))).toEqual({ told: 0, refused: 1, givenUp: [] });
    expect(handed).toEqual([{ gsm, subscriptionId, title: { ar: "باقة", en: "Weekly data" }, result: "LINE_DEACTIVATED", attempts: 0 }]);
    const first = await noticeOf(subscriptionId);
    expect(first?.attempts).toBe(1);
    expect(first!.wait).toBeGreaterThan(RENEWAL_NOTICE_FIRST_WAIT_SECONDS - 10);
    expect(first!.wait).toBeLessThanOrEqual(RENEWAL_NOTICE_FIRST_WAIT_SECONDS);

    // Not due yet: not handed.
    expect(await charging[0].tellRenewalNotices!(10, async () => expect.unreachable("a notice not due was handed"))).toEqual({ told: 0, refused: 0, givenUp: [] });

    await dueNow(subscriptionId);
    expect(await charging[0].tellRenewalNotices!(10, async () => false)).toEqual({ told: 0, refused: 1, givenUp: [] });
    const second = await noticeOf(subscriptionId);
    expect(second?.attempts).toBe(2);
    expect(second!.wait).toBeGreaterThan(2 * RENEWAL_NOTICE_FIRST_WAIT_SECONDS - 10);

    await dueNow(subscriptionId);
    expect(await charging[0].tellRenewalNotices!(10, async () => true)).toEqual({ told: 1, refused: 0, givenUp: [] });
    expect(await noticeOf(subscriptionId)).toBeUndefined();
  });

  test(`a notice refused ${RENEWAL_NOTICE_TRIES} times is given up; a refusal ends the round`, async () => {
    const given = await endedAndHandled();
    const next = await endedAndHandled();
    await dueNow(given.subscriptionId, RENEWAL_NOTICE_TRIES - 1);
    // The older notice comes first (due earlier); refused, the round ends without trying the other.
    await database.db.execute(sql`update charging_renewal_notices set next_try_at = now() - interval '1 hour' where subscription_id = ${given.subscriptionId}`);
    const handed: number[] = [];
    expect(await charging[0].tellRenewalNotices!(10, async (notice) => (handed.push(notice.subscriptionId), false))).toEqual({ told: 0, refused: 0, givenUp: [given.subscriptionId] });
    expect(handed).toEqual([given.subscriptionId]);
    expect(await noticeOf(given.subscriptionId)).toBeUndefined();
    expect((await noticeOf(next.subscriptionId))?.attempts).toBe(0);
    expect(await charging[0].tellRenewalNotices!(10, async () => true)).toEqual({ told: 1, refused: 0, givenUp: [] });
  });

  test("a tell that throws ends the round with its error, its try counted: the next round hands the next notice; a last try that threw is given up", async () => {
    const failing = await endedAndHandled();
    const next = await endedAndHandled();
    await database.db.execute(sql`update charging_renewal_notices set next_try_at = now() - interval '1 hour' where subscription_id = ${failing.subscriptionId}`);
    await expect(charging[0].tellRenewalNotices!(10, async () => Promise.reject(new Error("not an SMS refusal")))).rejects.toThrow("not an SMS refusal");
    const counted = await noticeOf(failing.subscriptionId);
    expect(counted?.attempts).toBe(1);
    expect(counted!.wait).toBeGreaterThan(0);
    const handed: number[] = [];
    expect(await charging[0].tellRenewalNotices!(10, async (notice) => (handed.push(notice.subscriptionId), true))).toEqual({ told: 1, refused: 0, givenUp: [] });
    expect(handed).toEqual([next.subscriptionId]);
    // Its last try threw: at its next turn it is given up without being handed again.
    await dueNow(failing.subscriptionId, RENEWAL_NOTICE_TRIES);
    expect(await charging[0].tellRenewalNotices!(10, async () => expect.unreachable("a notice past its last try was handed"))).toEqual({ told: 0, refused: 0, givenUp: [failing.subscriptionId] });
    expect(await noticeOf(failing.subscriptionId)).toBeUndefined();
  });

  test("two instances telling at the same time tell each notice once", async () => {
    const notices = [await endedAndHandled(), await endedAndHandled(), await endedAndHandled()];
    const told: number[] = [];
    const slowTell = async (notice: RenewalNotice) => {
      told.push(notice.subscriptionId);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return true;
    };
    const rounds = await Promise.all(charging.map((port) => port.tellRenewalNotices!(10, slowTell)));
    expect(rounds.reduce((sum, round) => sum + round.told, 0)).toBe(3);
    expect(told.sort()).toEqual(notices.map((notice) => notice.subscriptionId).sort());
  });
});
