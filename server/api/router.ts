// Every spec API module builds its routes on this router, so invalid input answers the same 400
// envelope with field errors everywhere.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http-env.ts";
import { failureBody } from "./envelope.ts";

export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const field = issue.path.join(".") || "_";
        (errors[field] ??= []).push(issue.message);
      }
      return c.json(failureBody(c.get("language"), "BAD_REQUEST", "api.badRequest", errors), 400);
    },
  });
}
