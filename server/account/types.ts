// The contract of the accounts capability: what server/account/service.ts offers to the spec API
// (server/account/api.ts) and to the web UI's loaders and actions (app/), and the errors it raises.
import type { Language } from "../../common/language.ts";
import { AppError, type ErrorDetails } from "../edge/app-error.ts";
import type { FeatureKey, LineState } from "../line-features/types.ts";

/** What a one-time code is for; a code only ever verifies for its own (number, purpose). */
export type CodePurpose = "login" | "register" | "add-number" | "service-password";

/** Facts of the asking request that the rules need. */
export interface RequestOrigin {
  /** The client's IP: the socket's, or X-Forwarded-For's only behind a configured trusted proxy. */
  clientIp: string;
  /** Language of the SMS text and of nothing else (messages are translated where they are shown). */
  language: Language;
  userAgent?: string;
}

export interface CodeSent {
  gsm: string;
  purpose: CodePurpose;
  /** Seconds until a resend is accepted (the spec's 120-second countdown). */
  resendAfterSeconds: number;
  /** Seconds until the code expires (5 minutes). */
  expiresInSeconds: number;
}

export interface SignedIn {
  /** The session token, 256 random bits, base64url; only its hash is stored. */
  token: string;
  gsm: string;
  accountId: number;
  sessionId: number;
  /** True when this sign-in created the account (registration). */
  registered: boolean;
}

export interface NumberItem {
  gsm: string;
}

export interface ActiveBundle {
  id: string;
  name: string;
  /** What is left, e.g. "3.2 GB of 10 GB", already in the asked language. */
  remaining: string;
  /** yyyy-mm-dd */
  expiresOn: string;
}

/** A line feature that is on (server/line-features/catalog.ts), as the profile lists it. */
export interface ActiveService {
  id: FeatureKey;
  /** The feature's name, as its screen shows it. */
  name: string;
  /** yyyy-mm-dd, in the operator's time zone: the day its main switch went on. */
  since: string;
}

export interface Profile {
  gsm: string;
  /** The subscriber's name from the network port (spec §7 profile: data.name). */
  name: string;
  lineType: "prepaid" | "postpaid";
  /** Balance in the configured currency (prepaid), or null. */
  balance: number | null;
  gender: 0 | 1 | null;
  cityId: number | null;
  jobId: number | null;
  /** yyyy-mm-dd */
  birthDate: string | null;
  address: string | null;
  email: string | null;
  activeBundles: ActiveBundle[];
  activeServices: ActiveService[];
  /** The line's state on the network (the profile page says when it is deactivated; not an answer of the spec API). */
  lineState: LineState;
}

export type AccountErrorCode =
  | "NUMBER_INVALID" // 400: not a number of the operator's ranges
  | "CODE_INVALID" // 400: wrong, expired, used or voided code, or a ciphertext that does not decrypt to number#code
  | "NO_PENDING_CODE" // 400: resend with no code requested for that number
  | "NO_ACCOUNT" // 404: login2 for a number with no account (the message invites registration)
  | "ACCOUNT_EXISTS" // 409: signup2 for a number that already has an account
  | "NUMBER_TAKEN" // 409: add-number of a number that already belongs to an account
  | "RESEND_TOO_SOON" // 429 + retryAfterSeconds
  | "RATE_LIMITED" // 429 + retryAfterSeconds: too many codes for the number or the IP
  | "NUMBER_LOCKED" // 429 + retryAfterSeconds: too many wrong codes
  | "NOT_YOUR_NUMBER" // 403: a gsm the session does not own
  | "SESSION_EXPIRED" // 401
  | "VALIDATION" // 400 with fieldErrors (catalog keys per field)
  | "SMS_UNAVAILABLE"; // 503: the gateway failed; no code was consumed

export const ACCOUNT_ERROR_STATUS: Record<AccountErrorCode, 400 | 401 | 403 | 404 | 409 | 429 | 503> = {
  NUMBER_INVALID: 400,
  CODE_INVALID: 400,
  NO_PENDING_CODE: 400,
  NO_ACCOUNT: 404,
  ACCOUNT_EXISTS: 409,
  NUMBER_TAKEN: 409,
  RESEND_TOO_SOON: 429,
  RATE_LIMITED: 429,
  NUMBER_LOCKED: 429,
  NOT_YOUR_NUMBER: 403,
  SESSION_EXPIRED: 401,
  VALIDATION: 400,
  SMS_UNAVAILABLE: 503,
};

/** A refusal by a rule of the accounts feature. Its message is the catalog key `account.errors.<code>`. */
export class AccountError extends AppError {
  declare readonly code: AccountErrorCode;
  constructor(code: AccountErrorCode, details: ErrorDetails = {}) {
    super("account", code, ACCOUNT_ERROR_STATUS[code], details, `account.errors.${code}`);
    this.name = "AccountError";
  }
}
