// The refusals of the operator's console, each with its status; the message is `console.errors.<code>`.
import { AppError, type ErrorDetails } from "../edge/app-error.ts";

export type ConsoleErrorCode =
  | "LOGIN_FAILED" // 400: e-mail, password or code wrong, account locked or disabled: one answer for all
  | "LOGIN_RATE_LIMITED" // 429: too many logins from this client
  | "ENROLMENT_INVALID" // 404: the enrolment link is unknown, used or expired
  | "CODE_WRONG" // 400: the authenticator code of the enrolment does not match
  | "CURRENT_PASSWORD_WRONG" // 400: a reset second factor's link: the account's own password is wrong (or it is locked)
  | "ROLE_REQUIRED" // 403: the staff member lacks the role this page needs
  | "STAFF_NOT_FOUND" // 404: no such staff account
  | "EMAIL_TAKEN" // 409: a staff account already has this e-mail
  | "OWN_ACCOUNT" // 403: an admin cannot disable, reset or demote their own account
  | "LAST_ADMIN" // 403: the change would leave the console without an enabled admin
  | "CENTRE_UNKNOWN" // 400: a centre agent's centre id is no service centre
  | "FEEDBACK_NOT_FOUND" // 404: no feedback message has this reference
  | "NO_ATTACHMENT" // 404: the message has no attachment (or its file is gone)
  | "FEEDBACK_HANDLED" // 409: someone marked the message handled first (the message names them)
  | "RESERVATION_NOT_AT_YOUR_CENTRES" // 403: outside the agent's cities, or unknown (one answer: whether it exists elsewhere is not told)
  | "RESERVATION_EXPIRED" // 409: the hold ran out before it was collected
  | "RESERVATION_COLLECTED" // 409: the SIM was already collected
  | "RESERVATION_CANCELLED" // 409: the hold was cancelled
  | "CONTENT_UPLOAD_TYPE" // 415: the upload is neither a zip archive nor a content .json file
  | "CONTENT_ARCHIVE_BROKEN" // 400: the zip archive cannot be read
  | "CONTENT_ARCHIVE_TOO_LARGE" // 413: too many entries, or too much once unpacked (a zip bomb)
  | "CONTENT_FILE_UNKNOWN" // 400: a file whose name is not one of content/ (values: file)
  | "CONTENT_BUSY" // 409: another change to the same item was published at the same moment
  | "CONTENT_FILE_INVALID" // 400: a file, item or field the schema (or the database) refuses (values: file, item, field, detail)
  | "MEDIA_TYPE" // 415: not a JPEG, PNG or WebP image, judged by its bytes
  | "MEDIA_TOO_LARGE" // 413: more bytes or pixels than an upload may have
  | "MEDIA_BROKEN" // 400: the image cannot be decoded
  | "CONTENT_NOT_FOUND" // 404: no such content kind, item or revision
  | "CONTENT_INVALID" // 400: the item fails its kind's schema (the same as content:load's)
  | "CONTENT_KEY_TAKEN" // 409: a new item's key is already an item's
  | "CONTENT_STATE_CHANGED" // 409: the revision is no longer in a state this change applies to
  | "CONTENT_IN_USE" // 409: something still names the item (a bundle its category, a reservation its city)
  | "CONTENT_REFERENCE_MISSING" // 409: the item names a row that does not exist (a category, a city)
  | "CONTENT_END_NOT_ALLOWED" // 400: only offers and news end at a time
  | "CONTENT_TIME_INVALID"; // 400: a start in the past or an end before the start

export const CONSOLE_ERROR_STATUS: Record<ConsoleErrorCode, 400 | 403 | 404 | 409 | 413 | 415 | 429> = {
  LOGIN_FAILED: 400,
  LOGIN_RATE_LIMITED: 429,
  ENROLMENT_INVALID: 404,
  CODE_WRONG: 400,
  CURRENT_PASSWORD_WRONG: 400,
  ROLE_REQUIRED: 403,
  STAFF_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  OWN_ACCOUNT: 403,
  LAST_ADMIN: 403,
  CENTRE_UNKNOWN: 400,
  FEEDBACK_NOT_FOUND: 404,
  NO_ATTACHMENT: 404,
  FEEDBACK_HANDLED: 409,
  RESERVATION_NOT_AT_YOUR_CENTRES: 403,
  RESERVATION_EXPIRED: 409,
  RESERVATION_COLLECTED: 409,
  RESERVATION_CANCELLED: 409,
  CONTENT_UPLOAD_TYPE: 415,
  CONTENT_ARCHIVE_BROKEN: 400,
  CONTENT_ARCHIVE_TOO_LARGE: 413,
  CONTENT_FILE_UNKNOWN: 400,
  CONTENT_BUSY: 409,
  CONTENT_FILE_INVALID: 400,
  MEDIA_TYPE: 415,
  MEDIA_TOO_LARGE: 413,
  MEDIA_BROKEN: 400,
  CONTENT_NOT_FOUND: 404,
  CONTENT_INVALID: 400,
  CONTENT_KEY_TAKEN: 409,
  CONTENT_STATE_CHANGED: 409,
  CONTENT_IN_USE: 409,
  CONTENT_REFERENCE_MISSING: 409,
  CONTENT_END_NOT_ALLOWED: 400,
  CONTENT_TIME_INVALID: 400,
};

export class ConsoleError extends AppError {
  declare readonly code: ConsoleErrorCode;
  constructor(code: ConsoleErrorCode, details: ErrorDetails = {}) {
    super("console", code, CONSOLE_ERROR_STATUS[code], details, `console.errors.${code}`);
    this.name = "ConsoleError";
  }
}
