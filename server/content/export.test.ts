// Content stays a file format: a database loaded from content/ exports content/ byte for byte, an export
// imported again exports the same, and a bad file changes nothing. Each test has its own database, cloned
// from the run's template (migrated, content/ loaded).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { CONTENT_FILE_NAMES, ContentFileError, loadContent, loadContentFiles } from "../db/seed/load-content.ts";
import { contentArchive, exportContent, exportContentFile } from "./export.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const contentDir = path.join(rootDir, "content");
const repositoryFile = (file: string) => readFileSync(path.join(contentDir, file), "utf8");

const database = useTestDatabase({ each: true });

async function contentVersion(): Promise<number> {
  const { rows } = await database.pool.query<{ version: string }>("select version from content_state where id = 1");
  return Number(rows[0]!.version);
}

describe("exporting the content", () => {
  test("a database loaded from content/ exports every file of content/ byte for byte (the repository's files are canonical)", async () => {
    await loadContent(database.db, contentDir);
    const files = await exportContent(database.db);
    expect(Object.keys(files).sort()).toEqual([...CONTENT_FILE_NAMES].sort());
    for (const file of CONTENT_FILE_NAMES) expect(files[file], `content/${file} differs from its export: run npm run content:export -- --out content`).toBe(repositoryFile(file));
  });

  test("Arabic is written as it is, with 2-space indentation and a trailing newline", async () => {
    const text = await exportContentFile(database.db, "cities.json");
    expect(text).toContain('"nameAr": "دمشق"');
    expect(text).not.toMatch(/\\u06/);
    expect(text.startsWith('[\n  {\n    "id": 1,')).toBe(true);
    expect(text.endsWith("]\n")).toBe(true);
  });

  test("the archive holds every file at its top level, each equal to its export", async () => {
    const files = await exportContent(database.db);
    const unpacked = unzipSync(contentArchive(files));
    expect(Object.keys(unpacked).sort()).toEqual([...CONTENT_FILE_NAMES].sort());
    for (const file of CONTENT_FILE_NAMES) expect(strFromU8(unpacked[file]!)).toBe(files[file]);
  });
});

describe("importing an export", () => {
  test("export → import → export is identical, and the import raises the content version", async () => {
    const first = await exportContent(database.db);
    const before = await contentVersion();
    await loadContentFiles(database.db, first);
    expect(await contentVersion()).toBe(before + 1);
    expect(await exportContent(database.db)).toEqual(first);
  });

  test("a changed item is loaded, and only the files given are touched", async () => {
    const offers = JSON.parse(repositoryFile("offers.json")) as { id: number; titleEn: string }[];
    offers[0]!.titleEn = "Weekend triple data";
    await loadContentFiles(database.db, { "offers.json": JSON.stringify(offers) });
    expect(await exportContentFile(database.db, "offers.json")).toContain('"titleEn": "Weekend triple data"');
    expect(await exportContentFile(database.db, "news.json")).toBe(repositoryFile("news.json"));
  });

  test("an offer's banner goes through the round trip: loaded, exported, imported again; one of another host is refused", async () => {
    const offers = JSON.parse(repositoryFile("offers.json")) as Record<string, unknown>[];
    const banner = `/images/uploads/${"a".repeat(64)}`;
    offers[0]!.image = banner;
    // A file written before offers had images (no `image` field) still loads: the offer has none.
    delete offers[1]!.image;
    await loadContentFiles(database.db, { "offers.json": JSON.stringify(offers) });
    const exported = JSON.parse(await exportContentFile(database.db, "offers.json")) as Record<string, unknown>[];
    expect(exported.map((offer) => offer.image)).toEqual(offers.map((_, index) => (index === 0 ? banner : null)));
    // The field keeps its place in the schema's order (the last), as every exported offer has it.
    expect(Object.keys(exported[0]!).at(-1)).toBe("image");
    const first = await exportContent(database.db);
    await loadContentFiles(database.db, first);
    expect(await exportContent(database.db)).toEqual(first);
    offers[0]!.image = "https://example.com/banner";
    await expect(loadContentFiles(database.db, { "offers.json": JSON.stringify(offers) })).rejects.toMatchObject({ file: "offers.json", item: 0, field: "image" });
  });

  test("a bad file (a wrong field, a broken text, a missing reference, an unknown name) changes nothing, and names the file, item and field", async () => {
    const before = await exportContent(database.db);
    const version = await contentVersion();
    const offers = JSON.parse(repositoryFile("offers.json")) as Record<string, unknown>[];
    const goodOffers: Record<string, unknown>[] = offers.map((offer) => ({ ...offer, titleEn: `${String(offer.titleEn)} (changed)` }));
    const badOffers = structuredClone(goodOffers);
    badOffers[2]!.validTo = "next summer";
    await expect(loadContentFiles(database.db, { "news.json": before["news.json"], "offers.json": JSON.stringify(badOffers) })).rejects.toMatchObject({
      name: "ContentFileError",
      file: "offers.json",
      item: 2,
      field: "validTo",
    });
    await expect(loadContentFiles(database.db, { "offers.json": JSON.stringify(goodOffers), "jobs.json": "[{" })).rejects.toMatchObject({ file: "jobs.json", item: null });
    const bundles = JSON.parse(repositoryFile("bundles.json")) as Record<string, unknown>[];
    bundles[1]!.categoryId = 999;
    // The schema accepts it; the database refuses the missing category, and the offers before it are undone.
    await expect(loadContentFiles(database.db, { "offers.json": JSON.stringify(goodOffers), "bundles.json": JSON.stringify(bundles) })).rejects.toMatchObject({ file: "bundles.json", item: 1 });
    await expect(loadContentFiles(database.db, { "offers.json": JSON.stringify(goodOffers), "passwords.json": "[]" })).rejects.toBeInstanceOf(ContentFileError);
    // Two items with one key would load as one (the later winning): refused, naming the second.
    const twice = [...goodOffers, { ...goodOffers[0]!, titleEn: "A second offer 1" }];
    await expect(loadContentFiles(database.db, { "offers.json": JSON.stringify(twice) })).rejects.toMatchObject({ problem: "duplicate-key", item: goodOffers.length, field: "id", detail: "1" });
    expect(await exportContent(database.db)).toEqual(before);
    expect(await contentVersion()).toBe(version);
  });
});
