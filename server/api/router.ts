// Every spec API module builds its routes on this router, so invalid input answers the same 400
// envelope with field errors everywhere.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http-env.ts";
import { translate, type MessageKey } from "../i18n.ts";
import { failureBody } from "./envelope.ts";

export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const field = issue.path.join(".") || "_";
        (errors[field] ??= []).push(fieldMessage(c.get("language"), issue.message));
      }
      return c.json(failureBody(c.get("language"), "BAD_REQUEST", "api.badRequest", errors), 400);
    },
  });
}

/** A schema's message is a catalog key (common/account-rules.ts VALIDATION); Zod's own English texts become one localised line. */
export function fieldMessage(language: Parameters<typeof translate>[0], message: string): string {
  return /^(validation|account|api|lineFeatures|reservation|feedback)\.[A-Za-z.]+$/.test(message) ? translate(language, message as MessageKey) : translate(language, "api.invalidField");
}
