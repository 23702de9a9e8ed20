// The feedback form's limits and the attachment check (spec §5), without Zod: the page needs them to
// render and to check a file, and loads the schema (common/feedback.ts) only when the form is sent.
// The attachment is judged by its first bytes, never by its name or declared type.

export const FEEDBACK_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_DESCRIPTION_MIN = 10;
export const FEEDBACK_DESCRIPTION_MAX = 2000;
/** The honeypot: hidden from people, filled by bots. */
export const FEEDBACK_HONEYPOT_FIELD = "website";
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;

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

/**
 * The catalog key of what is wrong with the attachment, or null when it is acceptable. A form needs one:
 * an empty part (what a browser sends when no file is chosen) is no file.
 */
export function fileProblem(size: number, head: Uint8Array): string | null {
  if (size === 0) return "validation.fileRequired";
  if (size > FEEDBACK_FILE_MAX_BYTES) return "validation.fileTooLarge";
  if (detectFileType(head) === null) return "validation.fileInvalid";
  return null;
}
