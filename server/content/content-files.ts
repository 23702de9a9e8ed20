// The console's content files (issue 17): an upload (a zip archive of content files, or one content .json
// file) unpacked within limits, then imported with the same all-or-nothing checks as `npm run content:load`,
// in one transaction with a revision for each changed item and an audit row.
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { Unzip, UnzipInflate } from "fflate";
import { z } from "zod";
import { CONTENT_ARCHIVE_MAX_ENTRIES, CONTENT_ARCHIVE_MAX_UNPACKED_BYTES, CONTENT_UPLOAD_MAX_BYTES, type ConsoleUpload } from "../../common/console-uploads.ts";
import type { Language } from "../../common/language.ts";
import { audit, type Actor } from "../console/enrolment.ts";
import { ConsoleError } from "../console/errors.ts";
import { edgeError } from "../edge/app-error.ts";
import type { Db } from "../db/database.ts";
import { sqlStateOf } from "../db/errors.ts";
import { contentRevisions } from "../db/schema.ts";
import { contentFiles, ContentFileError, isContentFileName, loadContentFiles, type ContentFileName } from "../db/seed/load-content.ts";
import { translate } from "../i18n.ts";
import { exportContentItems } from "./export.ts";
import { lockContentChanges } from "./content-kinds.ts";
import { diffItems } from "./revisions.ts";
import type { ContentKind } from "../../common/content-schemas.ts";

/** Compressed data handed to the inflater at a time: one step unpacks at most ~1,000 times this (deflate's limit). */
const UNZIP_STEP_BYTES = 16 * 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

const startsWith = (head: Uint8Array, magic: number[]) => magic.every((byte, index) => head[index] === byte);

/**
 * A content file's name in an archive or as uploaded: `offers.json`, also inside one folder
 * (`content/offers.json`, how a zipped folder looks) or as a browser saves a second download (`offers (1).json`).
 */
function contentFileNameOf(name: string): string {
  const match = /^(?:[^/]+\/)?([a-z-]+)(?: \(\d+\))?\.json$/.exec(name);
  return match ? `${match[1]}.json` : name.split("/").pop()!.slice(0, 80);
}

/**
 * The files of an upload: file name → text. A zip is unpacked step by step and given up as soon as it holds
 * more entries or more bytes than the limits (a zip bomb costs a few milliseconds); anything else must be
 * JSON named as a content file.
 */
export async function contentFilesOfUpload(upload: ConsoleUpload): Promise<Record<string, string>> {
  // A file a little over the limit (the edge reports it one byte over): the form's own "too large".
  if (upload.size > CONTENT_UPLOAD_MAX_BYTES) throw edgeError.tooLarge("console.validation.uploadTooLarge");
  const bytes = new Uint8Array(await readFile(upload.path));
  if (startsWith(upload.head, ZIP_MAGIC) || startsWith(upload.head, EMPTY_ZIP_MAGIC)) return unpackArchive(bytes);
  const text = decodeUtf8(bytes);
  // JSON by its first character (after a byte-order mark or white space): a list of items.
  if (text === null || !/^\uFEFF?\s*\[/.test(text)) throw new ConsoleError("CONTENT_UPLOAD_TYPE");
  const name = contentFileNameOf(upload.fileName);
  if (!isContentFileName(name)) throw new ConsoleError("CONTENT_FILE_UNKNOWN", { messageValues: { file: name } });
  return { [name]: text.replace(/^\uFEFF/, "") };
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function unpackArchive(bytes: Uint8Array): Record<string, string> {
  const files: Record<string, string> = {};
  let refusal: ConsoleError | null = null;
  let entries = 0;
  let unpacked = 0;
  let pending = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (entry) => {
    entries += 1;
    if (entries > CONTENT_ARCHIVE_MAX_ENTRIES) refusal ??= new ConsoleError("CONTENT_ARCHIVE_TOO_LARGE");
    // Folders, and what macOS's archiver adds beside the files (__MACOSX/, ._name, .DS_Store); any other name
    // that is not a content file is refused below.
    if (refusal || entry.name.endsWith("/") || /^(?:[^/]+\/)?(?:__MACOSX\/|\._[^/]*$|\.DS_Store$)/.test(entry.name)) return;
    const name = contentFileNameOf(entry.name);
    if (!isContentFileName(name)) {
      refusal = new ConsoleError("CONTENT_FILE_UNKNOWN", { messageValues: { file: name } });
      return;
    }
    if (name in files) {
      refusal = new ConsoleError("CONTENT_ARCHIVE_BROKEN");
      return;
    }
    files[name] = "";
    pending += 1;
    const chunks: Uint8Array[] = [];
    entry.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) {
        refusal = new ConsoleError("CONTENT_ARCHIVE_BROKEN");
        return;
      }
      unpacked += chunk.length;
      if (unpacked > CONTENT_ARCHIVE_MAX_UNPACKED_BYTES) {
        refusal = new ConsoleError("CONTENT_ARCHIVE_TOO_LARGE");
        entry.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) {
        pending -= 1;
        const text = decodeUtf8(Buffer.concat(chunks));
        if (text === null) refusal = new ConsoleError("CONTENT_FILE_INVALID", { messageValues: { file: name, item: "—", field: "—", detail: "not UTF-8 text" } });
        else files[name] = text.replace(/^\uFEFF/, "");
      }
    };
    entry.start();
  };
  try {
    for (let offset = 0; offset < bytes.length && !refusal; offset += UNZIP_STEP_BYTES) {
      unzip.push(bytes.subarray(offset, offset + UNZIP_STEP_BYTES), offset + UNZIP_STEP_BYTES >= bytes.length);
    }
  } catch {
    refusal ??= new ConsoleError("CONTENT_ARCHIVE_BROKEN");
  }
  if (refusal) throw refusal;
  // An archive cut short leaves an entry unfinished; one with no content file at all is no import.
  if (pending > 0 || Object.keys(files).length === 0) throw new ConsoleError("CONTENT_ARCHIVE_BROKEN");
  return files;
}

export interface ContentImport {
  /** Items per file imported. */
  files: Record<string, number>;
  /** Items per file that changed (new or different). */
  changed: Record<string, number>;
}

/**
 * Imports content files (file name → text) all or nothing: every file is checked by its schema first, the
 * items are upserted, the search index rebuilt and `content_state.version` raised (loadContentFiles); each
 * changed item gets a published revision (origin `import`; its previous published one is superseded), and
 * one `content.import` audit row says the rows per file before and after. A refusal names the first file,
 * item and field, in the staff member's language. `now` is the content clock's (server/content/content-clock.ts).
 */
export async function importContentFiles(db: Db, actor: Actor, files: Readonly<Record<string, string>>, language: Language, now = new Date()): Promise<ContentImport> {
  try {
    return await db.transaction(async (tx) => {
      // One content change at a time (imports, publishing, the scheduler), this lock first: lockContentChanges.
      await lockContentChanges(tx);
      const names = contentFiles.map((entry) => entry.file).filter((file) => file in files);
      const before = new Map<ContentFileName, Record<string, unknown>[]>();
      for (const file of names) before.set(file, await exportContentItems(tx, file));
      const counts = await loadContentFiles(tx as unknown as Db, files, { issueMessages: z.locales[language]().localeError });
      const changed: Record<string, number> = {};
      const rowsAfter: Record<string, number> = {};
      for (const entry of contentFiles.filter((candidate) => names.includes(candidate.file))) {
        const { keyField } = entry;
        const old = new Map(before.get(entry.file)!.map((item) => [String(item[keyField]), JSON.stringify(item)]));
        const kind = entry.file.replace(/\.json$/, "");
        let changedItems = 0;
        const items = await exportContentItems(tx, entry.file);
        rowsAfter[entry.file] = items.length;
        for (const item of items) {
          const itemKey = String(item[keyField]);
          if (old.get(itemKey) === JSON.stringify(item)) continue;
          changedItems += 1;
          // The version guests saw until now is in the history (an item content:load put there has none).
          const oldItem = before.get(entry.file)!.find((candidate) => String(candidate[keyField]) === itemKey);
          const [published] = (await tx.execute<{ data: unknown; end_at: Date | null }>(sql`update content_revisions set state = 'superseded', updated_at = ${now} where kind = ${kind} and item_key = ${itemKey} and state = 'published' returning data, end_at`)).rows;
          if (oldItem && (!published || diffItems(kind as ContentKind, published.data, oldItem).length > 0)) {
            await tx.insert(contentRevisions).values({ kind, itemKey, data: oldItem, state: "superseded", origin: "import", publishedAt: now });
          }
          // An end still to come (an offer's, a news item's) stays with the imported version.
          const endAt = published?.end_at && new Date(published.end_at).getTime() > now.getTime() ? new Date(published.end_at) : null;
          // One published revision per item (a unique index): a publication of the same item that did not wait
          // for the content_state lock is decided by the database, and this import is refused whole.
          await tx
            .insert(contentRevisions)
            .values({ kind, itemKey, data: item, state: "published", origin: "import", createdBy: actor.staff?.id ?? null, publishedBy: actor.staff?.id ?? null, publishedAt: now, endAt })
            .catch((error: unknown) => {
              throw sqlStateOf(error) === "23505" ? new ConsoleError("CONTENT_BUSY") : error;
            });
        }
        changed[entry.file] = changedItems;
      }
      const rowsBefore = Object.fromEntries(names.map((file) => [file, before.get(file)!.length]));
      await audit(tx, actor, "content.import", `content:${names.length}-files`, { rows: rowsBefore }, { rows: rowsAfter, imported: counts, changed });
      return { files: counts, changed };
    });
  } catch (error) {
    if (error instanceof ContentFileError) {
      throw new ConsoleError("CONTENT_FILE_INVALID", {
        messageValues: {
          file: error.file,
          item: error.item === null ? translate(language, "console.contentFiles.noItem") : String(error.item + 1),
          field: error.field ? error.field : translate(language, "console.contentFiles.wholeFile"),
          detail: error.problem === "duplicate-key" ? translate(language, "console.contentFiles.duplicateKey", { key: error.detail.slice(0, 100) }) : error.detail.slice(0, 300),
        },
      });
    }
    throw error;
  }
}
