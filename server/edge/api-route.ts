// How a spec API row that takes a body is declared: one schema of common/ is at once the OpenAPI body the
// document shows (and the fuzzers read) and the check the request meets. In the order a request meets
// them: the Bearer session (401 before anything is read), a per-IP limit where the route has one, then
// the body through the one reader within the route's limits, then the schema. The handler gets the
// checked input. Files a request uploaded and the handler did not keep are removed afterwards.
import { createRoute, type OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../http-env.ts";
import { findSessionAccount, type SessionAccount } from "../auth/session.ts";
import { peekLimit, type RateLimit } from "../auth/rate-limit.ts";
import { AppError, edgeError, validate } from "./app-error.ts";
import { SMALL_BODY, type BodyLimits } from "./limits.ts";
import { discardUploads, readBody } from "./read-body.ts";

export const bearerHeaders = z.object({
  authorization: z.string().optional().openapi({ description: "Bearer <token> from api/users/signin", example: "Bearer 3q2-7w…" }),
  "accept-language": z.string().optional().openapi({ description: "ar (default) or en", example: "ar" }),
});
export const languageHeaders = z.object({
  "accept-language": z.string().optional().openapi({ description: "ar (default) or en", example: "ar" }),
});

/** A per-IP limit checked before the body is read: over it, 429 without reading (the route counts a hit itself). */
export interface IpLimit {
  limit: (c: Context<AppEnv>) => RateLimit;
  refusal: (retryAfterSeconds: number) => AppError;
}

export interface ApiRouteSpec<B extends z.ZodType | undefined> {
  method: "get" | "post" | "put";
  path: string;
  tags: string[];
  summary: string;
  /** A Bearer session is required (checked before the body is read). */
  session: boolean;
  body?: {
    schema: B & z.ZodType;
    description: string;
    /** Default SMALL_BODY. */
    limits?: (c: Context<AppEnv>) => BodyLimits;
    /** The route takes a file: multipart is then its one media type (and its limits name the file). */
    multipart?: boolean;
    /** How this route refuses a body its schema does not accept (default: 400 BAD_REQUEST with field errors). */
    refusal?: (fieldErrors: Record<string, string[]>) => AppError;
  };
  query?: z.ZodObject;
  params?: z.ZodObject;
  ipLimit?: IpLimit;
  responses: RouteConfig["responses"];
}

export interface ApiInput<B> {
  body: B;
  /** The caller's session; present whenever the spec says `session: true`. */
  session: SessionAccount;
}

/** The caller's live session from `Authorization: Bearer`, or 401. */
export async function bearerSession(c: Context<AppEnv>): Promise<SessionAccount> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  const services = c.get("services");
  const session = match ? await findSessionAccount(services.db, match[1], services.config.SESSION_IDLE_DAYS) : null;
  if (!session) throw edgeError.sessionExpired();
  return session;
}

export function apiRoute<B extends z.ZodType | undefined>(
  router: OpenAPIHono<AppEnv>,
  spec: ApiRouteSpec<B>,
  handler: (c: Context<AppEnv>, input: ApiInput<B extends z.ZodType ? z.output<B> : undefined>) => Promise<Response>,
): void {
  const bodySchema = spec.body?.schema;
  const headers = spec.session ? bearerHeaders : languageHeaders;
  // The document: the body schema under the media types the reader takes for this route.
  router.openAPIRegistry.registerPath(
    createRoute({
      method: spec.method,
      path: spec.path,
      tags: spec.tags,
      summary: spec.summary,
      ...(spec.session ? { security: [{ bearerAuth: [] }] } : {}),
      request: {
        headers,
        ...(spec.query ? { query: spec.query } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(bodySchema
          ? {
              body: {
                description: spec.body!.description,
                required: true,
                content: spec.body!.multipart
                  ? { "multipart/form-data": { schema: bodySchema } }
                  : {
                      "application/x-www-form-urlencoded": { schema: bodySchema },
                      "application/json": { schema: bodySchema },
                    },
              },
            }
          : {}),
      },
      responses: spec.responses,
    }),
  );
  // The handler: query and path parameters are checked by the router (no body there).
  router.openapi(
    {
      ...createRoute({
        method: spec.method,
        path: spec.path,
        request: { ...(spec.query ? { query: spec.query } : {}), ...(spec.params ? { params: spec.params } : {}) },
        responses: spec.responses,
      }),
      hide: true,
    },
    (async (c: Context<AppEnv>) => {
      const session = spec.session ? await bearerSession(c) : (undefined as unknown as SessionAccount);
      if (spec.ipLimit) {
        const wait = await peekLimit(c.get("services").db, spec.ipLimit.limit(c));
        if (wait !== null) throw spec.ipLimit.refusal(wait);
      }
      if (!bodySchema) return handler(c, { body: undefined as never, session });
      const fields = await readBody(c.req.raw, spec.body!.limits?.(c) ?? SMALL_BODY);
      try {
        return await handler(c, { body: validate(bodySchema, fields, spec.body!.refusal) as never, session });
      } finally {
        await discardUploads(fields);
      }
    }) as never,
  );
}
