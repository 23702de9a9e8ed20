// API rows for the public catalogue (step 4; the spec does not show these calls, so they follow its
// style): products, segments, services, apps, news, business solutions, roaming, the prices list,
// FAQs, service centres and site search. GET, in the language of Accept-Language; long lists are paged
// (page from 0, size up to 100).
import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter } from "../api/router.ts";
import { failureSchema, jsonContent, languageHeader, ok, successSchema } from "../api/envelope.ts";
import { matchesQuery } from "../../common/search-text.ts";
import { isOpenAt, listServiceCentres } from "../support/centres.ts";
import { listFaqGroups } from "../support/faqs.ts";
import { searchContent, SEARCH_KINDS, SEARCH_QUERY_MAX_LENGTH } from "../search/search.ts";
import {
  getApp,
  getBusinessSolution,
  getNews,
  getProduct,
  getSegment,
  getService,
  listBusinessSolutions,
  listNews,
  listProductCategories,
  listProducts,
  listSegments,
  listServices,
} from "./catalogue.ts";
import { listInternationalTariffs, listRoamingCountries, listRoamingZones } from "./roaming.ts";
import { edgeError } from "../edge/app-error.ts";

const tags = ["Content"];
const html = z.string().openapi({ description: "HTML, sanitised" });
const article = { title: z.string(), summary: z.string(), body: html };
const pageQuery = {
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
const slice = <T>(items: T[], page: number, size: number) => ({ data: items.slice(page * size, page * size + size), page, size, total: items.length });
/** A numeric path id; `example` is an item of the demo content, so the reference's "try it" finds one. */
const idParam = (example: number) => z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).openapi({ param: { name: "id", in: "path" }, example }) });
const slugParam = z.object({ slug: z.string().regex(/^[a-z][a-z0-9-]{0,60}$/i).openapi({ param: { name: "slug", in: "path" }, example: "bulk-sms" }) });

const productCategorySchema = z.object({ slug: z.string(), title: z.string(), summary: z.string() }).openapi("ProductCategory");
const productSchema = z
  .object({
    id: z.number().int(),
    category: z.string(),
    segmentId: z.number().int().nullable(),
    ...article,
    price: z.number().int().nullable().openapi({ description: "In the configured currency" }),
    priceUnit: z.enum(["once", "month", "minute"]).nullable(),
    ussd: z.string().nullable(),
  })
  .openapi("Product");
const segmentSchema = z.object({ id: z.number().int(), ...article }).openapi("Segment");
const serviceSchema = z
  .object({ id: z.number().int(), ...article, price: z.number().int(), selfServicePath: z.string().nullable(), ussd: z.string().nullable(), special: z.boolean() })
  .openapi("LineService");
const appDetailsSchema = z.object({ id: z.number().int(), ...article, link: z.string(), appleLink: z.string() }).openapi("AppDetails");
const newsSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(["news", "press"]),
    date: z.string().openapi({ description: "yyyy-mm-dd" }),
    ...article,
    image: z.string().nullable().openapi({ description: "Base path of the illustration: add -536.jpg, -767.jpg or -1200.jpg" }),
  })
  .openapi("News");
const businessSchema = z.object({ id: z.number().int(), slug: z.string(), ...article }).openapi("BusinessSolution");
const zoneSchema = z
  .object({ zone: z.number().int(), title: z.string(), callLocal: z.number().int(), callHome: z.number().int(), callReceive: z.number().int(), sms: z.number().int(), dataPerMb: z.number().int() })
  .openapi("RoamingZone");
const countrySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    dialCode: z.string(),
    zone: z.number().int(),
    callRoaming: z.boolean(),
    smsRoaming: z.boolean(),
    operators: z.array(z.object({ name: z.string(), networks: z.array(z.string()) })),
  })
  .openapi("RoamingCountry");
const tariffSchema = z.object({ code: z.string(), name: z.string(), dialCode: z.string(), perMinute: z.number().int(), perSms: z.number().int() }).openapi("InternationalTariff");
const faqGroupSchema = z
  .object({ slug: z.string(), title: z.string(), questions: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string() })) })
  .openapi("FaqGroup");
const centreSchema = z
  .object({
    id: z.number().int(),
    cityId: z.number().int(),
    city: z.string(),
    name: z.string(),
    address: z.string(),
    phones: z.array(z.string()),
    hours: z.array(z.object({ days: z.array(z.number().int()), open: z.string(), close: z.string() })).openapi({ description: "days 0 (Sunday) … 6; times in the operator's time zone" }),
    lat: z.number(),
    lng: z.number(),
    services: z.array(z.string()),
    openNow: z.boolean(),
  })
  .openapi("ServiceCentre");
const searchSchema = z
  .object({
    query: z.string(),
    total: z.number().int(),
    groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS as [string, ...string[]]), hits: z.array(z.object({ title: z.string(), snippet: z.string(), url: z.string() })) })),
  })
  .openapi("SearchResult");

const notFound = jsonContent(failureSchema, "Nothing with this id");
const badQuery = jsonContent(failureSchema, "A query value is not valid");

export const catalogueApi = createApiRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/productCategories/web",
      tags,
      summary: "Product categories (the {id} of /products/{id})",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(productCategorySchema)), "The categories in display order") },
    }),
    async (c) => ok(c, await listProductCategories(c.get("services").db, c.get("language"))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/products/web",
      tags,
      summary: "Products, all or one category's or one segment's",
      request: {
        headers: languageHeader,
        query: z.object({ category: z.string().regex(/^[a-z-]{1,40}$/).optional().openapi({ example: "payment" }), segmentId: z.coerce.number().int().positive().max(2_147_483_647).optional(), ...pageQuery }),
      },
      responses: { 200: jsonContent(successSchema(pageOf(productSchema)), "A page of products"), 400: badQuery },
    }),
    async (c) => {
      const { category, segmentId, page, size } = c.req.valid("query");
      return ok(c, slice(await listProducts(c.get("services").db, c.get("language"), { category, segmentId }), page, size));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/products/web/{id}",
      tags,
      summary: "One product (62 is payment and refill)",
      request: { headers: languageHeader, params: idParam(62) },
      responses: { 200: jsonContent(successSchema(productSchema), "The product"), 400: badQuery, 404: notFound },
    }),
    async (c) => {
      const product = await getProduct(c.get("services").db, c.get("language"), c.req.valid("param").id);
      if (!product) throw edgeError.notFound();
      return ok(c, product);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/segments/web",
      tags,
      summary: "Customer segments (the segment products list)",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(segmentSchema)), "The segments") },
    }),
    async (c) => ok(c, await listSegments(c.get("services").db, c.get("language"))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/segments/web/{id}",
      tags,
      summary: "One segment",
      request: { headers: languageHeader, params: idParam(1) },
      responses: { 200: jsonContent(successSchema(segmentSchema), "The segment"), 400: badQuery, 404: notFound },
    }),
    async (c) => {
      const segment = await getSegment(c.get("services").db, c.get("language"), c.req.valid("param").id);
      if (!segment) throw edgeError.notFound();
      return ok(c, segment);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/services/web",
      tags,
      summary: "Line services; special=true gives the home page's special services",
      request: { headers: languageHeader, query: z.object({ special: z.enum(["true", "false"]).optional() }) },
      responses: { 200: jsonContent(successSchema(z.array(serviceSchema)), "The services"), 400: badQuery },
    }),
    async (c) => {
      const { special } = c.req.valid("query");
      return ok(c, await listServices(c.get("services").db, c.get("language"), special === undefined ? {} : { special: special === "true" }));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/services/web/{id}",
      tags,
      summary: "One line service",
      request: { headers: languageHeader, params: idParam(1) },
      responses: { 200: jsonContent(successSchema(serviceSchema), "The service"), 400: badQuery, 404: notFound },
    }),
    async (c) => {
      const service = await getService(c.get("services").db, c.get("language"), c.req.valid("param").id);
      if (!service) throw edgeError.notFound();
      return ok(c, service);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/commercialApp/web/{id}",
      tags,
      summary: "One app or digital service, with its description",
      request: { headers: languageHeader, params: idParam(1) },
      responses: { 200: jsonContent(successSchema(appDetailsSchema), "The app"), 400: badQuery, 404: notFound },
    }),
    async (c) => {
      const app = await getApp(c.get("services").db, c.get("language"), c.req.valid("param").id);
      if (!app) throw edgeError.notFound();
      return ok(c, app);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/news/web",
      tags,
      summary: "News and press releases, newest first",
      request: { headers: languageHeader, query: z.object({ type: z.enum(["news", "press"]).optional(), ...pageQuery }) },
      responses: { 200: jsonContent(successSchema(pageOf(newsSchema)), "A page of news"), 400: badQuery },
    }),
    async (c) => {
      const { type, page, size } = c.req.valid("query");
      return ok(c, slice(await listNews(c.get("services").db, c.get("language"), { type, limit: 10_000 }), page, size));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/news/web/{id}",
      tags,
      summary: "One news item or press release",
      request: { headers: languageHeader, params: idParam(1) },
      responses: { 200: jsonContent(successSchema(newsSchema), "The item"), 400: badQuery, 404: notFound },
    }),
    async (c) => {
      const item = await getNews(c.get("services").db, c.get("language"), c.req.valid("param").id);
      if (!item) throw edgeError.notFound();
      return ok(c, item);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/business/web",
      tags,
      summary: "Business solutions",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(businessSchema)), "The solutions") },
    }),
    async (c) => ok(c, await listBusinessSolutions(c.get("services").db, c.get("language"))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/business/web/{slug}",
      tags,
      summary: "One business solution",
      request: { headers: languageHeader, params: slugParam },
      responses: { 200: jsonContent(successSchema(businessSchema), "The solution"), 400: badQuery, 404: notFound },
    }),
    async (c) => {
      const solution = await getBusinessSolution(c.get("services").db, c.get("language"), c.req.valid("param").slug);
      if (!solution) throw edgeError.notFound();
      return ok(c, solution);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/roaming/zones/web",
      tags,
      summary: "Roaming price zones",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(zoneSchema)), "Prices per zone, in the configured currency") },
    }),
    async (c) => ok(c, await listRoamingZones(c.get("services").db, c.get("language"))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/roaming/countries/web",
      tags,
      summary: "Roaming countries with their partner networks, sorted by name in the asked language",
      request: {
        headers: languageHeader,
        query: z.object({
          service: z.enum(["call", "sms"]).optional().openapi({ description: "call roaming or SMS roaming; both when absent" }),
          q: z.string().max(SEARCH_QUERY_MAX_LENGTH).optional().openapi({ description: "Name in either language, ISO code or dialling code" }),
          zone: z.coerce.number().int().positive().max(100).optional(),
          ...pageQuery,
        }),
      },
      responses: { 200: jsonContent(successSchema(pageOf(countrySchema)), "A page of countries"), 400: badQuery },
    }),
    async (c) => {
      const { service, q, zone, page, size } = c.req.valid("query");
      const countries = await listRoamingCountries(c.get("services").db, c.get("language"), service);
      const found = countries
        .filter((country) => (zone === undefined || country.zone === zone) && matchesQuery(`${country.name} ${country.otherName} ${country.code} ${country.dialCode}`, q))
        .map(({ otherName: _otherName, ...country }) => country);
      return ok(c, slice(found, page, size));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/prices/international/web",
      tags,
      summary: "International call and SMS prices from home, per country (the prices list)",
      request: { headers: languageHeader, query: z.object({ q: z.string().max(SEARCH_QUERY_MAX_LENGTH).optional(), ...pageQuery }) },
      responses: { 200: jsonContent(successSchema(pageOf(tariffSchema)), "A page of prices"), 400: badQuery },
    }),
    async (c) => {
      const { q, page, size } = c.req.valid("query");
      const tariffs = await listInternationalTariffs(c.get("services").db, c.get("language"));
      return ok(c, slice(tariffs.filter((tariff) => matchesQuery(`${tariff.name} ${tariff.code} ${tariff.dialCode}`, q)), page, size));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/faqs/web",
      tags,
      summary: "Frequently asked questions, grouped by category",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(faqGroupSchema)), "The groups in display order") },
    }),
    async (c) => ok(c, await listFaqGroups(c.get("services").db, c.get("language"))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/serviceCenters/web",
      tags,
      summary: "Service centres, all or one city's, with whether each is open now",
      request: { headers: languageHeader, query: z.object({ cityId: z.coerce.number().int().positive().max(2_147_483_647).optional() }) },
      responses: { 200: jsonContent(successSchema(z.array(centreSchema)), "The centres"), 400: badQuery },
    }),
    async (c) => {
      const { config, db } = c.get("services");
      const now = new Date();
      const centres = await listServiceCentres(db, c.get("language"), { cityId: c.req.valid("query").cityId });
      return ok(c, centres.map((centre) => ({ ...centre, openNow: isOpenAt(centre.hours, now, config.OPERATOR_TIME_ZONE) })));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/search/web",
      tags,
      summary: "Site search, ranked by relevance across kinds (an exact title first) and grouped by kind, the group of the best result first (Arabic spelling variants folded, English stemmed, typos tolerated)",
      request: { headers: languageHeader, query: z.object({ q: z.string().max(SEARCH_QUERY_MAX_LENGTH).openapi({ example: "roaming" }) }) },
      responses: { 200: jsonContent(successSchema(searchSchema), "Results; fewer than two letters find nothing"), 400: badQuery },
    }),
    async (c) => ok(c, await searchContent(c.get("services").db, c.get("language"), c.req.valid("query").q)),
  );
