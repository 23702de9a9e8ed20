// The feedback form's schema (spec §5: required and invalid messages for full name, mobile number, email and
// issue description, and evaluation required), shared by the page, the API and the tests. Messages are
// catalog keys. The limits and the attachment check are in feedback-rules.ts (no Zod, for the page).
import { z } from "./zod.ts";
import { LOGIN_NUMBER_PATTERN } from "./constants.ts";
import { FEEDBACK_DESCRIPTION_MAX, FEEDBACK_DESCRIPTION_MIN } from "./feedback-rules.ts";
import { normaliseDigits } from "./language.ts";

// server/http.ts reads the upload limit from here.
export { FEEDBACK_FILE_MAX_BYTES } from "./feedback-rules.ts";

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
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { fields: null, errors };
}
