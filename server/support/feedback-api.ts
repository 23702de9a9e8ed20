// POST customerCare/api/feedback: the feedback form for other clients (multipart form data, the same
// rules and answers as /support/Feedback). 400 with field errors in the asked language, 429 with
// Retry-After beyond FEEDBACK_PER_IP_HOUR, 413 beyond twice the file limit.
import { createRoute, z } from "@hono/zod-openapi";
import { createApiRouter, fieldMessage } from "../api/router.ts";
import { fail, failureSchema, jsonContent, languageHeader, ok, successSchema } from "../api/envelope.ts";
import { FEEDBACK_HONEYPOT_FIELD } from "../../common/feedback-rules.ts";
import { chosenFile, submitFeedback } from "./feedback.ts";

const text = z.string().optional();
const formSchema = z
  .object({
    fullName: text.openapi({ description: "Letters and spaces, 3 to 60", example: "Ali Hasan" }),
    gsm: text.openapi({ description: "09[4567] and 7 digits", example: "0944123456" }),
    email: text.openapi({ example: "ali@example.com" }),
    description: text.openapi({ description: "10 to 2000 characters", example: "The coverage in my street is weak in the evenings." }),
    evaluation: text.openapi({ description: "1 (very poor) … 5 (excellent)", example: "4" }),
    file: z.any().optional().openapi({ type: "string", format: "binary", description: "Optional JPEG, PNG or PDF of at most 5 MB, judged by its content" }),
    [FEEDBACK_HONEYPOT_FIELD]: text.openapi({ description: "Must be empty (a honeypot)" }),
  })
  .openapi("FeedbackForm");

export const feedbackApi = createApiRouter().openapi(
  createRoute({
    method: "post",
    path: "/customerCare/api/feedback",
    tags: ["Support"],
    summary: "Send feedback, optionally with one attachment",
    request: { headers: languageHeader, body: { content: { "multipart/form-data": { schema: formSchema } }, required: true } },
    responses: {
      200: jsonContent(successSchema(z.object({ reference: z.string().openapi({ example: "FB-7K2M9QX4" }) })), "Received; the reference to quote"),
      400: jsonContent(failureSchema, "A field is missing or not valid (errors per field)"),
      413: jsonContent(failureSchema, "The request is far larger than the file limit"),
      415: jsonContent(failureSchema, "The body is not multipart/form-data"),
      429: jsonContent(failureSchema, "Too many messages from this address; see Retry-After"),
    },
  }),
  async (c) => {
    const form = c.req.valid("form") as Record<string, unknown>;
    const values = Object.fromEntries(Object.entries(form).filter(([name, value]) => name !== "file" && typeof value === "string"));
    const language = c.get("language");
    const outcome = await submitFeedback(c.get("services"), { values, file: chosenFile(form.file), clientIp: c.get("clientIp"), language });
    if (outcome.ok) return ok(c, { reference: outcome.reference });
    if (outcome.status === 429) {
      c.header("Retry-After", String(outcome.retryAfter));
      return fail(c, 429, "RATE_LIMITED", "feedback.rateLimited");
    }
    const errors = Object.fromEntries(Object.entries(outcome.errors).map(([field, key]) => [field, [fieldMessage(language, key)]]));
    return fail(c, 400, "BAD_REQUEST", "feedback.fixErrors", errors);
  },
);
