// The answer envelope of the spec API (ARCHITECTURE.md): success is HTTP 200 with
// {status: 200, message, data}; failure is HTTP 4xx/5xx with {status: 0, message, code, errors?}, written
// by the one failure mapper (server/edge/failure.ts) from the error a handler throws.
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { translate, type MessageKey } from "../i18n.ts";
import type { AppEnv } from "../http-env.ts";
import type { ApiRouteSpec } from "../edge/api-route.ts";

export function ok<T>(c: Context<AppEnv>, data: T, messageKey: MessageKey = "api.ok") {
  return c.json({ status: 200 as const, message: translate(c.get("language"), messageKey), data }, 200);
}

/** OpenAPI schema of a success answer carrying `data`. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(200),
    message: z.string().openapi({ example: "تمت العملية بنجاح" }),
    data,
  });
}

export const failureSchema = z
  .object({
    status: z.literal(0),
    message: z.string(),
    code: z.string().openapi({ example: "NOT_FOUND" }),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi("Failure");

/**
 * The failure answers of an API row for its OpenAPI document: each refusal (an AppError, or a status and a
 * label for what is not one) listed under its HTTP status, in the order given; `note` adds to a status's text.
 */
export function failureResponses(refusals: Iterable<{ httpStatus: number; code: string }>, note: (status: number) => string = () => "") {
  const byStatus = new Map<number, string[]>();
  for (const { httpStatus, code } of refusals) byStatus.set(httpStatus, [...(byStatus.get(httpStatus) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, jsonContent(failureSchema, `${list.join(", ")}${note(status)}`)]));
}

/** What every row with a body and a session may refuse before its own rules. */
const sessionRowRefusals = [
  { httpStatus: 400, code: "BAD_REQUEST (field errors)" },
  { httpStatus: 401, code: "SESSION_EXPIRED" },
];

/**
 * A subscriber's row: POST with the Bearer session and a body; 200 answers `response` in the envelope, and
 * the refusals are the session row's own (400, 401) and then `refusals`, by status.
 */
export function subscriberPostRow<B extends z.ZodType>(row: {
  path: string;
  tags: string[];
  summary: string;
  body: NonNullable<ApiRouteSpec<B>["body"]>;
  response: z.ZodType;
  refusals: Iterable<{ httpStatus: number; code: string }>;
  query?: z.ZodObject;
}): ApiRouteSpec<B> {
  return {
    method: "post",
    path: row.path,
    tags: row.tags,
    summary: row.summary,
    session: true,
    body: row.body,
    ...(row.query ? { query: row.query } : {}),
    responses: { 200: jsonContent(successSchema(row.response), "status 200: done"), ...failureResponses([...sessionRowRefusals, ...row.refusals]) },
  };
}

export const languageHeader = z.object({
  "accept-language": z.string().optional().openapi({ description: "ar (default) or en", example: "ar" }),
});

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}
