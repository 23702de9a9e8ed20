// POST customerCare/api/feedback: the feedback form for other clients (multipart form data, the same
// rules and answers as /support/Feedback). 400 with field errors in the asked language, 429 with
// Retry-After beyond FEEDBACK_PER_IP_HOUR (checked before the body is read), 413 beyond twice the file limit.
import { z } from "@hono/zod-openapi";
import { feedbackUploadForm } from "../../common/feedback.ts";
import { createApiRouter } from "../api/router.ts";
import { failureSchema, jsonContent, ok, successSchema } from "../api/envelope.ts";
import { apiRoute } from "../edge/api-route.ts";
import { feedbackBody } from "../edge/limits.ts";
import { feedbackInvalid, feedbackIpLimit, feedbackRateLimited, submitFeedback } from "./feedback.ts";

export const feedbackApi = createApiRouter();

apiRoute(
  feedbackApi,
  {
    method: "post",
    path: "/customerCare/api/feedback",
    tags: ["Support"],
    summary: "Send feedback with one attachment (required)",
    session: false,
    ipLimit: { limit: (c) => feedbackIpLimit(c.get("services"), c.get("clientIp")), refusal: feedbackRateLimited },
    body: {
      schema: feedbackUploadForm,
      description: "The form; the file is required and judged by its content",
      multipart: true,
      limits: (c) => feedbackBody(c.get("services").config.dataDir),
      refusal: feedbackInvalid,
    },
    responses: {
      200: jsonContent(successSchema(z.object({ reference: z.string().openapi({ example: "FB-7K2M9QX4" }) })), "Received; the reference to quote"),
      400: jsonContent(failureSchema, "A field is missing or not valid (errors per field)"),
      413: jsonContent(failureSchema, "The request is far larger than the file limit"),
      415: jsonContent(failureSchema, "The body is not multipart/form-data"),
      429: jsonContent(failureSchema, "Too many messages from this address; see Retry-After"),
    },
  },
  async (c, { body }) => {
    const reference = await submitFeedback(c.get("services"), { form: body, clientIp: c.get("clientIp"), language: c.get("language") });
    return ok(c, { reference });
  },
);
