// What every failure of a request becomes, for the spec API (the JSON envelope) and for the page actions
// (the JSON answer the screens read): one judgement, two renderings. A refusal (AppError) says its status,
// message and field errors; a database or other dependency that is away is 503 with Retry-After; anything
// else is a 500 whose log line names no value (a query's parameters, a number) and whose answer names
// nothing internal.
import type { Logger } from "pino";
import { HTTPException } from "hono/http-exception";
import type { Language } from "../../common/language.ts";
import { isDatabaseUnavailable, loggableMessage, withoutQueryParameters } from "../db/errors.ts";
import { isMessageKey, translate } from "../i18n.ts";
import { AppError, edgeError } from "./app-error.ts";
import { decodeAnswer } from "./encoding.ts";

/** Seconds a client waits before it tries again while a dependency is away. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

export interface Failure {
  status: number;
  code: string;
  /** The localised message. */
  message: string;
  /** Field → localised messages. */
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

/** A catalog key of a schema or rule, or Zod's own English text (which becomes one localised line). */
export function fieldMessage(language: Language, key: string): string {
  if (/^(validation|account|api|lineFeatures|reservation|feedback|console)\.[A-Za-z0-9_.]+$/.test(key) && isMessageKey(key)) return translate(language, key);
  return translate(language, "api.invalidField");
}

/** Judges a failure once; logs it when it is not a refusal. */
export function describeFailure(error: unknown, language: Language, logger: Pick<Logger, "warn" | "error"> | undefined, onUnavailable?: () => void): Failure {
  // Hono's own refusals (a malformed query the router rejected, a 415 of its validators) are edge refusals.
  const refusal = error instanceof HTTPException && error.status === 415 ? edgeError.unsupportedType() : error;
  if (refusal instanceof AppError) {
    const { fieldErrors } = refusal.details;
    // A refusal that says a dependency is away (503, e.g. the charging system) tells the client when to try again.
    const retryAfterSeconds = refusal.details.retryAfterSeconds ?? (refusal.httpStatus === 503 ? UNAVAILABLE_RETRY_SECONDS : undefined);
    let message = translate(language, refusal.messageKey, { ...refusal.details.messageValues, ...(retryAfterSeconds === undefined ? {} : { seconds: retryAfterSeconds, count: retryAfterSeconds }) });
    if (message === refusal.messageKey) message = translate(language, "api.badRequest");
    return {
      status: refusal.httpStatus,
      code: refusal.code,
      message,
      ...(fieldErrors ? { fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([field, keys]) => [field, keys.map((key) => fieldMessage(language, key))])) } : {}),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
  }
  if (isDatabaseUnavailable(error)) {
    onUnavailable?.();
    logger?.warn({ err: loggableMessage(error) }, "database unavailable: answered 503");
    return unavailableFailure(language);
  }
  const failed = error instanceof Error ? error : new Error(String(error));
  logger?.error({ err: { message: loggableMessage(failed), stack: withoutQueryParameters(failed.stack ?? "") } }, "unhandled error");
  return { status: 500, code: "INTERNAL", message: translate(language, "api.internal") };
}

/** The 503 of a dependency that is away. */
export function unavailableFailure(language: Language): Failure {
  return { status: 503, code: "SERVICE_UNAVAILABLE", message: translate(language, "api.unavailable"), retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS };
}

/** Headers of a failure answer (the wait of a 429 or 503). */
export function failureHeaders(failure: Failure): Record<string, string> {
  return { "Cache-Control": "no-store", ...(failure.retryAfterSeconds === undefined ? {} : { "Retry-After": String(failure.retryAfterSeconds) }) };
}

/** The spec API's failure envelope (ARCHITECTURE.md). */
export function apiFailureBody(failure: Failure) {
  return { status: 0 as const, message: failure.message, code: failure.code, ...(failure.fieldErrors ? { errors: failure.fieldErrors } : {}) };
}

/** What a page action answers when it fails: the screens read `message`, per-field messages and the wait. */
export interface PageFailureAnswer {
  ok: false;
  message: string;
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number;
  /** What a plain form sent (its text fields), to fill the form again when the page is rendered anew. */
  values?: Record<string, string>;
}

export function pageFailureBody(failure: Failure, language: Language, values?: Record<string, string>): PageFailureAnswer {
  // A screen shows only the message: the wait is said in it when the message does not already say it.
  const wait = failure.retryAfterSeconds;
  const message = wait !== undefined && !failure.message.includes(String(wait)) ? `${failure.message} ${translate(language, "auth.retryIn", { count: wait })}` : failure.message;
  return {
    ok: false,
    message,
    ...(failure.fieldErrors ? { fieldErrors: Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, messages]) => [field, messages[0] ?? failure.message])) } : {}),
    ...(failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds }),
    ...(values ? { values } : {}),
  };
}

/**
 * The code and refused field names of a JSON refusal, for its log line; nothing for a page's refusal (its status
 * says it). The answer may already be compressed (server/edge/encoding.ts): it is read as the client will read it.
 */
export async function refusalReason(response: Response): Promise<{ code?: string; fields?: string[] }> {
  if (!/json/.test(response.headers.get("Content-Type") ?? "") || response.bodyUsed) return {};
  try {
    const sent = Buffer.from(await response.clone().arrayBuffer());
    const body = JSON.parse(decodeAnswer(sent, response.headers.get("Content-Encoding")).toString("utf8")) as { code?: unknown; errors?: Record<string, unknown> };
    return {
      ...(typeof body.code === "string" ? { code: body.code.slice(0, 60) } : {}),
      ...(body.errors && typeof body.errors === "object" ? { fields: Object.keys(body.errors).slice(0, 20) } : {}),
    };
  } catch {
    return {};
  }
}
