// The charging port (ARCHITECTURE.md, issue 16): what the operator's charging and billing systems (the BSS)
// know about a line's money and bundles, and the orders that change them. One interface, two drivers:
// the embedded one keeps it in our PostgreSQL (server/charging/embedded.ts); a TM Forum driver (part 2 of
// issue 16, server/charging/tmf.ts) maps the same methods to TMF654 (balance), TMF637 (inventory: active bundles), TMF622
// (ordering) and TMF635 (usage). What a page shows about a line's money comes from here, never from data
// generated to look real. The rules that hold whatever the driver (ownership, audit, the SMS) are in
// server/charging/service.ts; the rules of one order (the line is active, the price is the catalogue's,
// the money suffices, the key makes it once) are the driver's, enforced where the money is.
import { AppError, type ErrorDetails } from "../edge/app-error.ts";

export type LinePlan = "prepaid" | "postpaid";

/** A line's money. Prepaid: main balance and its validity; postpaid: unbilled amount and credit limit. */
export type LineBalance =
  | {
      gsm: string;
      plan: "prepaid";
      mainBalance: number;
      /** yyyy-mm-dd (the last valid day), or null when the line never had a top-up */
      validUntil: string | null;
      /**
       * validUntil is before today in the operator's time zone: the balance is kept, but nothing can be
       * bought with it (BALANCE_EXPIRED) until a top-up extends the validity.
       */
      expired: boolean;
    }
  | { gsm: string; plan: "postpaid"; unbilled: number; creditLimit: number };

/** What a line may still spend on a bundle: the valid main balance, or the credit left under the limit. */
export function spendable(balance: LineBalance): number {
  if (balance.plan === "prepaid") return balance.expired ? 0 : balance.mainBalance;
  return Math.max(0, balance.creditLimit - balance.unbilled);
}

/** Tries of a renewal notice before it is given up: a minute apart, then doubling up to an hour (about six hours in all). */
export const RENEWAL_NOTICE_TRIES = 12;
/** Seconds before the second try of a refused renewal notice; each later wait doubles, up to RENEWAL_NOTICE_MAX_WAIT_SECONDS. */
export const RENEWAL_NOTICE_FIRST_WAIT_SECONDS = 60;
export const RENEWAL_NOTICE_MAX_WAIT_SECONDS = 3600;

/** Whether a prepaid validity (its last valid day, yyyy-mm-dd) has passed on `today` (yyyy-mm-dd, same zone). */
export const validityPassed = (validUntil: string | null, today: string): boolean => validUntil !== null && validUntil < today;

export type AllowanceKind = "data" | "voice" | "sms";
/** A unit an allowance is counted in (each said by the catalog's plural `bundles.units.<unit>`). */
export type CountedUnit = "GB" | "MB" | "min" | "sms";
export type AllowanceUnit = CountedUnit | "unlimited";

/** What a bundle includes of one kind: an amount in a counted unit, or unlimited (no amount). */
export type Allowance =
  | {
      kind: AllowanceKind;
      unit: CountedUnit;
      /** What the bundle includes, in `unit`. */
      total: number;
      /** What is left, in `unit`. */
      remaining: number;
    }
  | { kind: AllowanceKind; unit: "unlimited"; total: null; remaining: null };

/** A bundle a line has (a TMF637 product in its inventory). */
export interface BundleSubscription {
  id: number;
  /** The catalogue bundle it was bought as. */
  bundleId: number;
  title: { ar: string; en: string };
  price: number;
  startedAt: Date;
  endsAt: Date;
  /** Bought again at its end until renewal is stopped. */
  renews: boolean;
  allowances: Allowance[];
}

export interface BundleOrderRequest {
  gsm: string;
  /** The catalogue bundle (server/content: the bundles table); the driver maps it to its own offering. */
  bundleId: number;
  /** The subscriber's renewal choice; a bundle the catalogue sells once never renews. */
  renew: boolean;
  /** The client's key of this order: asking again with it answers the same order and charges nothing. */
  idempotencyKey: string;
}

/** A completed bundle order (a TMF622 product order). */
export interface BundleOrder {
  id: number;
  gsm: string;
  bundleId: number;
  price: number;
  subscriptionId: number;
  renews: boolean;
  createdAt: Date;
  /** True when this answer is an earlier order of the same key (nothing was charged this time). */
  repeated: boolean;
  /** The line's money right after this answer. */
  balance: LineBalance;
}

/** What the renewal of one ended subscription came to. */
export interface RenewalOutcome {
  gsm: string;
  /** The ended subscription. */
  subscriptionId: number;
  bundleId: number;
  title: { ar: string; en: string };
  /** "renewed", or the refusal's code (INSUFFICIENT_BALANCE, BALANCE_EXPIRED, LINE_DEACTIVATED, BUNDLE_NOT_FOUND, …). */
  result: "renewed" | ChargingErrorCode;
  /** The renewal's order when renewed. */
  order?: BundleOrder;
}

/** A renewal whose subscriber is still to be told (kept by a driver that renews, until told). */
export interface RenewalNotice {
  gsm: string;
  /** The ended subscription. */
  subscriptionId: number;
  title: { ar: string; en: string };
  result: RenewalOutcome["result"];
  /** The new subscription and what it cost, when renewed. */
  renewal?: { subscriptionId: number; price: number };
  /** Tries before this one. */
  attempts: number;
}

/** What one round of telling renewal notices came to. */
export interface RenewalNoticeRound {
  told: number;
  /** Not taken by the SMS gateway: kept for a later try. */
  refused: number;
  /** The subscriptions whose notice was refused for the last time: no longer tried. */
  givenUp: number[];
}

/** A completed voucher top-up. */
export interface VoucherTopUp {
  id: number;
  gsm: string;
  amount: number;
  /** The voucher's printed serial (not secret). */
  voucherSerial: string;
  createdAt: Date;
  /** The line's money right after the credit (validity extended). */
  balance: LineBalance;
  /**
   * True when this voucher had already credited this same line (a retry after a lost answer, a double
   * submit): the earlier top-up is answered and nothing is credited again.
   */
  repeated: boolean;
}

export type UsageKind = "data" | "voice" | "sms";

/** Calendar days in the operator's time zone, both inclusive (yyyy-mm-dd). */
export interface UsagePeriod {
  from: string;
  to: string;
  timeZone: string;
}

/** One call, SMS or data session. */
export interface UsageRecord {
  id: string;
  startedAt: Date;
  kind: UsageKind;
  /** data: MB; voice: seconds; sms: messages. */
  amount: number;
  /** The number called or texted, unmasked (the service masks it); null for data. */
  otherParty: string | null;
  /** What it took from the money; 0 when a bundle covered it. */
  cost: number;
}

/** One day's usage: data MB, voice seconds, sms messages, and what they cost. Days without usage are absent. */
export interface UsageDay {
  day: string;
  data: number;
  voice: number;
  sms: number;
  cost: number;
}

/** One page of usage records. */
export interface UsagePage {
  records: UsageRecord[];
  /** Records of the period in the charging system. */
  total: number;
  /**
   * Records of the charging system this page went through: the next page starts this much further. At least
   * records.length; more when the driver leaves out records of kinds it does not show.
   */
  consumed: number;
}

export interface ChargingPort {
  /** "embedded" for the built-in driver. */
  readonly driver: string;
  balance(gsm: string): Promise<LineBalance>;
  /** Bundles active now (not past their end), soonest end first. */
  activeBundles(gsm: string): Promise<BundleSubscription[]>;
  /**
   * Buys a catalogue bundle for the line, at once and at most once per (gsm, idempotencyKey):
   * refuses with ChargingError LINE_DEACTIVATED, BUNDLE_NOT_FOUND, BUNDLE_NOT_ELIGIBLE, BALANCE_EXPIRED (a
   * prepaid balance past its validity), INSUFFICIENT_BALANCE or IDEMPOTENCY_KEY_REUSED (the key of an order of another bundle).
   */
  activateBundle(order: BundleOrderRequest): Promise<BundleOrder>;
  /**
   * The id of the line's latest completed bundle order (a renewal too), null before its first: it changes
   * when an order of the line completes and not otherwise, so the key of a confirmation the site shows
   * (server/charging/order-key.ts) stays the same until the line has bought something.
   */
  latestOrderId(gsm: string): Promise<string | null>;
  /**
   * Drivers whose charging system does not renew bundles by itself (the embedded one) renew here the
   * subscriptions whose end has come and that still renew: each once (whichever instance runs it), bought
   * again by the order's rules (a renewal refused for money, validity or a deactivated line ends the
   * bundle), its audit row written with it. Up to `limit` subscriptions per call. A BSS renews its own.
   */
  renewDue?(limit: number): Promise<RenewalOutcome[]>;
  /**
   * A driver that renews here keeps, in each renewal's own transaction, a notice for its subscriber, and hands the
   * notices due to `tell`, oldest first, up to `limit`. Each try is counted, and the notice's next try set (a minute,
   * then doubling, up to an hour later), before `tell` runs: another instance leaves it alone meanwhile, and no
   * transaction stays open while the SMS goes. It is forgotten when `tell` answers true; when it answers false (the
   * gateway did not take the text) it waits for its next try, or is given up after RENEWAL_NOTICE_TRIES, and the round
   * ends, since the gateway is likely away. A `tell` that throws ends the round with its error, its try counted. At
   * least once: a process that stops between the gateway's answer and the delete tells again at the next try.
   */
  tellRenewalNotices?(limit: number, tell: (notice: RenewalNotice) => Promise<boolean>): Promise<RenewalNoticeRound>;
  /** The subscription will not be bought again at its end (done again: no change); SUBSCRIPTION_NOT_FOUND otherwise. */
  stopRenewal(gsm: string, subscriptionId: number): Promise<BundleSubscription>;
  /**
   * Credits a prepaid line with a scratch-card voucher (TMF654 topupBalance), at most once per voucher
   * whatever runs in parallel: refuses with ChargingError VOUCHER_INVALID (no such voucher, used, void or
   * expired: one answer, so a guesser learns nothing), VOUCHER_NOT_ELIGIBLE (a postpaid line) or
   * LINE_DEACTIVATED. A voucher that already credited this same line answers that top-up again (`repeated`).
   * `secret` is the 14 ASCII digits. The tries of a line are counted by the service
   * before this is called (server/charging/vouchers.ts), whatever the driver.
   */
  redeemVoucher(gsm: string, secret: string): Promise<VoucherTopUp>;
  /** Usage by calendar day (in `timeZone`) and kind between two days inclusive (TMF635, summed). */
  usageByDay(gsm: string, period: UsagePeriod): Promise<UsageDay[]>;
  /** Usage records between two days inclusive, newest first, one page (TMF635 usage). */
  usageRecords(gsm: string, period: UsagePeriod, page: { offset: number; limit: number }): Promise<UsagePage>;
  close(): Promise<void>;
}

export type ChargingErrorCode =
  | "NOT_YOUR_NUMBER" // 403: a gsm the session does not own; nothing changes
  | "LINE_DEACTIVATED" // 409: the line is deactivated (hotline): nothing can be bought for it
  | "BUNDLE_NOT_FOUND" // 404: no such bundle in the catalogue
  | "BUNDLE_NOT_ELIGIBLE" // 409: the bundle is not sold to this line's plan (prepaid / postpaid)
  | "INSUFFICIENT_BALANCE" // 409: the money left is less than the price; nothing is charged
  | "IDEMPOTENCY_KEY_REUSED" // 409: the key already ordered another bundle for this line
  | "SUBSCRIPTION_NOT_FOUND" // 404: no active bundle of this line with that id
  | "BALANCE_EXPIRED" // 409: the prepaid balance is past its validity: a top-up makes it usable again
  | "VOUCHER_INVALID" // 400: no such voucher, or used, void or expired (one answer for all)
  | "VOUCHER_NOT_ELIGIBLE" // 409: vouchers top up prepaid lines; a postpaid bill is paid otherwise
  | "VOUCHER_LOCKED" // 429: too many wrong vouchers for this line (or from this client): try later
  | "CHARGING_UNAVAILABLE"; // 503: the charging system (BSS) does not answer now

export const CHARGING_ERROR_STATUS: Record<ChargingErrorCode, 400 | 403 | 404 | 409 | 429 | 503> = {
  NOT_YOUR_NUMBER: 403,
  LINE_DEACTIVATED: 409,
  BUNDLE_NOT_FOUND: 404,
  BUNDLE_NOT_ELIGIBLE: 409,
  INSUFFICIENT_BALANCE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  SUBSCRIPTION_NOT_FOUND: 404,
  BALANCE_EXPIRED: 409,
  VOUCHER_INVALID: 400,
  VOUCHER_NOT_ELIGIBLE: 409,
  VOUCHER_LOCKED: 429,
  CHARGING_UNAVAILABLE: 503,
};

/** A refusal of charging. Its message is the catalog key `charging.errors.<code>`. */
export class ChargingError extends AppError {
  declare readonly code: ChargingErrorCode;
  constructor(
    code: ChargingErrorCode,
    details: ErrorDetails = {},
    /**
     * CHARGING_UNAVAILABLE: false when the request never left for the charging system (the circuit breaker
     * was open), so it cannot have done anything; true when it may have (a timeout, a lost answer).
     */
    readonly mayHaveReached = true,
  ) {
    super("charging", code, CHARGING_ERROR_STATUS[code], details, `charging.errors.${code}`);
    this.name = "ChargingError";
  }
}
