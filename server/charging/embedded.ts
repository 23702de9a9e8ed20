// The embedded charging driver: the line's money, its bundles and its orders in our PostgreSQL (the
// charging_* tables of migration 0009). Not a simulation of numbers made up from the number: a line has
// exactly what its rows say (demo lines get theirs with the demo content; any other line starts, at
// its first use, as prepaid with nothing on it). An order is one transaction that locks the line's row,
// so orders of one line run one after the other: the key's earlier order is found, or the line's state,
// the catalogue price and the money are checked, the money is taken, the subscription and the order are
// written, all or nothing.
import { and, asc, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { preparedStatement } from "../db/prepared.ts";
import { bundles, chargingAllowances, chargingAudit, chargingLines, chargingOrders, chargingRenewalNotices, chargingSubscriptions, networkLines } from "../db/schema.ts";
import { embeddedUsageByDay, embeddedUsageRecords } from "./embedded-usage.ts";
import { redeemEmbeddedVoucher } from "./embedded-vouchers.ts";
import { calendarDay } from "../../common/format.ts";
import {
  ChargingError,
  RENEWAL_NOTICE_FIRST_WAIT_SECONDS,
  RENEWAL_NOTICE_MAX_WAIT_SECONDS,
  RENEWAL_NOTICE_TRIES,
  spendable,
  validityPassed,
  type AllowanceKind,
  type CountedUnit,
  type BundleOrder,
  type BundleSubscription,
  type ChargingPort,
  type LineBalance,
  type RenewalNoticeRound,
  type RenewalOutcome,
} from "./types.ts";

type LineRow = typeof chargingLines.$inferSelect;

/** The line's money as of `today` (yyyy-mm-dd in the operator's time zone). */
export function balanceOf(row: LineRow, today: string): LineBalance {
  return row.plan === "postpaid"
    ? { gsm: row.gsm, plan: "postpaid", unbilled: row.unbilled, creditLimit: row.creditLimit }
    : { gsm: row.gsm, plan: "prepaid", mainBalance: row.mainBalance, validUntil: row.validUntil, expired: validityPassed(row.validUntil, today) };
}

/** Amounts in a unit are kept to three decimals (what is left of 1.5 GB after use). */
const rounded = (value: number) => Math.round(value * 1000) / 1000;

// The reads of My line and the profile, on every signed-in page that shows the line: prepared statements
// (server/db/prepared.ts), like the session's and the account's.
const lineByGsm = preparedStatement("charging_line_by_gsm", (db, name) => db.select().from(chargingLines).where(eq(chargingLines.gsm, sql.placeholder("gsm"))).limit(1).prepare(name));
/** A line's live subscriptions with their allowances, in one statement: a subscription without any has one row of nulls. */
const liveBundlesByGsm = preparedStatement("charging_live_bundles_by_gsm", (db, name) =>
  db
    .select({ subscription: chargingSubscriptions, allowance: chargingAllowances })
    .from(chargingSubscriptions)
    .leftJoin(chargingAllowances, eq(chargingAllowances.subscriptionId, chargingSubscriptions.id))
    .where(and(eq(chargingSubscriptions.gsm, sql.placeholder("gsm")), gt(chargingSubscriptions.endsAt, sql`now()`)))
    .orderBy(asc(chargingSubscriptions.endsAt), asc(chargingSubscriptions.id), asc(chargingAllowances.id))
    .prepare(name),
);

const readLine = async (db: Db, gsm: string) => (await lineByGsm(db).execute({ gsm }))[0];

/** The line's row, added at its first use (prepaid, nothing on it); read first, since it is there but once. */
export async function ensureChargingLine(db: Db, gsm: string): Promise<LineRow> {
  const row = await readLine(db, gsm);
  if (row) return row;
  // A parallel first use may add it too: nothing on conflict, and read again.
  await db.insert(chargingLines).values({ gsm }).onConflictDoNothing();
  return (await readLine(db, gsm))!;
}

export interface EmbeddedChargingOptions {
  /** The operator's time zone: a prepaid validity ends at the end of its last day there. */
  timeZone: string;
  /** The key of the vouchers' secret hashes (server/charging/voucher-secret.ts). */
  voucherHashKey: string;
}

export function createEmbeddedCharging(db: Db, { timeZone, voucherHashKey }: EmbeddedChargingOptions): ChargingPort {
  const today = () => calendarDay(new Date(), timeZone);
  const ensureLine = (gsm: string) => ensureChargingLine(db, gsm);

  async function subscriptionsOf(executor: Db, gsm: string, ids?: number[]): Promise<BundleSubscription[]> {
    const subscriptions = new Map<number, BundleSubscription>();
    for (const { subscription: row, allowance } of await liveBundlesByGsm(executor).execute({ gsm })) {
      if (ids && !ids.includes(row.id)) continue;
      let subscription = subscriptions.get(row.id);
      if (!subscription) {
        subscription = { id: row.id, bundleId: row.bundleId, title: { ar: row.titleAr, en: row.titleEn }, price: row.price, startedAt: row.startedAt, endsAt: row.endsAt, renews: row.renews, allowances: [] };
        subscriptions.set(row.id, subscription);
      }
      if (!allowance) continue;
      subscription.allowances.push(
        // A row without a total is unlimited (the catalogue's "unlimited" unit has none).
        allowance.total === null || allowance.unit === "unlimited"
          ? { kind: allowance.kind as AllowanceKind, unit: "unlimited", total: null, remaining: null }
          : { kind: allowance.kind as AllowanceKind, unit: allowance.unit as CountedUnit, total: allowance.total, remaining: rounded(Math.max(0, allowance.total - allowance.used)) },
      );
    }
    // In the statement's order: the one that ends first, first.
    return [...subscriptions.values()];
  }

  /**
   * One bundle order inside the caller's transaction: the line's row is locked first, so the orders of a
   * line run one after the other; the key's earlier order is answered as it was; otherwise the line's state,
   * the catalogue price and the money are checked, the money is taken and the subscription and the order
   * are written.
   */
  async function placeOrder(tx: Db, request: { gsm: string; bundleId: number; renew: boolean; idempotencyKey: string; kind: "activation" | "renewal"; startsAt?: Date }): Promise<BundleOrder> {
    const { gsm, bundleId, renew, idempotencyKey, kind } = request;
    // The line's row lock: every order of this line waits here for the one before it to end.
    const [line] = await tx.select().from(chargingLines).where(eq(chargingLines.gsm, gsm)).for("update");
    if (!line) throw new ChargingError("LINE_DEACTIVATED");
    // Read after the lock, so an order of the same key that just committed is seen.
    const [earlier] = await tx
      .select()
      .from(chargingOrders)
      .where(and(eq(chargingOrders.gsm, gsm), eq(chargingOrders.idempotencyKey, idempotencyKey)))
      .limit(1);
    if (earlier) {
      if (earlier.bundleId !== bundleId) throw new ChargingError("IDEMPOTENCY_KEY_REUSED");
      return { ...earlier, repeated: true, balance: balanceOf(line, today()) };
    }
    // The hotline's state, held while the order runs (a deactivation waits for it, or it waits).
    const [network] = await tx.select({ state: networkLines.state }).from(networkLines).where(eq(networkLines.gsm, gsm)).for("share");
    if (network?.state === "deactivated") throw new ChargingError("LINE_DEACTIVATED");
    const [bundle] = await tx.select().from(bundles).where(eq(bundles.id, bundleId)).limit(1);
    if (!bundle) throw new ChargingError("BUNDLE_NOT_FOUND");
    if (bundle.eligibility !== "both" && bundle.eligibility !== line.plan) throw new ChargingError("BUNDLE_NOT_ELIGIBLE");
    const before = balanceOf(line, today());
    if (before.plan === "prepaid" && before.expired) throw new ChargingError("BALANCE_EXPIRED");
    if (spendable(before) < bundle.price) throw new ChargingError("INSUFFICIENT_BALANCE");
    const [after] = await tx
      .update(chargingLines)
      .set(
        line.plan === "postpaid"
          ? { unbilled: sql`${chargingLines.unbilled} + ${bundle.price}`, updatedAt: sql`now()` }
          : { mainBalance: sql`${chargingLines.mainBalance} - ${bundle.price}`, updatedAt: sql`now()` },
      )
      .where(eq(chargingLines.gsm, gsm))
      .returning();
    const renews = renew && bundle.renewal === "auto";
    // A renewal starts where the old period ended (no gap), or now when the sweep comes more than five minutes
    // late: a subscriber does not pay for hours in which the bundle was not there.
    const startsAt = request.startsAt
      ? sql`(case when ${request.startsAt.toISOString()}::timestamptz >= now() - interval '5 minutes' then ${request.startsAt.toISOString()}::timestamptz else now() end)`
      : sql`now()`;
    const [subscription] = await tx
      .insert(chargingSubscriptions)
      .values({
        gsm,
        bundleId,
        titleAr: bundle.titleAr,
        titleEn: bundle.titleEn,
        price: bundle.price,
        startedAt: startsAt,
        endsAt: sql`${startsAt} + make_interval(days => ${bundle.validityDays})`,
        renews,
      })
      .returning({ id: chargingSubscriptions.id });
    if (bundle.allowances.length > 0) {
      await tx.insert(chargingAllowances).values(
        bundle.allowances.map((allowance) => ({
          subscriptionId: subscription!.id,
          kind: allowance.kind,
          unit: allowance.unit,
          total: allowance.unit === "unlimited" ? null : allowance.amount,
        })),
      );
    }
    const [order] = await tx
      .insert(chargingOrders)
      .values({ gsm, idempotencyKey, bundleId, price: bundle.price, subscriptionId: subscription!.id, renews, kind })
      .returning();
    return { id: order!.id, gsm, bundleId, price: order!.price, subscriptionId: order!.subscriptionId, renews, createdAt: order!.createdAt, repeated: false, balance: balanceOf(after!, today()) };
  }

  return {
    driver: "embedded",

    balance: async (gsm) => balanceOf(await ensureLine(gsm), today()),

    activeBundles: (gsm) => subscriptionsOf(db, gsm),

    async latestOrderId(gsm) {
      // Orders of one line are few: the (gsm, idempotency_key) index finds them.
      const [latest] = await db.select({ id: chargingOrders.id }).from(chargingOrders).where(eq(chargingOrders.gsm, gsm)).orderBy(desc(chargingOrders.id)).limit(1);
      return latest ? String(latest.id) : null;
    },

    async activateBundle({ gsm, bundleId, renew, idempotencyKey }): Promise<BundleOrder> {
      await ensureLine(gsm);
      return db.transaction((tx) => placeOrder(tx, { gsm, bundleId, renew, idempotencyKey, kind: "activation" }));
    },

    async renewDue(limit) {
      const outcomes: RenewalOutcome[] = [];
      for (let done = 0; done < limit; done++) {
        const outcome = await db.transaction(async (tx) => {
          // One due subscription, locked by this sweep alone (another instance skips it).
          const [due] = await tx
            .select()
            .from(chargingSubscriptions)
            .where(and(eq(chargingSubscriptions.renews, true), isNull(chargingSubscriptions.renewalHandledAt), lte(chargingSubscriptions.endsAt, sql`now()`)))
            .orderBy(asc(chargingSubscriptions.endsAt))
            .limit(1)
            .for("update", { skipLocked: true });
          if (!due) return null;
          await tx.update(chargingSubscriptions).set({ renewalHandledAt: sql`now()` }).where(eq(chargingSubscriptions.id, due.id));
          const base = { gsm: due.gsm, subscriptionId: due.id, bundleId: due.bundleId, title: { ar: due.titleAr, en: due.titleEn } };
          let result: RenewalOutcome;
          try {
            // A savepoint: a refused renewal undoes its own writes, not the mark that it was handled.
            const order = await tx.transaction((order) =>
              // The key has a `:`, which no client key may (IDEMPOTENCY_KEY_PATTERN): a subscriber cannot take it first.
              placeOrder(order, { gsm: due.gsm, bundleId: due.bundleId, renew: true, idempotencyKey: `renewal:${due.id}`, kind: "renewal", startsAt: due.endsAt }),
            );
            result = { ...base, result: "renewed", order };
          } catch (error) {
            if (!(error instanceof ChargingError)) throw error;
            result = { ...base, result: error.code };
          }
          // The audit row commits with the renewal it describes, or not at all.
          await tx.insert(chargingAudit).values({
            gsm: due.gsm,
            action: "renew-bundle",
            bundleId: due.bundleId,
            subscriptionId: result.order?.subscriptionId ?? due.id,
            orderId: result.order?.id ?? null,
            amount: result.order ? (result.order.repeated ? 0 : result.order.price) : null,
            result: result.result === "renewed" ? (result.order?.repeated ? "repeated" : "completed") : result.result,
          });
          // The subscriber's notice too: told after the commit, as often as it takes (tellRenewalNotices).
          await tx.insert(chargingRenewalNotices).values({
            subscriptionId: due.id,
            result: result.result,
            renewalSubscriptionId: result.order?.subscriptionId ?? null,
            price: result.order?.price ?? null,
          });
          return result;
        });
        if (!outcome) break;
        outcomes.push(outcome);
      }
      return outcomes;
    },

    async tellRenewalNotices(limit, tell) {
      const round: RenewalNoticeRound = { told: 0, refused: 0, givenUp: [] };
      const forget = (subscriptionId: number) => db.delete(chargingRenewalNotices).where(eq(chargingRenewalNotices.subscriptionId, subscriptionId));
      while (round.told + round.refused + round.givenUp.length < limit) {
        // The oldest notice due, taken for one try: the try counted and the next one set in a short transaction of
        // its own, so the SMS goes with no transaction open and another instance leaves the notice alone meanwhile.
        const taken = await db.transaction(async (tx) => {
          const [due] = await tx
            .select({ notice: chargingRenewalNotices, gsm: chargingSubscriptions.gsm, titleAr: chargingSubscriptions.titleAr, titleEn: chargingSubscriptions.titleEn })
            .from(chargingRenewalNotices)
            .innerJoin(chargingSubscriptions, eq(chargingSubscriptions.id, chargingRenewalNotices.subscriptionId))
            .where(lte(chargingRenewalNotices.nextTryAt, sql`now()`))
            .orderBy(asc(chargingRenewalNotices.nextTryAt), asc(chargingRenewalNotices.subscriptionId))
            .limit(1)
            .for("update", { of: chargingRenewalNotices, skipLocked: true });
          if (!due) return null;
          const { notice } = due;
          // Its last try ended without an answer (a `tell` that threw, a process that stopped): given up.
          if (notice.attempts >= RENEWAL_NOTICE_TRIES) {
            await tx.delete(chargingRenewalNotices).where(eq(chargingRenewalNotices.subscriptionId, notice.subscriptionId));
            return { givenUp: notice.subscriptionId };
          }
          const wait = Math.min(RENEWAL_NOTICE_FIRST_WAIT_SECONDS * 2 ** notice.attempts, RENEWAL_NOTICE_MAX_WAIT_SECONDS);
          await tx
            .update(chargingRenewalNotices)
            .set({ attempts: notice.attempts + 1, nextTryAt: sql`now() + make_interval(secs => ${wait}::double precision)` })
            .where(eq(chargingRenewalNotices.subscriptionId, notice.subscriptionId));
          return { due };
        });
        if (!taken) break;
        if (!taken.due) {
          round.givenUp.push(taken.givenUp);
          continue;
        }
        const { notice, gsm, titleAr, titleEn } = taken.due;
        const told = await tell({
          gsm,
          subscriptionId: notice.subscriptionId,
          title: { ar: titleAr, en: titleEn },
          result: notice.result as RenewalOutcome["result"],
          ...(notice.renewalSubscriptionId !== null && notice.price !== null ? { renewal: { subscriptionId: notice.renewalSubscriptionId, price: notice.price } } : {}),
          attempts: notice.attempts,
        });
        if (told) {
          await forget(notice.subscriptionId);
          round.told += 1;
          continue;
        }
        // Refused: it waits for the next try set above, or, refused for the last time, is given up.
        if (notice.attempts + 1 >= RENEWAL_NOTICE_TRIES) {
          await forget(notice.subscriptionId);
          round.givenUp.push(notice.subscriptionId);
        } else {
          round.refused += 1;
        }
        break;
      }
      return round;
    },

    async stopRenewal(gsm, subscriptionId) {
      const changed = await db
        .update(chargingSubscriptions)
        .set({ renews: false, renewalStoppedAt: sql`coalesce(${chargingSubscriptions.renewalStoppedAt}, now())` })
        .where(and(eq(chargingSubscriptions.id, subscriptionId), eq(chargingSubscriptions.gsm, gsm), gt(chargingSubscriptions.endsAt, sql`now()`)))
        .returning({ id: chargingSubscriptions.id });
      if (changed.length === 0) throw new ChargingError("SUBSCRIPTION_NOT_FOUND");
      const [subscription] = await subscriptionsOf(db, gsm, [subscriptionId]);
      return subscription!;
    },

    redeemVoucher: (gsm, secret) => redeemEmbeddedVoucher(db, gsm, secret, today(), voucherHashKey),

    usageByDay: (gsm, period) => embeddedUsageByDay(db, gsm, period),

    usageRecords: (gsm, period, page) => embeddedUsageRecords(db, gsm, period, page),

    async close() {},
  };
}
