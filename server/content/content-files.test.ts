// The content import's revisions under a race: an item has one published revision (a unique index), so a
// publication of the same item committed while an import waits is decided by the database, and the import
// is refused whole (409), never a 500, never two published revisions.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { importContentFiles } from "./content-files.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const database = useTestDatabase({ each: true });

test("a publication of the same item committed while the import waits on it: the import is refused with CONTENT_BUSY and changes nothing", async () => {
  const offers = JSON.parse(readFileSync(path.join(rootDir, "content", "offers.json"), "utf8")) as { id: number; titleEn: string }[];
  offers.find((offer) => offer.id === 2)!.titleEn = "Imported title";
  const publisher = new pg.Client({ connectionString: database.url });
  await publisher.connect();
  try {
    // Another writer publishes offer 2 and has not committed yet.
    await publisher.query("begin");
    await publisher.query("insert into content_revisions (kind, item_key, data, state, origin) values ('offers', '2', '{}', 'published', 'edit')");
    const importing = importContentFiles(database.db, { staff: null, clientIp: null }, { "offers.json": JSON.stringify(offers) }, "en").then(
      () => null,
      (error: unknown) => error,
    );
    // The import's insert waits on the other writer's key; then the other writer commits.
    await expect
      .poll(async () => (await database.pool.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].n, { timeout: 10_000 })
      .toBe(1);
    await publisher.query("commit");
    expect(await importing).toMatchObject({ name: "ConsoleError", code: "CONTENT_BUSY", httpStatus: 409 });
  } finally {
    await publisher.end();
  }
  const { rows } = await database.pool.query("select state, origin from content_revisions where kind = 'offers' and item_key = '2'");
  expect(rows).toEqual([{ state: "published", origin: "edit" }]);
  const title = await database.pool.query("select title_en from offers where id = 2");
  expect(title.rows[0].title_en).not.toBe("Imported title");
});
