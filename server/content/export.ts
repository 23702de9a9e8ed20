// The live content read back as files: for each content file, exactly the JSON that content/<file> holds
// (the loader's `contentFiles`), so that export → commit → `npm run content:load` is a git workflow and an
// export of a database loaded from content/ equals content/ byte for byte. The canonical form: the
// items sorted by their key (numbers ascending, codes and slugs by code point), each item's fields in the
// order of its file's schema, 2-space indentation, Arabic as it is (not escaped), a trailing newline.
import { zipSync, strToU8 } from "fflate";
import type { Db } from "../db/database.ts";
import { CONTENT_FILE_NAMES, contentFiles, type ContentFileName } from "../db/seed/load-content.ts";

type ContentFileEntry = (typeof contentFiles)[number];
/** A database or an open transaction. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The canonical text of a content file's items. */
export function contentFileText(items: readonly unknown[]): string {
  return `${JSON.stringify(items, null, 2)}\n`;
}

function entryOf(file: ContentFileName): ContentFileEntry {
  return contentFiles.find((entry) => entry.file === file)!;
}

const byKey = (field: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const left = a[field] as string | number;
  const right = b[field] as string | number;
  return typeof left === "number" && typeof right === "number" ? left - right : String(left) < String(right) ? -1 : String(left) > String(right) ? 1 : 0;
};

/** The items of one content file as the live table holds them, in the file's canonical order and shape. */
export async function exportContentItems(db: Db | Tx, file: ContentFileName): Promise<Record<string, unknown>[]> {
  const entry = entryOf(file);
  const fields = Object.keys(entry.row.shape);
  const rows = (await (db as Db).select().from(entry.table as never)) as Record<string, unknown>[];
  return rows.map((row) => Object.fromEntries(fields.map((field) => [field, row[field] ?? null]))).sort(byKey(entry.keyField));
}

/** One content file's text. */
export async function exportContentFile(db: Db | Tx, file: ContentFileName): Promise<string> {
  return contentFileText(await exportContentItems(db, file));
}

/** Every content file: file name → its text, in the loader's order. */
export async function exportContent(db: Db): Promise<Record<ContentFileName, string>> {
  // One snapshot: a publish between two files' reads cannot leave a bundle naming a category the archive lacks.
  return db.transaction(
    async (tx) => {
      const files = {} as Record<ContentFileName, string>;
      for (const file of CONTENT_FILE_NAMES) files[file] = await exportContentFile(tx, file);
      return files;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Items per content file, as the live tables hold them (the console's list of files). */
export async function contentFileCounts(db: Db): Promise<{ file: ContentFileName; items: number }[]> {
  const counts: { file: ContentFileName; items: number }[] = [];
  for (const entry of contentFiles) counts.push({ file: entry.file, items: await db.$count(entry.table as never) });
  return counts;
}

/** The files as one zip archive (each at the archive's top level, as content/ holds them). */
export function contentArchive(files: Readonly<Record<string, string>>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 9 });
}
