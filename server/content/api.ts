// Spec API rows for public content: about/terms/privacy texts, apps, social links, bundle categories.
import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter } from "../api/router.ts";
import { failureSchema, jsonContent, languageHeader, ok, successSchema } from "../api/envelope.ts";
import { sanitizeContentHtml } from "./sanitize.ts";
import { findAboutContent, findOperatorApp, listApps, listBundleCategories, listSocialLinks } from "./service.ts";
import { edgeError } from "../edge/app-error.ts";

const aboutSchema = z
  .object({ text: z.string().openapi({ description: "HTML, sanitised" }), image: z.string().nullable(), largeImage: z.string().nullable() })
  .openapi("AboutContent");
const appLinksSchema = z.object({ link: z.string().openapi({ description: "Android store link" }), appleLink: z.string() }).openapi("AppLinks");
const commercialAppSchema = z.object({ id: z.number().int(), title: z.string(), link: z.string(), appleLink: z.string() }).openapi("CommercialApp");
const socialLinkSchema = z.object({ type: z.number().int().min(0).max(3), link: z.string() }).openapi("SocialLink");
const bundleCategorySchema = z.object({ id: z.number().int(), title: z.string() }).openapi("BundleCategory");

const tags = ["Content"];

export const contentApi = createApiRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/about/type/{type}",
      tags,
      summary: "About, terms (type 4) or privacy (type 5) text",
      request: {
        headers: languageHeader,
        params: z.object({ type: z.coerce.number().int().min(1).max(1000).openapi({ param: { name: "type", in: "path" }, example: 4 }) }),
      },
      responses: {
        200: jsonContent(successSchema(aboutSchema), "The text, its image and large image"),
        400: jsonContent(failureSchema, "The type is not a number"),
        404: jsonContent(failureSchema, "No text of this type"),
      },
    }),
    async (c) => {
      const about = await findAboutContent(c.get("services").db, { type: c.req.valid("param").type }, c.get("language"));
      if (!about) throw edgeError.notFound();
      return ok(c, { text: sanitizeContentHtml(about.text), image: about.image, largeImage: about.largeImage });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/app/web",
      tags,
      summary: "Store links of the operator's own app",
      request: { headers: languageHeader },
      responses: {
        200: jsonContent(successSchema(appLinksSchema), "Android and iOS links"),
        404: jsonContent(failureSchema, "No app is configured"),
      },
    }),
    async (c) => {
      const app = await findOperatorApp(c.get("services").db);
      if (!app) throw edgeError.notFound();
      return ok(c, app);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/commercialApp/web",
      tags,
      summary: "Apps and digital services, with their store links",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(commercialAppSchema)), "Apps in display order") },
    }),
    async (c) => ok(c, await listApps(c.get("services").db, c.get("language"))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customerCare/api/socialLink/get",
      tags,
      summary: "Social links; type 0 Facebook, 1 X, 2 Instagram, 3 YouTube",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(socialLinkSchema)), "Social links by type") },
    }),
    async (c) => ok(c, await listSocialLinks(c.get("services").db)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/bundleCategories/web",
      tags,
      summary: "Bundle categories (the footer shows the first four)",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(z.array(bundleCategorySchema)), "Categories in display order") },
    }),
    async (c) => ok(c, await listBundleCategories(c.get("services").db, c.get("language"))),
  );
