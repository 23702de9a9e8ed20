// Every spec API module builds its routes on this router: a query or path parameter its schema refuses
// is the same 400 refusal as a body's, answered by the one mapper (server/edge/failure.ts).
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http-env.ts";
import { edgeError, fieldErrorsOf } from "../edge/app-error.ts";

export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw edgeError.badRequest(fieldErrorsOf(result.error.issues));
    },
  });
}

