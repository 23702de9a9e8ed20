// The charging port (ARCHITECTURE.md, issue 16): what the operator's charging and billing systems (the BSS)
// know about a line's money and bundles, and the orders that change them. One interface, two drivers:
// the embedded one keeps it in our PostgreSQL (server/charging/embedded.ts); a TM Forum driver (part 2 of
// issue 16) maps the same methods to TMF654 (balance), TMF637 (inventory: active bundles), TMF622
// (ordering) and TMF635 (usage). What a page shows about a line's money comes from here, never from data
// generated to look real. The rules that hold whatever the driver (ownership, audit, the SMS) are in
// server/charging/service.ts; the rules of one order (the line is active, the price is the catalogue's,
// the money suffices, the key makes it once) are the driver's, enforced where the money is.
import { AppError, type ErrorDetails } from "../edge/app-error.ts";

export type LinePlan = "prepaid" | "postpaid";

/** A line's money. Prepaid: main balance and its validity; postpaid: unbilled amount and credit limit. */
export type LineBalance =
  | { gsm: string; plan: "prepaid"; mainBalance: number; /** yyyy-mm-dd, or null when the line never had a top-up */ validUntil: string | null }
  | { gsm: string; plan: "postpaid"; unbilled: number; creditLimit: number };

/** What a line may still spend on a bundle: the main balance, or the credit left under the limit. */
export function spendable(balance: LineBalance): number {
  return balance.plan === "prepaid" ? balance.mainBalance : Math.max(0, balance.creditLimit - balance.unbilled);
}

export type AllowanceKind = "data" | "voice" | "sms";
export type AllowanceUnit = "GB" | "MB" | "min" | "sms" | "unlimited";

export interface Allowance {
  kind: AllowanceKind;
  unit: AllowanceUnit;
  /** What the bundle includes, in `unit`; null when unlimited. */
  total: number | null;
  /** What is left, in `unit`; null when unlimited. */
  remaining: number | null;
}

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

export interface ChargingPort {
  /** "embedded" for the built-in driver. */
  readonly driver: string;
  balance(gsm: string): Promise<LineBalance>;
  /** Bundles active now (not past their end), soonest end first. */
  activeBundles(gsm: string): Promise<BundleSubscription[]>;
  /**
   * Buys a catalogue bundle for the line, at once and at most once per (gsm, idempotencyKey):
   * refuses with ChargingError LINE_DEACTIVATED, BUNDLE_NOT_FOUND, BUNDLE_NOT_ELIGIBLE, INSUFFICIENT_BALANCE
   * or IDEMPOTENCY_KEY_REUSED (the key of an order of another bundle).
   */
  activateBundle(order: BundleOrderRequest): Promise<BundleOrder>;
  /** The subscription will not be bought again at its end (done again: no change); SUBSCRIPTION_NOT_FOUND otherwise. */
  stopRenewal(gsm: string, subscriptionId: number): Promise<BundleSubscription>;
  // Part 2 of issue 16 adds here: redeemVoucher(gsm, voucher) (TMF654 top-up) and usage(gsm, period) (TMF635).
  close(): Promise<void>;
}

export type ChargingErrorCode =
  | "NOT_YOUR_NUMBER" // 403: a gsm the session does not own; nothing changes
  | "LINE_DEACTIVATED" // 409: the line is deactivated (hotline): nothing can be bought for it
  | "BUNDLE_NOT_FOUND" // 404: no such bundle in the catalogue
  | "BUNDLE_NOT_ELIGIBLE" // 409: the bundle is not sold to this line's plan (prepaid / postpaid)
  | "INSUFFICIENT_BALANCE" // 409: the money left is less than the price; nothing is charged
  | "IDEMPOTENCY_KEY_REUSED" // 409: the key already ordered another bundle for this line
  | "SUBSCRIPTION_NOT_FOUND"; // 404: no active bundle of this line with that id

export const CHARGING_ERROR_STATUS: Record<ChargingErrorCode, 403 | 404 | 409> = {
  NOT_YOUR_NUMBER: 403,
  LINE_DEACTIVATED: 409,
  BUNDLE_NOT_FOUND: 404,
  BUNDLE_NOT_ELIGIBLE: 409,
  INSUFFICIENT_BALANCE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  SUBSCRIPTION_NOT_FOUND: 404,
};

/** A refusal of charging. Its message is the catalog key `charging.errors.<code>`. */
export class ChargingError extends AppError {
  declare readonly code: ChargingErrorCode;
  constructor(code: ChargingErrorCode, details: ErrorDetails = {}) {
    super("charging", code, CHARGING_ERROR_STATUS[code], details);
    this.name = "ChargingError";
  }
}
