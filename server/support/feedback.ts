// Accepting a feedback message (the /support/Feedback page and the API row): fields checked, the
// attachment checked by content and size, a per-IP limit, then the file written under DATA_DIR/feedback
// with a generated name and the row inserted; if the insert fails the file is removed, so nothing is
// half-saved. A filled honeypot gets a normal-looking answer and nothing is stored.
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { feedbackFieldErrors } from "../../common/feedback.ts";
import { detectFileType, FEEDBACK_FILE_EXTENSIONS, FEEDBACK_HONEYPOT_FIELD, fileProblem } from "../../common/feedback-rules.ts";
import type { Language } from "../../common/language.ts";
import { hitLimits } from "../auth/rate-limit.ts";
import { newReference } from "../reference-code.ts";
import { feedback } from "../db/schema.ts";
import type { AppServices } from "../services.ts";

export type FeedbackOutcome =
  | { ok: true; reference: string }
  | { ok: false; status: 400; errors: Record<string, string> }
  | { ok: false; status: 429; retryAfter: number };

/** What arrived: the text fields as sent, and the attachment if one was chosen. */
export interface FeedbackSubmission {
  values: Record<string, unknown>;
  file: File | null;
  clientIp: string;
  language: Language;
}

/** FB- and 8 characters without look-alikes (0/O, 1/I/L). */
export const newFeedbackReference = () => newReference("FB");

export function feedbackDir(services: Pick<AppServices, "config">): string {
  return path.join(services.config.dataDir, "feedback");
}

/** A chosen file: browsers send an empty, nameless part when none was chosen. */
export function chosenFile(value: unknown): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

export async function submitFeedback(services: AppServices, submission: FeedbackSubmission): Promise<FeedbackOutcome> {
  const text = Object.fromEntries(Object.entries(submission.values).filter(([, value]) => typeof value === "string"));
  const { fields, errors } = feedbackFieldErrors(text);
  let bytes: Uint8Array | null = null;
  if (submission.file) {
    const file = submission.file;
    // Never read more than the limit allows: an oversize file is refused by its size alone.
    const problem = fileProblem(file.size, file.size > 0 ? new Uint8Array(await file.slice(0, 16).arrayBuffer()) : new Uint8Array());
    if (problem) errors.file = problem;
    else bytes = new Uint8Array(await file.arrayBuffer());
  }
  if (!fields || Object.keys(errors).length > 0) return { ok: false, status: 400, errors };

  const reference = newFeedbackReference();
  if (String(submission.values[FEEDBACK_HONEYPOT_FIELD] ?? "") !== "") {
    services.logger.warn({ clientIp: submission.clientIp }, "feedback honeypot filled: not stored");
    return { ok: true, reference };
  }

  const wait = await hitLimits(services.db, [{ key: `feedback:ip:${submission.clientIp}`, limit: services.config.FEEDBACK_PER_IP_HOUR, windowSeconds: 3600 }]);
  if (wait !== null) return { ok: false, status: 429, retryAfter: wait };

  let storedPath: string | null = null;
  const fileType = bytes ? detectFileType(bytes)! : null;
  if (bytes && fileType) {
    const directory = feedbackDir(services);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const fileName = `${randomUUID()}.${FEEDBACK_FILE_EXTENSIONS[fileType]}`;
    storedPath = path.join(directory, fileName);
    await writeFile(storedPath, bytes, { flag: "wx", mode: 0o600 });
  }
  try {
    await services.db.insert(feedback).values({
      reference,
      fullName: fields.fullName,
      gsm: fields.gsm,
      email: fields.email,
      description: fields.description,
      evaluation: fields.evaluation,
      language: submission.language,
      fileName: storedPath ? path.basename(storedPath) : null,
      fileType,
      fileSize: bytes?.byteLength ?? null,
      clientIp: submission.clientIp,
    });
  } catch (error) {
    if (storedPath) await rm(storedPath, { force: true });
    throw error;
  }
  services.logger.info({ reference, withFile: storedPath !== null }, "feedback received");
  return { ok: true, reference };
}
