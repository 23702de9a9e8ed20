// The console's content forms (issue 17): the fields of an item's edit form, derived from its kind's schema
// (common/content-schemas.ts), the conversion of the posted text back into the item as its file holds it,
// and the small forms of the item page (intent, revision, schedule). The item itself is then checked by
// the kind's schema, the same as content:load's.
import { CONTENT_KINDS, type ContentKind } from "./content-schemas.ts";
import { normaliseDigits } from "./language.ts";
import { LOCAL_TIME_PATTERN } from "./zoned-time.ts";
import { z } from "./zod.ts";

export type ContentInput = "text" | "long-text" | "html" | "number" | "boolean" | "enum" | "date" | "json" | "list" | "group" | "words";

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
  /** "list": the input of each element (`phones[0]`); "words": the kind of each comma-separated word. */
  element?: ContentField;
  /** "group": the inputs of each element's fields (`allowances[0].amount`). */
  columns?: ContentField[];
}

/** Empty rows a list or a group offers for a new element (an empty row is dropped when read). */
export const EXTRA_ROWS = 1;

/** Rich-text bodies: HTML that the site sanitises when it shows them (server/content/sanitize.ts). Offer terms and
 * FAQ answers are shown as plain text (with their codes linked), so they are long plain texts. */
const HTML_FIELD = /^(body|text)(Ar|En)$/;
/** Longer plain texts, shown as text areas. */
const LONG_FIELD = /^(summary|description|address|terms|answer)(Ar|En)$/;

/** The input of a field (`nested`: a field of a list's element, whose own lists are comma-separated words). */
function inputOf(name: string, schema: z.ZodType, nested = false): Omit<ContentField, "name" | "language" | "pair"> {
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
  if (type === "array") {
    const element = (inner as unknown as { def: { element: z.ZodType } }).def.element;
    const elementType = (element as unknown as { def: { type: string } }).def.type;
    if (elementType === "object") {
      const shape = (element as unknown as { shape: Record<string, z.ZodType> }).shape;
      const columns = Object.entries(shape).map(([column, schema]) => ({ name: column, ...inputOf(column, schema, true) }));
      if (columns.every((column) => ["text", "number", "enum", "words"].includes(column.input))) return { input: "group", nullable, columns };
    } else if (["string", "number", "enum"].includes(elementType)) {
      const field = { name: "", ...inputOf(name, element, true) };
      return nested ? { input: "words", nullable, element: field } : { input: "list", nullable, element: field };
    }
    return { input: "json", nullable };
  }
  if (type === "object") return { input: "json", nullable };
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
  if (field.input === "words") return Array.isArray(value) ? value.join(", ") : "";
  if (field.input === "boolean") return value === true ? "on" : "";
  return String(value);
}

/** The rows of a list (one value each) or a group (a value per column), with EXTRA_ROWS empty ones after. */
export function formRowsOf(field: ContentField, value: unknown): Record<string, string>[] {
  const elements = Array.isArray(value) ? value : [];
  const rows = elements.map((element) =>
    field.input === "group" ? Object.fromEntries(field.columns!.map((column) => [column.name, formValueOf(column, (element as Record<string, unknown>)?.[column.name])])) : { "": formValueOf(field.element!, element) },
  );
  const empty = field.input === "group" ? Object.fromEntries(field.columns!.map((column) => [column.name, ""])) : { "": "" };
  return [...rows, ...Array.from({ length: EXTRA_ROWS }, () => ({ ...empty }))];
}

/** The form name of a list's or a group's cell: `phones[0]`, `allowances[0].amount`. */
export const cellName = (field: ContentField, row: number, column = "") => `${field.name}[${row}]${column ? `.${column}` : ""}`;

/** One value typed in a scalar input, as the item holds it (undefined: nothing typed in a required field). */
function scalarOf(field: ContentField, text: string): unknown {
  if (field.nullable && text.trim() === "") return null;
  if (field.input === "number") return text.trim() === "" ? undefined : Number(normaliseDigits(text).trim());
  if (field.input === "words") {
    const words = normaliseDigits(text).split(/[,،\s]+/).filter(Boolean);
    return field.element!.input === "number" ? words.map(Number) : words;
  }
  return field.input === "html" || field.input === "long-text" ? text : text.trim();
}

const textOf = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n/g, "\n") : undefined);

/** The elements of a posted list or group, in order, an empty row dropped. */
function elementsOf(field: ContentField, raw: unknown): unknown[] {
  const rows = Array.isArray(raw) ? raw : [];
  const elements: unknown[] = [];
  for (const row of rows) {
    if (field.input === "list") {
      const text = textOf(row);
      if (text !== undefined && text.trim() !== "") elements.push(scalarOf(field.element!, text));
      continue;
    }
    if (row === null || typeof row !== "object" || Array.isArray(row)) continue;
    const cells = field.columns!.map((column) => [column, textOf((row as Record<string, unknown>)[column.name]) ?? ""] as const);
    if (cells.every(([, text]) => text.trim() === "")) continue;
    elements.push(Object.fromEntries(cells.map(([column, text]) => [column.name, scalarOf(column, text)])));
  }
  return elements;
}

/**
 * The item a posted edit form describes: numbers as numbers, a checked box as true, lists and groups from
 * their rows, JSON fields parsed, an empty nullable field as null. Answers the item and the fields whose
 * JSON could not be read (message keys).
 */
export function itemFromForm(kind: ContentKind, fields: Readonly<Record<string, unknown>>): { item: Record<string, unknown>; fieldErrors: Record<string, string[]> } {
  const item: Record<string, unknown> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const field of contentFieldsOf(kind)) {
    const raw = fields[field.name];
    if (field.input === "boolean") {
      item[field.name] = typeof raw === "string" && raw !== "";
      continue;
    }
    if (field.input === "list" || field.input === "group") {
      item[field.name] = elementsOf(field, raw);
      continue;
    }
    const text = textOf(raw);
    if (text === undefined) continue; // missing: the schema names it
    if (field.input === "json") {
      try {
        item[field.name] = JSON.parse(text);
      } catch {
        fieldErrors[field.name] = ["console.content.errors.jsonInvalid"];
      }
    } else item[field.name] = scalarOf(field, text);
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
