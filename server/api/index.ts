// The spec API: every capability's routes, the OpenAPI 3.1 document and its readable reference.
import { languageFromAcceptLanguage } from "../../common/language.ts";
import { accountApi } from "../account/api.ts";
import { lineFeaturesApi } from "../line-features/api.ts";
import { bundlesApi } from "../content/bundles-api.ts";
import { hotlineApi } from "../line-features/hotline-api.ts";
import { chargingApi } from "../charging/api.ts";
import { contentApi } from "../content/api.ts";
import { catalogueApi } from "../content/catalogue-api.ts";
import { feedbackApi } from "../support/feedback-api.ts";
import { reservationApi } from "../reservation/api.ts";
import { referenceApi } from "../reference/api.ts";
import { renderApiReference } from "./reference-page.ts";
import { createApiRouter } from "./router.ts";
import { edgeError } from "../edge/app-error.ts";

export function createApi() {
  const api = createApiRouter();
  // API messages follow Accept-Language (default ar), whatever the page-language cookie says.
  api.use("*", async (c, next) => {
    c.set("language", languageFromAcceptLanguage(c.req.header("accept-language")));
    await next();
  });
  api.route("/", contentApi);
  api.route("/", bundlesApi);
  api.route("/", catalogueApi);
  api.route("/", feedbackApi);
  api.route("/", reservationApi);
  api.route("/", referenceApi);
  api.route("/", accountApi);
  api.route("/", lineFeaturesApi);
  api.route("/", hotlineApi);
  api.route("/", chargingApi);
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer", description: "The token of api/users/signin" });

  const documentConfig = {
    openapi: "3.1.0",
    info: {
      title: "Operator website API",
      version: "1.0.0",
      description:
        "The spec API of the operator's website. Answers use one envelope: success is HTTP 200 with " +
        "{status: 200, message, data}; failure is HTTP 4xx/5xx with {status: 0, message, code, errors?}. " +
        "Accept-Language (ar, the default, or en) selects the language of messages and content.",
    },
  };
  api.doc31("/api-docs/openapi.json", documentConfig);
  api.get("/api-docs", (c) => c.html(renderApiReference(api.getOpenAPI31Document(documentConfig) as Parameters<typeof renderApiReference>[0], c.get("secureHeadersNonce"))));
  return api;
}

/** An unknown path under the API's prefixes: the envelope's 404, through the one handler. */
export function apiNotFound(): never {
  throw edgeError.notFound();
}
