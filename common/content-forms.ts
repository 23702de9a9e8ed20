// The console's content forms (issue 17): the fields of an item's edit form, derived from its kind's schema
// (common/content-schemas.ts), the conversion of the posted text back into the item as its file holds it,
// and the small forms of the item page (intent, revision, schedule). The item itself is then checked by
// the kind's schema, the same as content:load's.
import { CONTENT_KINDS, type ContentKind } from "./content-schemas.ts";
import { normaliseDigits } from "./language.ts";
import { LOCAL_TIME_PATTERN } from "./zoned-time.ts";
import { z } from "./zod.ts";

export type ContentInput = "text" | "long-text" | "html" | "number" | "boolean" | "enum" | "date" | "json";

export interface ContentField {
  name: string;
  input: ContentInput;
  /** An empty value is null (a field the file may leave null). */
  nullable: boolean;
  options?: readonly string[];
  /** `titleAr`/`titleEn`: the language of one of a pair shown side by side. */
  language?: "ar" | "en";
  /** The pair's name without its language (`title`). */
  pair?: string;
}

/** Rich-text bodies: HTML that the site sanitises when it shows them (server/content/sanitize.ts). */
const HTML_FIELD = /^(body|text|terms|answer)(Ar|En)$/;
/** Longer plain texts, shown as text areas. */
const LONG_FIELD = /^(summary|description|address)(Ar|En)$/;

function inputOf(name: string, schema: z.ZodType): Omit<ContentField, "name" | "language" | "pair"> {
  let inner = schema;
  let nullable = false;
  for (;;) {
    const def = (inner as unknown as { def: { type: string; innerType?: z.ZodType } }).def;
    if (def.type === "nullable") nullable = true;
    if ((def.type === "nullable" || def.type === "default" || def.type === "optional") && def.innerType) inner = def.innerType;
    else break;
  }
  const type = (inner as unknown as { def: { type: string } }).def.type;
  if (type === "number") return { input: "number", nullable };
  if (type === "boolean") return { input: "boolean", nullable };
  if (type === "enum") return { input: "enum", nullable, options: (inner as unknown as { options: string[] }).options };
  if (type === "array" || type === "object") return { input: "json", nullable };
  if ((inner as unknown as { format?: string }).format === "date") return { input: "date", nullable };
  if (HTML_FIELD.test(name)) return { input: "html", nullable };
  if (LONG_FIELD.test(name)) return { input: "long-text", nullable };
  return { input: "text", nullable };
}

/** The fields of a kind's edit form, in the schema's order. */
export function contentFieldsOf(kind: ContentKind): ContentField[] {
  const shape = CONTENT_KINDS[kind].row.shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, schema]) => {
    const pair = /^(.+)(Ar|En)$/.exec(name);
    const bilingual = pair && Object.hasOwn(shape, `${pair[1]}Ar`) && Object.hasOwn(shape, `${pair[1]}En`);
    return { name, ...inputOf(name, schema), ...(bilingual ? { language: pair[2] === "Ar" ? ("ar" as const) : ("en" as const), pair: pair[1] } : {}) };
  });
}

/** How a field's value is written in the form (the reverse of itemFromForm). */
export function formValueOf(field: ContentField, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (field.input === "json") return JSON.stringify(value, null, 2);
  if (field.input === "boolean") return value === true ? "on" : "";
  return String(value);
}

/**
 * The item a posted edit form describes: numbers as numbers, a checked box as true, JSON fields parsed, an
 * empty nullable field as null. Answers the item and the fields whose JSON could not be read (message keys).
 */
export function itemFromForm(kind: ContentKind, fields: Readonly<Record<string, unknown>>): { item: Record<string, unknown>; fieldErrors: Record<string, string[]> } {
  const item: Record<string, unknown> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const field of contentFieldsOf(kind)) {
    const raw = fields[field.name];
    const text = typeof raw === "string" ? raw.replace(/\r\n/g, "\n") : undefined;
    if (field.input === "boolean") {
      item[field.name] = text !== undefined && text !== "";
      continue;
    }
    if (text === undefined) continue; // missing: the schema names it
    if (field.nullable && text.trim() === "") {
      item[field.name] = null;
      continue;
    }
    if (field.input === "number") item[field.name] = text.trim() === "" ? undefined : Number(normaliseDigits(text).trim());
    else if (field.input === "json") {
      try {
        item[field.name] = JSON.parse(text);
      } catch {
        fieldErrors[field.name] = ["console.content.errors.jsonInvalid"];
      }
    } else item[field.name] = field.input === "html" || field.input === "long-text" ? text : text.trim();
  }
  return { item, fieldErrors };
}

export const CONTENT_INTENTS = ["save", "publish", "schedule", "discard", "unpublish", "rollback"] as const;
export type ContentIntent = (typeof CONTENT_INTENTS)[number];
export const contentIntentForm = z.object({ intent: z.enum(CONTENT_INTENTS, { error: "console.validation.intentInvalid" }) });

const revision = z.coerce.number({ error: "console.content.validation.revisionInvalid" }).int("console.content.validation.revisionInvalid").min(1, "console.content.validation.revisionInvalid").max(Number.MAX_SAFE_INTEGER, "console.content.validation.revisionInvalid");
/** Discard, publish a saved draft, roll back to a version: the revision. */
export const revisionForm = z.object({ revision });

/** A wall-clock time in the operator's zone, as a `datetime-local` input sends it (seconds optional). */
const localTime = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => normaliseDigits(value).trim())
    .refine((value) => {
      const match = LOCAL_TIME_PATTERN.exec(value);
      if (!match) return false;
      const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
      return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
    }, message);

export const scheduleForm = z.object({
  revision,
  publishAt: localTime("console.content.validation.timeRequired"),
  endAt: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(localTime("console.content.validation.timeRequired").optional()),
});

/** A search of the content lists (GET). */
export const contentSearch = z.object({ q: z.string().trim().max(100).optional().catch(undefined) });

/** The two versions the item page compares (GET `?compare=a&with=b`). */
export const compareQuery = z.object({
  compare: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  with: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
