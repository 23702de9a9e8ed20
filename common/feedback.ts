// The feedback form (spec §5: required and invalid messages for full name, mobile number, email, file and
// issue description, and evaluation required), shared by the page, the API and the tests. Messages are
// catalog keys. The attachment is judged by its first bytes, never by its name or declared type.
import { z } from "./zod.ts";
import { LOGIN_NUMBER_PATTERN } from "./constants.ts";
import { normaliseDigits } from "./language.ts";

export const FEEDBACK_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_DESCRIPTION_MIN = 10;
export const FEEDBACK_DESCRIPTION_MAX = 2000;
/** The honeypot: hidden from people, filled by bots. */
export const FEEDBACK_HONEYPOT_FIELD = "website";
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;

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
export type FeedbackFileType = "jpeg" | "png" | "pdf";

export const FEEDBACK_FILE_EXTENSIONS: Record<FeedbackFileType, string> = { jpeg: "jpg", png: "png", pdf: "pdf" };

/** The type of a file from its first bytes (magic numbers), or null when it is none of the accepted ones. */
export function detectFileType(head: Uint8Array): FeedbackFileType | null {
  const starts = (bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  return null;
}

/** The catalog key of what is wrong with an attachment, or null when it is acceptable. */
export function fileProblem(size: number, head: Uint8Array): string | null {
  if (size > FEEDBACK_FILE_MAX_BYTES) return "validation.fileTooLarge";
  if (detectFileType(head) === null) return "validation.fileInvalid";
  return null;
}

/** Field → catalog key of the first problem of each field. */
export function feedbackFieldErrors(values: Record<string, unknown>): { fields: FeedbackFields | null; errors: Record<string, string> } {
  const parsed = feedbackSchema.safeParse(values);
  if (parsed.success) return { fields: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { fields: null, errors };
}
