// The console's feedback inbox (issue 17): the messages guests sent from /support/Feedback, newest first,
// filtered new / handled, found by their FB- reference; one read in full; its attachment read from
// DATA_DIR/feedback under the stored, generated file name only (never a path from the request); and
// "handled" with a note, set by one conditional UPDATE (`handled_at is null`), so of two staff members
// marking it at once exactly one writes, and the other is told who did.
import { open } from "node:fs/promises";
import path from "node:path";
import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { FEEDBACK_EXCERPT_CHARS, FEEDBACK_PAGE_SIZE, type FeedbackFilter } from "../../common/console-desk.ts";
import { FEEDBACK_FILE_EXTENSIONS, type FeedbackFileType } from "../../common/feedback-rules.ts";
import type { Db } from "../db/database.ts";
import { feedback, staffAccounts } from "../db/schema.ts";
import { feedbackDir } from "../support/feedback.ts";
import type { AppServices } from "../services.ts";
import { audit, type Actor } from "./enrolment.ts";
import { ConsoleError } from "./errors.ts";

export interface FeedbackListing {
  reference: string;
  createdAt: string;
  fullName: string;
  evaluation: number;
  excerpt: string;
  hasAttachment: boolean;
  handled: boolean;
}

export interface FeedbackMessage {
  reference: string;
  createdAt: string;
  fullName: string;
  gsm: string;
  email: string;
  evaluation: number;
  description: string;
  language: string;
  attachment: { type: FeedbackFileType; size: number } | null;
  handled: { at: string; by: string | null; note: string } | null;
}

/** The first words of a message: whole words up to FEEDBACK_EXCERPT_CHARS, then an ellipsis. */
export function excerptOf(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  if (flat.length <= FEEDBACK_EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, FEEDBACK_EXCERPT_CHARS);
  const lastSpace = cut.lastIndexOf(" ");
  return `${lastSpace > FEEDBACK_EXCERPT_CHARS / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

const STATE_CONDITION: Record<FeedbackFilter["state"], SQL | undefined> = {
  new: isNull(feedback.handledAt),
  handled: isNotNull(feedback.handledAt),
  all: undefined,
};

/** One page of the inbox, newest first (the created_at indexes, the partial one for new messages). */
export async function listFeedback(db: Db, filter: Pick<FeedbackFilter, "state" | "page">): Promise<{ rows: FeedbackListing[]; total: number; page: number; pages: number }> {
  const where = STATE_CONDITION[filter.state];
  const [{ total }] = (await db.select({ total: count() }).from(feedback).where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  const rows = await db
    .select({
      reference: feedback.reference,
      createdAt: feedback.createdAt,
      fullName: feedback.fullName,
      evaluation: feedback.evaluation,
      description: feedback.description,
      fileName: feedback.fileName,
      handledAt: feedback.handledAt,
    })
    .from(feedback)
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(FEEDBACK_PAGE_SIZE)
    .offset((page - 1) * FEEDBACK_PAGE_SIZE);
  return {
    rows: rows.map((row) => ({
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
      fullName: row.fullName,
      evaluation: row.evaluation,
      excerpt: excerptOf(row.description),
      hasAttachment: row.fileName !== null,
      handled: row.handledAt !== null,
    })),
    total,
    page,
    pages,
  };
}

/** Whether a message has this reference (the inbox's search goes straight to it). */
export async function feedbackExists(db: Db, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: feedback.id }).from(feedback).where(eq(feedback.reference, reference));
  return row !== undefined;
}

/** One message in full (FEEDBACK_NOT_FOUND for an unknown reference). */
export async function readFeedback(db: Db, reference: string): Promise<FeedbackMessage> {
  const [row] = await db
    .select({ message: feedback, handlerName: staffAccounts.displayName })
    .from(feedback)
    .leftJoin(staffAccounts, eq(staffAccounts.id, feedback.handledBy))
    .where(eq(feedback.reference, reference));
  if (!row) throw new ConsoleError("FEEDBACK_NOT_FOUND");
  const { message } = row;
  return {
    reference: message.reference,
    createdAt: message.createdAt.toISOString(),
    fullName: message.fullName,
    gsm: message.gsm,
    email: message.email,
    evaluation: message.evaluation,
    description: message.description,
    language: message.language,
    attachment: message.fileName && message.fileType ? { type: message.fileType as FeedbackFileType, size: message.fileSize ?? 0 } : null,
    handled: message.handledAt ? { at: message.handledAt.toISOString(), by: row.handlerName, note: message.handledNote ?? "" } : null,
  };
}

const CONTENT_TYPES: Record<FeedbackFileType, string> = { jpeg: "image/jpeg", png: "image/png", pdf: "application/pdf" };

export interface FeedbackAttachment {
  /** The open file: the caller streams it and closes it. */
  file: import("node:fs/promises").FileHandle;
  size: number;
  contentType: string;
  /** The name the download is saved as: the reference and the verified type's extension. */
  downloadName: string;
}

/**
 * The attachment of a message, opened: the row is found by its reference and the file by the generated name
 * stored with it (a base name, checked again: never a path from the request); its type is the one verified
 * by its first bytes when it arrived.
 */
export async function openFeedbackAttachment(services: Pick<AppServices, "db" | "config">, reference: string): Promise<FeedbackAttachment> {
  const [row] = await services.db.select({ fileName: feedback.fileName, fileType: feedback.fileType }).from(feedback).where(eq(feedback.reference, reference));
  if (!row) throw new ConsoleError("FEEDBACK_NOT_FOUND");
  const type = row.fileType as FeedbackFileType | null;
  if (!row.fileName || !type || !(type in CONTENT_TYPES) || path.basename(row.fileName) !== row.fileName) throw new ConsoleError("NO_ATTACHMENT");
  const file = await open(path.join(feedbackDir(services), row.fileName), "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new ConsoleError("NO_ATTACHMENT");
    throw error;
  });
  const { size } = await file.stat().catch(async (error: unknown) => {
    await file.close();
    throw error;
  });
  return { file, size, contentType: CONTENT_TYPES[type], downloadName: `${reference}.${FEEDBACK_FILE_EXTENSIONS[type]}` };
}

/**
 * Marks a message handled with the staff member's note: one UPDATE … where handled_at is null, and its audit
 * row, in one transaction. The loser of a race (or a second try) gets FEEDBACK_HANDLED naming who handled it.
 */
export async function markFeedbackHandled(db: Db, actor: Actor, handler: { id: number }, reference: string, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(feedback)
      .set({ handledAt: new Date(), handledBy: handler.id, handledNote: note })
      .where(and(eq(feedback.reference, reference), isNull(feedback.handledAt)))
      .returning({ handledAt: feedback.handledAt });
    if (done) {
      await audit(tx, actor, "feedback.handle", `feedback:${reference}`, { handled: false }, { handled: true, note });
      return;
    }
    const [row] = await tx
      .select({ handlerName: staffAccounts.displayName, handlerEmail: staffAccounts.email })
      .from(feedback)
      .leftJoin(staffAccounts, eq(staffAccounts.id, feedback.handledBy))
      .where(eq(feedback.reference, reference));
    if (!row) throw new ConsoleError("FEEDBACK_NOT_FOUND");
    throw new ConsoleError("FEEDBACK_HANDLED", { messageValues: { name: row.handlerName ?? row.handlerEmail ?? "—" } });
  });
}
