// Loads the content files (content/*.json) into the database: `npm run content:load`, `--seed`, and the
// console's import. Idempotent: each row is upserted by its key, so loading again after an editor changed a
// file applies the change and duplicates nothing. The files, their schemas and tables are shared with the
// console's editor (common/content-schemas.ts, server/content/content-kinds.ts).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { CONTENT_KIND_NAMES, CONTENT_KINDS, type ContentKind } from "../../../common/content-schemas.ts";
import { CONTENT_TABLES, lockContentChanges, upsertItem } from "../../content/content-kinds.ts";
import { rebuildSearchDocuments } from "../../search/index-documents.ts";
import type { Db } from "../database.ts";
import { sqlStateOf } from "../errors.ts";
import { contentState } from "../schema.ts";

export type ContentFileName = `${ContentKind}.json`;

/** Every content file, in the order they load (a file after the files it names): its kind, table, key and schema. */
export const contentFiles = CONTENT_KIND_NAMES.map((kind) => ({
  kind,
  file: `${kind}.json` as ContentFileName,
  table: CONTENT_TABLES[kind].table,
  key: CONTENT_TABLES[kind].key,
  row: CONTENT_KINDS[kind].row,
  /** The field that keys the file's items (`id`, `type`, `slug`, `code`, `zone`). */
  keyField: CONTENT_KINDS[kind].key as string,
}));

/** What is wrong with a content file: its JSON, an item its schema refuses, two items with one key, a row the database refuses. */
export type ContentFileProblem = "not-a-content-file" | "json" | "schema" | "duplicate-key" | "database";

/** One file of content that does not pass: which file, which item (its index), which field, and what is wrong. */
export class ContentFileError extends Error {
  readonly file: string;
  /** The item's index in the file's array; null when the file as a whole is wrong (not JSON, not a list). */
  readonly item: number | null;
  /** The field's path inside the item (`allowances.0.unit`); null when the item as a whole is wrong. */
  readonly field: string | null;
  /** The schema's (or the database's) message; for a duplicate key, the key. */
  readonly detail: string;
  readonly problem: ContentFileProblem;
  constructor(file: string, item: number | null, field: string | null, detail: string, problem: ContentFileProblem = "schema") {
    super(`content/${file}: ${item === null ? "" : `item ${[item, field].filter((part) => part !== null && part !== "").join(".")}: `}${problem === "duplicate-key" ? `another item has the key ${detail}` : detail}`);
    this.name = "ContentFileError";
    this.file = file;
    this.item = item;
    this.field = field;
    this.detail = detail;
    this.problem = problem;
  }
}

export const CONTENT_FILE_NAMES: readonly ContentFileName[] = contentFiles.map((entry) => entry.file);

export function isContentFileName(name: string): name is ContentFileName {
  return (CONTENT_FILE_NAMES as readonly string[]).includes(name);
}

/** Reads and checks every file of `files` (file name → its text) with its schema; the first problem is thrown. */
export function parseContentFiles(files: Readonly<Record<string, string>>, options: { issueMessages?: z.core.$ZodErrorMap } = {}): Map<ContentFileName, Record<string, unknown>[]> {
  for (const name of Object.keys(files)) if (!isContentFileName(name)) throw new ContentFileError(name, null, null, "not a content file", "not-a-content-file");
  const parsedFiles = new Map<ContentFileName, Record<string, unknown>[]>();
  for (const entry of contentFiles) {
    const { file, row } = entry;
    const text = files[file];
    if (text === undefined) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new ContentFileError(file, null, null, (error as Error).message, "json");
    }
    // A list, of a bounded length, checked item by item up to the first refusal: a file of sixteen million
    // wrong items costs one item's check, not sixteen million messages.
    if (!Array.isArray(raw)) throw new ContentFileError(file, null, null, "not a list of items");
    if (raw.length > CONTENT_FILE_MAX_ITEMS) throw new ContentFileError(file, null, null, `more than ${CONTENT_FILE_MAX_ITEMS} items`);
    const data: unknown[] = [];
    for (const [index, value] of raw.entries()) {
      const parsed = (row as z.ZodType).safeParse(value, options.issueMessages ? { error: options.issueMessages } : undefined);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ContentFileError(file, index, issue.path.join("."), issue.message);
      }
      data.push(parsed.data);
    }
    const parsed = { data };
    // Two items with one key would load as one, the later silently winning: refused instead.
    const { keyField } = entry;
    const keys = new Set<string>();
    for (const [index, item] of (parsed.data as Record<string, unknown>[]).entries()) {
      const key = String(item[keyField]);
      if (keys.has(key)) throw new ContentFileError(file, index, keyField, key, "duplicate-key");
      keys.add(key);
    }
    parsedFiles.set(file, parsed.data as Record<string, unknown>[]);
  }
  return parsedFiles;
}

/** The most items a content file may hold (the largest of content/ has a few hundred). */
export const CONTENT_FILE_MAX_ITEMS = 5_000;

/** PostgreSQL's refusals of a row (a reference to a missing item, a duplicate, a value out of range). */
const ROW_REFUSED = /^(22|23)/;

/**
 * Loads the content files given as texts (file name → its JSON), all or nothing: every file is checked
 * first, then every item upserted in one transaction, the search index rebuilt and `content_state.version`
 * raised. Files that are not given are left as they are. Answers the items per file.
 */
export async function loadContentFiles(db: Db, files: Readonly<Record<string, string>>, options: { issueMessages?: z.core.$ZodErrorMap } = {}): Promise<Record<string, number>> {
  const parsedFiles = parseContentFiles(files, options);
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    await lockContentChanges(tx);
    for (const { kind, file } of contentFiles) {
      const items = parsedFiles.get(file);
      if (!items) continue;
      for (const [index, item] of items.entries()) {
        try {
          await upsertItem(tx, kind, item);
        } catch (error) {
          // The driver's reason names the constraint, never a value (Drizzle's own message quotes them).
          if (ROW_REFUSED.test(sqlStateOf(error) ?? "")) throw new ContentFileError(file, index, null, (error as Error & { cause?: Error }).cause?.message ?? "refused by the database", "database");
          throw error;
        }
      }
      counts[file] = items.length;
    }
    await rebuildSearchDocuments(tx as unknown as Db);
    // Every instance empties its cache of guest pages when this version changes (server/page-cache/).
    await tx
      .insert(contentState)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: contentState.id, set: { version: sql`${contentState.version} + 1`, loadedAt: sql`now()` } });
  });
  return counts;
}

/** Loads every file of content/ (`npm run content:load`, `--seed`): the directory read, then loadContentFiles. */
export async function loadContent(db: Db, contentDir: string): Promise<Record<string, number>> {
  const files: Record<string, string> = {};
  for (const { file } of contentFiles) files[file] = await readFile(path.join(contentDir, file), "utf8");
  return loadContentFiles(db, files);
}
