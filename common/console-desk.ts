// The forms of the console's feedback inbox and reservation desk (issue 17): each schema is the one check of
// its page action or query. Messages are catalog keys (`console.validation.*`).
import { isLoginNumber } from "./account-rules.ts";
import { normaliseDigits } from "./language.ts";
import { referenceOf } from "./reference.ts";
import type { StaffRole } from "./console.ts";
import { z } from "./zod.ts";

export const FEEDBACK_PAGE_SIZE = 25;
export const FEEDBACK_NOTE_MAX = 1000;
/** Of the message, the list shows its first words: at most this many characters. */
export const FEEDBACK_EXCERPT_CHARS = 80;
export const FEEDBACK_STATES = ["new", "handled", "all"] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
/** The query parameters of /console/feedback and /console/desk. */
export const FEEDBACK_QUERY = { state: "state", search: "q", page: "page" } as const;
export const DESK_QUERY = { lookup: "q" } as const;

/** /console/feedback's filters (a GET form). A search that reads as an FB- reference goes straight to it. */
export const feedbackFilter = z.object({
  state: z.enum(FEEDBACK_STATES).catch("new").default("new"),
  q: z.string().trim().max(40).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type FeedbackFilter = z.output<typeof feedbackFilter>;

/** The feedback reference of a path or a search (`fb-7k2m…`, Arabic-Indic digits), or null. */
export const feedbackReferenceOf = (text: string) => referenceOf("FB", text);

/** Marking a message handled: the note says what was done (required, bounded). */
export const handleFeedbackForm = z.object({
  note: z
    .string({ error: "console.validation.noteRequired" })
    // A form without JavaScript sends a line break as CRLF; the text area counted it as one character.
    .transform((note) => note.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, "console.validation.noteRequired")
    .max(FEEDBACK_NOTE_MAX, "console.validation.noteTooLong")),
});

/** What the desk's one field names: a reservation reference or a number of ours (local format). */
export type DeskLookup = { kind: "reference"; reference: string } | { kind: "number"; gsm: string };

export const deskLookupForm = z.object({
  q: z
    .string({ error: "console.validation.lookupRequired" })
    .max(40, "console.validation.lookupInvalid")
    .transform((value, context): DeskLookup => {
      const reference = referenceOf("R", value);
      if (reference) return { kind: "reference", reference };
      const typed = normaliseDigits(value).trim();
      // Digits with the spaces or dashes people write them with (094 412 3456).
      const gsm = /^[\d\s-]+$/.test(typed) ? typed.replace(/[\s-]/g, "") : "";
      if (isLoginNumber(gsm)) return { kind: "number", gsm };
      context.addIssue({ code: "custom", message: typed === "" ? "console.validation.lookupRequired" : "console.validation.lookupInvalid" });
      return z.NEVER;
    }),
});

const deskReference = z
  .string({ error: "console.validation.referenceInvalid" })
  .max(40, "console.validation.referenceInvalid")
  .transform((value, context) => {
    const reference = referenceOf("R", value);
    if (reference) return reference;
    context.addIssue({ code: "custom", message: "console.validation.referenceInvalid" });
    return z.NEVER;
  });

export const DESK_INTENTS = ["collect", "cancel"] as const;

/**
 * The desk's actions on one hold. Collecting needs the tick that the agent checked the customer's national ID
 * and birth date (we store no ID: it is checked at the desk, and the tick is the agent's word for it).
 */
export const deskActionForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("collect"),
      reference: deskReference,
      idChecked: z.literal("on", { error: "console.validation.idCheckRequired" }),
    }),
    z.object({ intent: z.literal("cancel"), reference: deskReference }),
  ],
  { error: "console.validation.intentInvalid" },
);

/**
 * Who works the inbox and the desk (issue 17 names the roles, not who reads feedback): the inbox is the
 * publishers' (the operator's content and communication people) and the admins'; the desk only centre agents'
 * (an admin has no desk of their own: the desk is tied to the agent's centres).
 */
export const FEEDBACK_ROLES = ["publisher", "admin"] as const satisfies readonly StaffRole[];
export const DESK_ROLES = ["centre-agent"] as const satisfies readonly StaffRole[];
