// How much each route's body may hold. A form or JSON call takes a few kilobytes; only the routes that
// accept a file take multipart, with one file part streamed to disk. The spec API routes name their
// limits where they are declared (server/edge/api-route.ts); the page actions are listed here, so that
// the hostile-input tests can walk every one of them.
import { FEEDBACK_FILE_MAX_BYTES } from "../../common/feedback-rules.ts";
import { CONTENT_UPLOAD_MAX_BYTES, MEDIA_UPLOAD_MAX_BYTES } from "../../common/console-uploads.ts";
import { FEEDBACK_NOTE_MAX } from "../../common/console-desk.ts";
import type { PlainKey } from "../../common/message-key.ts";

export interface BodyLimits {
  /** Bytes of a form or JSON body. */
  bytes: number;
  /** Bytes of one field's value. */
  fieldBytes: number;
  /** Fields (leaves) in all. */
  fields: number;
  /** Segments of one name (`others[1].numbers[2]` is 4), levels of a JSON body. */
  depth: number;
  /** Highest index + 1 of a bracket name, length of a JSON array. */
  arrayLength: number;
  /** Routes that take one file: multipart is accepted, the file goes to `directory`. */
  file?: { fileBytes: number; requestBytes: number; directory: string; tooLargeMessage: PlainKey };
}

/** A small form or JSON call (login, a number, a feature's switches). */
export const SMALL_BODY: Omit<BodyLimits, "file"> = { bytes: 8 * 1024, fieldBytes: 2 * 1024, fields: 40, depth: 4, arrayLength: 8 };

/** The auto-reply: 10 exceptions of a 160-character message and 20 numbers each (common/line-features-rules.ts). */
export const AUTO_REPLY_BODY: Omit<BodyLimits, "file"> = { bytes: 48 * 1024, fieldBytes: 2 * 1024, fields: 260, depth: 4, arrayLength: 24 };

/**
 * The feedback form: its text fields and one file; a request up to 1 MiB over the file limit is read, so a
 * file a little too large gets a message under its field (and the other fields are kept); beyond, 413.
 */
export function feedbackBody(dataDir: string): BodyLimits {
  return {
    bytes: 16 * 1024,
    fieldBytes: 8 * 1024,
    fields: 12,
    depth: 1,
    arrayLength: 1,
    file: {
      fileBytes: FEEDBACK_FILE_MAX_BYTES,
      requestBytes: FEEDBACK_FILE_MAX_BYTES + 1024 * 1024,
      directory: `${dataDir}/uploads`,
      tooLargeMessage: "validation.fileTooLarge",
    },
  };
}

/**
 * The console's uploads (one file and a few small fields): a content archive or file (`content-files`) and an image
 * (`media`). As with feedback, a file a little over its limit gets a message; beyond, 413.
 */
export function consoleUploadBody(dataDir: string, kind: "content-files" | "media"): BodyLimits {
  const fileBytes = kind === "content-files" ? CONTENT_UPLOAD_MAX_BYTES : MEDIA_UPLOAD_MAX_BYTES;
  return {
    bytes: 8 * 1024,
    fieldBytes: 1024,
    fields: 4,
    depth: 1,
    arrayLength: 1,
    file: { fileBytes, requestBytes: fileBytes + 1024 * 1024, directory: `${dataDir}/uploads`, tooLargeMessage: "console.validation.uploadTooLarge" },
  };
}

export type PageActionBody = "small" | "auto-reply" | "feedback" | "content-files" | "media" | "content" | "note";

/**
 * A staff member's note (marking a feedback message handled): FEEDBACK_NOTE_MAX characters, each up to 4
 * bytes in UTF-8 and 12 once a form encodes it, so no note the form allows is refused by the reader.
 */
export const NOTE_BODY: Omit<BodyLimits, "file"> = { bytes: 12 * FEEDBACK_NOTE_MAX + 1024, fieldBytes: 4 * FEEDBACK_NOTE_MAX, fields: 8, depth: 1, arrayLength: 1 };

/**
 * The console's content item form: every field of an item, rich-text bodies up to 64 KiB each (the
 * longest body of content/ is a few KiB), nested lists as rows (`hours[6].open`: 3 levels, 40 rows).
 */
export const CONTENT_BODY: Omit<BodyLimits, "file"> = { bytes: 256 * 1024, fieldBytes: 64 * 1024, fields: 200, depth: 3, arrayLength: 40 };


/**
 * Every page action (a POST to a page or to an /account/* route) and the body it takes. The hostile-input
 * suite posts to each; a new action is added here, or its route refuses every body (see page-action).
 */
export const PAGE_ACTIONS: readonly {
  path: string;
  body: PageActionBody;
  subscriber: boolean;
  /** A staff member's action: without a console session it is sent to the console login before its body is read. */
  staff?: boolean;
}[] = [
  { path: "/account/code", body: "small", subscriber: false },
  { path: "/account/verify", body: "small", subscriber: false },
  { path: "/account/select-number", body: "small", subscriber: true },
  { path: "/account/logout", body: "small", subscriber: false },
  { path: "/account/logout-others", body: "small", subscriber: true },
  { path: "/profile", body: "small", subscriber: true },
  { path: "/my-line", body: "small", subscriber: true },
  { path: "/top-up", body: "small", subscriber: true },
  { path: "/reserve-number", body: "small", subscriber: true },
  { path: "/call-forward", body: "small", subscriber: true },
  { path: "/super-clip", body: "auto-reply", subscriber: true },
  { path: "/call-barring", body: "small", subscriber: true },
  { path: "/hotline", body: "small", subscriber: true },
  { path: "/support/Feedback", body: "feedback", subscriber: false },
  // The operator's console (issue 17): staff sessions, never the subscriber's (app/console/staff.server.ts).
  { path: "/console/login", body: "small", subscriber: false },
  { path: "/console/logout", body: "small", subscriber: false },
  // The token is part of the path; the hostile-input suite posts to this path as written (an unknown token).
  { path: "/console/enrol/:token", body: "small", subscriber: false },
  { path: "/console/staff", body: "small", subscriber: false, staff: true },
  // The feedback inbox (mark handled; the reference is part of the path) and the reservation desk.
  { path: "/console/feedback/:reference", body: "note", subscriber: false, staff: true },
  { path: "/console/desk", body: "small", subscriber: false, staff: true },
  { path: "/console/content-files", body: "content-files", subscriber: false, staff: true },
  { path: "/console/media", body: "media", subscriber: false, staff: true },
  // Content (editors and publishers): an item's form and its buttons; a new item's form.
  { path: "/console/content/:kind/:key", body: "content", subscriber: false, staff: true },
  { path: "/console/content/:kind/new", body: "content", subscriber: false, staff: true },
];

export function pageActionLimits(body: PageActionBody, dataDir: string): BodyLimits {
  if (body === "feedback") return feedbackBody(dataDir);
  if (body === "content-files" || body === "media") return consoleUploadBody(dataDir, body);
  if (body === "content") return CONTENT_BODY;
  if (body === "note") return NOTE_BODY;
  return body === "auto-reply" ? AUTO_REPLY_BODY : SMALL_BODY;
}
