// Accepting a feedback message (the /support/Feedback page and the API row): fields checked, the
// attachment checked by content and size, a per-IP limit, then the file written under DATA_DIR/feedback
// with a generated name and the row inserted; if the insert fails the file is removed, so nothing is
// half-saved. A filled honeypot gets a normal-looking answer and nothing is stored.
import { randomUUID } from "node:crypto";
import { chmod, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { FeedbackUpload } from "../../common/feedback.ts";
import { detectFileType, FEEDBACK_FILE_EXTENSIONS, FEEDBACK_HONEYPOT_FIELD } from "../../common/feedback-rules.ts";
import type { Language } from "../../common/language.ts";
import { hitLimits, type RateLimit } from "../auth/rate-limit.ts";
import { AppError } from "../edge/app-error.ts";
import { rateLimitSubject } from "../client-ip.ts";
import { newReference } from "../reference-code.ts";
import { feedback } from "../db/schema.ts";
import type { AppServices } from "../services.ts";

/** What arrived, checked by the form's schema (common/feedback.ts): the attachment is already on disk. */
export interface FeedbackSubmission {
  form: FeedbackUpload;
  clientIp: string;
  language: Language;
}

/** FB- and 8 characters without look-alikes (0/O, 1/I/L). */
export const newFeedbackReference = () => newReference("FB");

export function feedbackDir(services: Pick<AppServices, "config">): string {
  return path.join(services.config.dataDir, "feedback");
}

/** Messages a client IP may send per hour: peeked before a body is read, counted when one is accepted. */
export function feedbackIpLimit(services: Pick<AppServices, "config">, clientIp: string): RateLimit {
  return { key: `feedback:ip:${rateLimitSubject(clientIp)}`, limit: services.config.FEEDBACK_PER_IP_HOUR, windowSeconds: 3600 };
}

export function feedbackRateLimited(retryAfterSeconds: number): AppError {
  return new AppError("feedback", "RATE_LIMITED", 429, { retryAfterSeconds }, "feedback.rateLimited");
}

/** The refusal of a form the schema does not accept: every field's message at once. */
export function feedbackInvalid(fieldErrors: Record<string, string[]>): AppError {
  return new AppError("feedback", "BAD_REQUEST", 400, { fieldErrors }, "feedback.fixErrors");
}

/** Stores one checked message; answers its reference (429 past the sender's hourly limit). */
export async function submitFeedback(services: AppServices, submission: FeedbackSubmission): Promise<string> {
  const { form } = submission;
  const file = form.file;
  const reference = newFeedbackReference();
  if ((form[FEEDBACK_HONEYPOT_FIELD] ?? "") !== "") {
    services.logger.warn({ clientIp: submission.clientIp }, "feedback honeypot filled: not stored");
    return reference;
  }

  const wait = await hitLimits(services.db, [feedbackIpLimit(services, submission.clientIp)]);
  if (wait !== null) throw feedbackRateLimited(wait);

  // The schema has judged the file by its first bytes: its type is one of ours.
  const fileType = detectFileType(file.head)!;
  const directory = feedbackDir(services);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const storedPath = path.join(directory, `${randomUUID()}.${FEEDBACK_FILE_EXTENSIONS[fileType]}`);
  // The upload is already on disk, on the same volume: moved, not copied.
  await rename(file.path, storedPath);
  await chmod(storedPath, 0o600);
  try {
    await services.db.insert(feedback).values({
      reference,
      fullName: form.fullName,
      gsm: form.gsm,
      email: form.email,
      description: form.description,
      evaluation: form.evaluation,
      language: submission.language,
      fileName: path.basename(storedPath),
      fileType,
      fileSize: file.size,
      clientIp: submission.clientIp,
    });
  } catch (error) {
    await rm(storedPath, { force: true });
    throw error;
  }
  services.logger.info({ reference, fileType }, "feedback received");
  return reference;
}
