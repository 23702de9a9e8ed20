// The one error type of the service: a refusal with a namespace (whose catalog holds its message), a
// machine code, an HTTP status and details (field errors as catalog keys, a wait in seconds). Feature code
// throws it (through its own small subclass that knows its codes' statuses); the edge turns it into an
// API envelope or a page answer (server/edge/failure.ts). Anything that is not an AppError is not a
// refusal: it reaches the one handler as it is (503 while a dependency is away, 500 otherwise).
import type { z } from "zod";
import { fieldErrorsOf } from "../../common/field-errors.ts";
import type { PlainKey } from "../../common/message-key.ts";

export type ErrorNamespace = "api" | "account" | "lineFeatures" | "reservation" | "feedback" | "charging" | "console";

export interface ErrorDetails {
  retryAfterSeconds?: number;
  /** Field path (`customerState.0.number`) → catalog keys of its messages. */
  fieldErrors?: Record<string, string[]>;
  /** Values of the message's `{{placeholders}}` (the console's "already handled by {{name}}", the file and item of a refused content import). */
  messageValues?: Record<string, string | number>;
}

export class AppError extends Error {
  constructor(
    readonly namespace: ErrorNamespace,
    readonly code: string,
    readonly httpStatus: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    readonly details: ErrorDetails,
    /** The catalog key of the message: `<namespace>.errors.<code>` for a feature's refusals. */
    readonly messageKey: PlainKey,
  ) {
    super(`${namespace}.${code}`);
    this.name = "AppError";
  }
}

/** Refusals of the edge itself (the request, not a rule of a feature), with the api catalog's messages. */
export const edgeError = {
  badRequest: (fieldErrors?: Record<string, string[]>) => new AppError("api", "BAD_REQUEST", 400, fieldErrors ? { fieldErrors } : {}, "api.badRequest"),
  tooLarge: (messageKey: PlainKey = "api.tooLarge") => new AppError("api", "PAYLOAD_TOO_LARGE", 413, {}, messageKey),
  unsupportedType: () => new AppError("api", "UNSUPPORTED_MEDIA_TYPE", 415, {}, "api.unsupportedType"),
  crossSite: () => new AppError("api", "FORBIDDEN", 403, {}, "account.crossSiteRefused"),
  sessionExpired: () => new AppError("account", "SESSION_EXPIRED", 401, {}, "account.errors.SESSION_EXPIRED"),
  notFound: () => new AppError("api", "NOT_FOUND", 404, {}, "api.notFound"),
};

export { fieldErrorsOf };

/**
 * Checks `input` with the schema of common/ for this request; a refusal is a 400 naming each field
 * (`refusal` gives a capability's own 400, e.g. the profile's VALIDATION).
 */
export function validate<T extends z.ZodType>(schema: T, input: unknown, refusal: (fieldErrors: Record<string, string[]>) => AppError = edgeError.badRequest): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw refusal(fieldErrorsOf(parsed.error.issues));
}
