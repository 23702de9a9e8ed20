// The feedback form's schema (spec §5: required and invalid messages for full name, mobile number, email,
// file and issue description, and evaluation required), shared by the page, the API and the tests. Messages
// are catalog keys. The limits and the attachment check are in feedback-rules.ts (no Zod, for the page).
import { z } from "./zod.ts";
import { LOGIN_NUMBER_PATTERN } from "./constants.ts";
import { FEEDBACK_DESCRIPTION_MAX, FEEDBACK_DESCRIPTION_MIN, FEEDBACK_HONEYPOT_FIELD, fileProblem } from "./feedback-rules.ts";
import { normaliseDigits } from "./language.ts";
import { firstFieldErrors } from "./field-errors.ts";

const required = (key: string) => z.string({ error: key }).trim().min(1, key);

export const feedbackSchema = z.object({
  fullName: required("validation.fullNameRequired").pipe(z.string().regex(/^[\p{L}\p{M}][\p{L}\p{M} '.-]{1,58}[\p{L}\p{M}.]$/u, "validation.fullNameInvalid")),
  gsm: required("validation.mobileRequired").transform(normaliseDigits).pipe(z.string().regex(LOGIN_NUMBER_PATTERN, "validation.mobileInvalid")),
  email: required("validation.emailRequired").pipe(z.email("validation.emailInvalid").max(254, "validation.emailInvalid")),
  description: required("validation.descriptionRequired").pipe(
    z.string().min(FEEDBACK_DESCRIPTION_MIN, "validation.descriptionInvalid").max(FEEDBACK_DESCRIPTION_MAX, "validation.descriptionInvalid"),
  ),
  evaluation: z
    .string({ error: "validation.evaluationRequired" })
    .regex(/^[1-5]$/, "validation.evaluationRequired")
    .transform(Number),
});

export type FeedbackFields = z.infer<typeof feedbackSchema>;

/** Field → catalog key of the first problem of each field. */
export function feedbackFieldErrors(values: Record<string, unknown>): { fields: FeedbackFields | null; errors: Record<string, string> } {
  const parsed = feedbackSchema.safeParse(values);
  if (parsed.success) return { fields: parsed.data, errors: {} };
  return { fields: null, errors: firstFieldErrors(parsed.error.issues) };
}

/**
 * The attachment (required) as the edge hands it over (already on disk, server/edge/read-body.ts), judged by
 * its size and first bytes, never by its name or declared type. An empty part (no file chosen) is no file.
 */
const attachment = z
  .preprocess(
    (value) => (value === "" || (typeof value === "object" && value !== null && (value as { size?: unknown }).size === 0) ? undefined : value),
    z
      .object(
        { kind: z.literal("uploaded-file"), path: z.string(), size: z.number(), head: z.instanceof(Uint8Array) },
        { error: (issue) => (issue.input === undefined ? "validation.fileRequired" : "validation.fileInvalid") },
      )
      .superRefine((file, context) => {
        const problem = fileProblem(file.size, file.head);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
  )
  .meta({ type: "string", format: "binary", description: "Required: a JPEG, PNG or PDF of at most 5 MB, judged by its content" } as never);

/** The whole feedback submission (the page's form and the API's multipart body). */
export const feedbackUploadForm = feedbackSchema
  .extend({
    fullName: feedbackSchema.shape.fullName.meta({ description: "Letters and spaces, 3 to 60", example: "Ali Hasan" }),
    gsm: feedbackSchema.shape.gsm.meta({ description: "09[4567] and 7 digits", example: "0944123456" }),
    email: feedbackSchema.shape.email.meta({ example: "ali@example.com" }),
    description: feedbackSchema.shape.description.meta({ description: "10 to 2000 characters", example: "The coverage in my street is weak in the evenings." }),
    evaluation: feedbackSchema.shape.evaluation.meta({ description: "1 (very poor) … 5 (excellent)", example: "4" }),
    file: attachment,
    [FEEDBACK_HONEYPOT_FIELD]: z.string().optional().meta({ description: "Must be empty (a honeypot)" }),
  })
  .meta({ id: "FeedbackForm" });
export type FeedbackUpload = z.output<typeof feedbackUploadForm>;
