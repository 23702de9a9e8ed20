// The contract of the line-features capability (step 3): what server/line-features/*.ts offer to the
// spec API (server/line-features/api.ts) and to the web UI (app/line-features/), and the errors they raise.
// Shapes follow spec §3 (feature, call-forward option, auto-reply, caller record) and §7.
import { AppError, type ErrorDetails } from "../edge/app-error.ts";

/** The features whose state the network keeps as a main switch plus typed options. */
export type FeatureKey = "call-forward" | "super-clip" | "call-barring";

/** Spec §3 customerState entry. Call forwarding options carry the target number ("" when none). */
export interface FeatureOption {
  /** Call forward and super clip: 0 all, 1 busy, 2 no answer, 3 unreachable (OPTION_TYPES).
   *  Call barring: see BARRING_TYPES in common/call-barring.ts. */
  type: number;
  state: 0 | 1;
  number?: string;
}

/** What …/show answers in `data` (spec §7: title, description, price, serviceState, customerState). */
export interface FeatureView {
  title: string;
  description: string;
  /** 0 shows as free (UI), otherwise the price with the configured currency suffix. */
  price: number;
  serviceState: 0 | 1;
  customerState: FeatureOption[];
  /** Call barring only: when an active bar ends by itself (ISO 8601), else null. */
  endsAt?: string | null;
  /** A deactivated line (hotline) shows as such and its features cannot be changed. */
  lineState: LineState;
}

/** What …/activate takes: the main switch and the options (validated by the schemas of common/line-features.ts and common/call-barring.ts). */
export interface FeatureUpdate {
  serviceState: 0 | 1;
  customerState: FeatureOption[];
}

/** Spec §3 auto-reply. */
export interface AutoReply {
  generalMessage: string;
  others: { message: string; numbers: string[] }[];
}

/** Spec §3 caller record; `date` is ISO 8601 (the UI writes it in the page's language). */
export interface CallerRecord {
  number: string;
  date: string;
}

/** myCallers/show answers `data: {data: CallerRecord[], page, size, total}` (ARCHITECTURE.md). */
export interface CallerPage {
  data: CallerRecord[];
  page: number;
  size: number;
  total: number;
}

export interface CallerFilter {
  /** "" for every caller, else a line-feature number (09 + 8 digits). */
  gsmFilter: string;
  /** CALLER_PERIODS id 0–4. */
  dateFilterType: number;
  /** From 0. */
  page: number;
}

export type LineState = "active" | "deactivated";

/** One of the account's numbers on the hotline screen. */
export interface HotlineLine {
  gsm: string;
  state: LineState;
  /** Whether a service password is set for this number (needed to deactivate or reactivate). */
  hasServicePassword: boolean;
  /** When the line was last deactivated or reactivated (ISO 8601), or null. */
  stateChangedAt: string | null;
}

/** Who changes something, for the audit table. */
export interface Actor {
  accountId: number;
  sessionId: number;
  clientIp: string;
}

export type LineFeatureErrorCode =
  | "NOT_YOUR_NUMBER" // 403: a gsm the session does not own; nothing changes
  | "VALIDATION" // 400 with fieldErrors: bad index, unknown type, too many options, over-long message, invalid or duplicated number
  | "LINE_DEACTIVATED" // 409: the line is deactivated (hotline); its features cannot change until reactivated
  | "HOTLINE_PROOF_WRONG" // 400: the national ID or the service password is not right (one answer for both)
  | "PASSWORD_NOT_SET" // 409: no service password yet for this number
  | "PASSWORD_LOCKED" // 429 + retryAfterSeconds: 5 failures lock the hotline of the number
  | "ALREADY_IN_STATE"; // 409: deactivating a deactivated line, or reactivating an active one

export const LINE_FEATURE_ERROR_STATUS: Record<LineFeatureErrorCode, 400 | 403 | 409 | 429> = {
  NOT_YOUR_NUMBER: 403,
  VALIDATION: 400,
  LINE_DEACTIVATED: 409,
  HOTLINE_PROOF_WRONG: 400,
  PASSWORD_NOT_SET: 409,
  PASSWORD_LOCKED: 429,
  ALREADY_IN_STATE: 409,
};

/** A refusal by a rule of the line features. Its message is the catalog key `lineFeatures.errors.<code>`. */
export class LineFeatureError extends AppError {
  declare readonly code: LineFeatureErrorCode;
  constructor(code: LineFeatureErrorCode, details: ErrorDetails = {}) {
    super("lineFeatures", code, LINE_FEATURE_ERROR_STATUS[code], details, `lineFeatures.errors.${code}`);
    this.name = "LineFeatureError";
  }
}
