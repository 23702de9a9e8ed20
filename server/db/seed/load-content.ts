// Loads the demo content of content/*.json into the database. Idempotent: each row is upserted by its
// key, so running it again after an editor changed a file applies the change and duplicates nothing.
// The files, their schemas and tables are shared with the console (common/content-schemas.ts,
// server/content/content-kinds.ts).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../database.ts";
import { contentState } from "../schema.ts";
import { CONTENT_KIND_NAMES, CONTENT_KINDS } from "../../../common/content-schemas.ts";
import { upsertItem } from "../../content/content-kinds.ts";
import { rebuildSearchDocuments } from "../../search/index-documents.ts";

export async function loadContent(db: Db, contentDir: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const kind of CONTENT_KIND_NAMES) {
      const file = `${kind}.json`;
      const { row } = CONTENT_KINDS[kind];
      const text = await readFile(path.join(contentDir, file), "utf8");
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (error) {
        throw new Error(`content/${file}: ${(error as Error).message}`);
      }
      const parsed = z.array(row).safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Error(`content/${file}: item ${issue.path.join(".")}: ${issue.message}`);
      }
      for (const item of parsed.data) await upsertItem(tx, kind, item as Record<string, unknown>);
      counts[file] = parsed.data.length;
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
