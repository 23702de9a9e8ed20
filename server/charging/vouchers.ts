// Top-up by voucher (issue 16): the rules that hold whatever the charging driver. Voucher guessing is the
// classic fraud, so every try is counted before a voucher is looked at — per client IP (rate_limit_counters,
// VOUCHER_TRIES_PER_IP_HOUR) and per line (charging_voucher_tries: VOUCHER_MAX_WRONG_PER_LINE_HOUR wrong
// vouchers within the last hour, sliding, lock voucher entry for that line for VOUCHER_LOCK_MINUTES) — and a try keeps its
// count unless the voucher was right or provably not judged (provedNotLookedAt).
// A number the session does not own is refused before anything is counted (403, nothing changes: a
// stranger cannot lock someone else's line). Every try is audited (`voucher-top-up`, never the secret);
// a top-up is confirmed by SMS in the subscriber's language.
import { sql } from "drizzle-orm";
import type { VoucherTopUpInput } from "../../common/charging.ts";
import { formatDate } from "../../common/format.ts";
import type { Language } from "../../common/language.ts";
import { hitLimits, refundLimits, type RateLimit } from "../auth/rate-limit.ts";
import { rateLimitSubject } from "../client-ip.ts";
import type { Db } from "../db/database.ts";
import { loggableMessage } from "../db/errors.ts";
import type { Actor } from "../line-features/types.ts";
import type { AppServices } from "../services.ts";
import { audited } from "./audit.ts";
import { amountText, assertLineOwned, balanceView, notifyBySms, type BalanceView } from "./service.ts";
import { ChargingError, type VoucherTopUp } from "./types.ts";

/** Wrong vouchers of a line count for this long after each was made: the last hour, sliding. */
const LINE_WINDOW_SECONDS = 60 * 60;

/** A try counted against a line. */
type CountedTry = {
  /** When it was counted (its entry in wrong_tries_at). */
  triedAt: string;
  /** The lock this try set (it reached the limit), or null. */
  lockedUntil: string | null;
};

type Executor = Pick<Db, "execute">;
/** charging/vouchers/redeem `data`. */
export interface TopUpView {
  topUpId: number;
  amount: number;
  /** The card's printed serial (not secret). */
  voucherSerial: string;
  /** ISO 8601 */
  createdAt: string;
  /** The line's money right after the credit. */
  balance: BalanceView;
  /** true: this voucher had already credited this line; that top-up is answered, nothing credited again. */
  repeated: boolean;
}

/** Voucher tries a client IP may make per hour: peeked before a body is read, counted with each try. */
export function voucherIpLimit(services: Pick<AppServices, "config">, clientIp: string): RateLimit {
  return { key: `voucher:ip:1h:${rateLimitSubject(clientIp || "unknown")}`, limit: services.config.VOUCHER_TRIES_PER_IP_HOUR, windowSeconds: 60 * 60 };
}

/** The refusal of a client or a line past its voucher tries: 429 with the wait. */
export function voucherEntryLocked(retryAfterSeconds: number): ChargingError {
  return new ChargingError("VOUCHER_LOCKED", { retryAfterSeconds });
}

/**
 * Counts one try of the client and of the line, or none: a locked line is refused and counts nothing, not
 * even against the client (its try never reaches a voucher, so it is no guess; behind an operator's shared
 * address it would otherwise spend the tries of everyone there); a client past its limit is refused and
 * the line's try is not counted either. One transaction, the line's row first and then the client's: a
 * refusal rolls back both, and parallel tries take the rows in the same order.
 */
async function countTry(db: Db, gsm: string, ipLimit: RateLimit, config: AppServices["config"]): Promise<CountedTry> {
  return db.transaction(async (tx) => {
    const counted = await countLineTry(tx, gsm, config);
    const wait = await hitLimits(tx, [ipLimit]);
    if (wait !== null) throw voucherEntryLocked(wait);
    return counted;
  });
}

/**
 * Counts one try of the line, in one statement that also checks the lock: a line whose lock has not ended
 * is refused (nothing counted); otherwise the try's time is added to the line's tries of the last hour
 * (older ones dropped), and the try that makes them reach the limit sets the lock. The statement works on
 * the row as the last try left it (it waits for that row's lock), so parallel tries count exactly and lock
 * once. Answers the try's time and the lock it set, if it did (a lock in the row after it is always this
 * try's: a lock still running refuses).
 */
async function countLineTry(db: Executor, gsm: string, config: AppServices["config"]): Promise<CountedTry> {
  const max = config.VOUCHER_MAX_WRONG_PER_LINE_HOUR;
  const lock = sql`make_interval(mins => ${config.VOUCHER_LOCK_MINUTES})`;
  const lastHour = sql`array(select tried_at from unnest(t.wrong_tries_at) as tried_at where tried_at > now() - make_interval(secs => ${LINE_WINDOW_SECONDS}) order by tried_at)`;
  const counted = await db.execute<CountedTry>(sql`
    insert into charging_voucher_tries as t (gsm, wrong_tries_at, locked_until)
    values (${gsm}, array[now()], case when 1 >= ${max} then now() + ${lock} end)
    on conflict (gsm) do update set
      wrong_tries_at = ${lastHour} || now(),
      locked_until = case when cardinality(${lastHour}) + 1 >= ${max} then now() + ${lock} end
    where t.locked_until is null or t.locked_until <= now()
    returning now()::text as "triedAt", locked_until::text as "lockedUntil"`);
  if (counted.rows[0]) return counted.rows[0];
  // Not counted: the line is locked (the row stayed as it was).
  const [row] = (await db.execute<{ wait: string | null }>(sql`select ceil(extract(epoch from locked_until - now())) as wait from charging_voucher_tries where gsm = ${gsm}`)).rows;
  throw voucherEntryLocked(Math.max(1, Number(row?.wait ?? 1)));
}

/** Takes a counted try back (not a wrong voucher): its time leaves the line's tries, and the lock it set is lifted. */
async function takeBackLineTry(db: Executor, gsm: string, counted: CountedTry): Promise<void> {
  // One entry of that time (two tries of one instant are two entries); none when it has already left the hour.
  const position = sql`array_position(wrong_tries_at, ${counted.triedAt}::timestamptz)`;
  await db.execute(sql`
    update charging_voucher_tries set
      wrong_tries_at = case when ${position} is null then wrong_tries_at else wrong_tries_at[:${position} - 1] || wrong_tries_at[${position} + 1:] end,
      locked_until = case when locked_until = ${counted.lockedUntil}::timestamptz then null else locked_until end
    where gsm = ${gsm}`);
}

/**
 * Whether a refusal proves the voucher was not judged: the line was refused first (postpaid, deactivated),
 * or the request never left for the charging system. Anything else — a wrong voucher, a refusal the BSS
 * named in a way we do not know, a timeout after the request went — keeps the try counted, so no answer of
 * the charging system can be turned into free guesses.
 */
function provedNotLookedAt(error: unknown): boolean {
  if (!(error instanceof ChargingError)) return false;
  if (error.code === "VOUCHER_NOT_ELIGIBLE" || error.code === "LINE_DEACTIVATED") return true;
  return error.code === "CHARGING_UNAVAILABLE" && !error.mayHaveReached;
}

/** Until when voucher entry is locked for the line (ISO 8601), or null. */
export async function voucherEntryLockedUntil(services: AppServices, gsm: string): Promise<string | null> {
  const [row] = (await services.db.execute<{ until: Date | string }>(sql`select locked_until as until from charging_voucher_tries where gsm = ${gsm} and locked_until > now()`)).rows;
  return row ? new Date(row.until).toISOString() : null;
}

/** The top-up page: the line's money and whether voucher entry is locked. */
export async function showTopUp(services: AppServices, accountId: number, gsm: string): Promise<{ balance: BalanceView; lockedUntil: string | null }> {
  await assertLineOwned(services, accountId, gsm);
  const [balance, lockedUntil] = await Promise.all([services.charging.balance(gsm), voucherEntryLockedUntil(services, gsm)]);
  return { balance: balanceView(balance), lockedUntil };
}

/**
 * Tops one of the account's numbers up with a voucher: ownership, then the line's and the client's tries
 * counted (VOUCHER_LOCKED past either, and then neither is counted), then the charging system's redemption (once per voucher, whatever
 * runs in parallel). Audited whatever the answer; a top-up is confirmed by SMS.
 */
export async function topUpByVoucher(services: AppServices, actor: Actor, input: VoucherTopUpInput, language: Language): Promise<TopUpView> {
  const { db, config } = services;
  const { gsm, voucher } = input;
  await assertLineOwned(services, actor.accountId, gsm);
  const ipLimit = voucherIpLimit(services, actor.clientIp);
  const topUp = await audited(
    db,
    { actor, gsm, action: "voucher-top-up" },
    async () => {
      const counted = await countTry(db, gsm, ipLimit, config);
      let voucherLookedAt = true;
      try {
        const done = await services.charging.redeemVoucher(gsm, voucher);
        voucherLookedAt = false; // a right voucher: its try is not a wrong one
        return done;
      } catch (error) {
        voucherLookedAt = !provedNotLookedAt(error);
        throw error;
      } finally {
        // Only a voucher that may have been judged wrong counts; the take-back never hides the answer.
        if (!voucherLookedAt) await Promise.all([takeBackLineTry(db, gsm, counted), refundLimits(db, [ipLimit.key])]).catch((error: unknown) => services.logger.warn({ err: loggableMessage(error) }, "voucher try not taken back"));
      }
    },
    (done) => (done.repeated ? { result: "repeated", facts: { amount: 0 } } : { result: "completed", facts: { amount: done.amount } }),
  );
  if (!topUp.repeated) await confirmTopUpBySms(services, topUp, language);
  return topUpView(topUp);
}

function topUpView(topUp: VoucherTopUp): TopUpView {
  return { topUpId: topUp.id, amount: topUp.amount, voucherSerial: topUp.voucherSerial, createdAt: topUp.createdAt.toISOString(), balance: balanceView(topUp.balance), repeated: topUp.repeated };
}

async function confirmTopUpBySms(services: AppServices, topUp: VoucherTopUp, language: Language): Promise<void> {
  if (topUp.balance.plan !== "prepaid") return;
  await notifyBySms(services, topUp.gsm, "voucher-top-up", language, "charging.sms.toppedUp", {
    amount: amountText(services, language, topUp.amount),
    balance: amountText(services, language, topUp.balance.mainBalance),
    date: topUp.balance.validUntil ? formatDate(language, topUp.balance.validUntil) : "",
  });
}
