// API rows for bundles and offers (step 4; the spec does not show these calls, so they follow its style):
// a paged list and one item, in the language of Accept-Language.
import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter } from "../api/router.ts";
import { failureSchema, jsonContent, languageHeader, ok, successSchema } from "../api/envelope.ts";
import { getBundle, getOffer, listBundles, listCurrentOffers } from "./service.ts";
import { edgeError } from "../edge/app-error.ts";
import { contentToday } from "./content-clock.ts";

const bundleSchema = z
  .object({
    id: z.number().int(),
    categoryId: z.number().int(),
    type: z.enum(["data", "voice", "sms", "mixed"]),
    title: z.string(),
    description: z.string(),
    price: z.number().int().openapi({ description: "In the configured currency" }),
    validityDays: z.number().int(),
    allowances: z.array(z.object({ kind: z.enum(["data", "voice", "sms"]), amount: z.number(), unit: z.enum(["GB", "MB", "min", "sms", "unlimited"]) })),
    activation: z.object({ ussd: z.string().openapi({ example: "*150*7#" }), smsKeyword: z.string(), smsTo: z.string() }),
    renewal: z.enum(["auto", "once"]),
    eligibility: z.enum(["prepaid", "postpaid", "both"]),
    popular: z.boolean(),
  })
  .openapi("Bundle");
const offerSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    title: z.string(),
    summary: z.string(),
    terms: z.string(),
    validFrom: z.string().openapi({ description: "yyyy-mm-dd" }),
    validTo: z.string().openapi({ description: "yyyy-mm-dd" }),
    ussd: z.string().nullable(),
    image: z.string().nullable().openapi({ description: "Base path of the offer's banner: add -536.jpg, -767.jpg or -1200.jpg" }),
  })
  .openapi("Offer");
const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
const tags = ["Content"];

export const bundlesApi = createApiRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/bundles/web",
      tags,
      summary: "Bundles, in display order; one category's with categoryId",
      request: {
        headers: languageHeader,
        query: z.object({
          categoryId: z.coerce.number().int().positive().max(2_147_483_647).optional().openapi({ example: 1 }),
          page: z.coerce.number().int().min(0).max(10_000).default(0),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
      responses: { 200: jsonContent(successSchema(pageOf(bundleSchema)), "A page of bundles"), 400: jsonContent(failureSchema, "A query value is not valid") },
    }),
    async (c) => {
      const { categoryId, page, size } = c.req.valid("query");
      const all = await listBundles(c.get("services").db, c.get("language"), { categoryId });
      return ok(c, { data: all.slice(page * size, page * size + size), page, size, total: all.length });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/bundles/web/{id}",
      tags,
      summary: "One bundle",
      request: { headers: languageHeader, params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).openapi({ param: { name: "id", in: "path" }, example: 102 }) }) },
      responses: {
        200: jsonContent(successSchema(bundleSchema), "The bundle"),
        400: jsonContent(failureSchema, "The id is not a number"),
        404: jsonContent(failureSchema, "No such bundle"),
      },
    }),
    async (c) => {
      const bundle = await getBundle(c.get("services").db, c.get("language"), c.req.valid("param").id);
      if (!bundle) throw edgeError.notFound();
      return ok(c, bundle);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/offers/web",
      tags,
      summary: "The offers running today",
      request: { headers: languageHeader, query: z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0), size: z.coerce.number().int().min(1).max(100).default(20) }) },
      responses: { 200: jsonContent(successSchema(pageOf(offerSchema)), "A page of offers"), 400: jsonContent(failureSchema, "A query value is not valid") },
    }),
    async (c) => {
      const { page, size } = c.req.valid("query");
      const services = c.get("services");
      const all = await listCurrentOffers(services.db, c.get("language"), contentToday(services));
      return ok(c, { data: all.slice(page * size, page * size + size), page, size, total: all.length });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/offers/web/{id}",
      tags,
      summary: "One offer (an ended one too: its dates say so)",
      request: { headers: languageHeader, params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).openapi({ param: { name: "id", in: "path" }, example: 1 }) }) },
      responses: {
        200: jsonContent(successSchema(offerSchema), "The offer"),
        400: jsonContent(failureSchema, "The id is not a number"),
        404: jsonContent(failureSchema, "No such offer"),
      },
    }),
    async (c) => {
      const offer = await getOffer(c.get("services").db, c.get("language"), c.req.valid("param").id);
      if (!offer) throw edgeError.notFound();
      return ok(c, offer);
    },
  );
