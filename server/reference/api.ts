// Spec API rows for the reference lists used by the profile form: cities and jobs.
import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter } from "../api/router.ts";
import { jsonContent, languageHeader, ok, successSchema } from "../api/envelope.ts";
import { listCities, listJobs } from "./service.ts";

export const namedItemSchema = z.object({ id: z.number().int(), name: z.string() }).openapi("NamedItem");
const tags = ["Reference lists"];

export const referenceApi = createApiRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/city/all",
      tags,
      summary: "Cities, sorted by name in the requested language",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(namedItemSchema)), "Cities") },
    }),
    async (c) => ok(c, await listCities(c.get("services").db, c.get("language"))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/jobs/all",
      tags,
      summary: "Jobs, sorted by name in the requested language",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(namedItemSchema)), "Jobs") },
    }),
    async (c) => ok(c, await listJobs(c.get("services").db, c.get("language"))),
  );
