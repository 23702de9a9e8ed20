// Loading the demo content (content/*.json) is idempotent and all-or-nothing, and a bad file is
// reported by name. Each test runs on its own clone of the migrated template database.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database.ts";
import { CONTENT_FILE_MAX_ITEMS, ContentFileError, loadContent, parseContentFiles } from "./load-content.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const contentDir = path.join(rootDir, "content");
const TABLES = {
  "about.json": "about_content",
  "bundle-categories.json": "bundle_categories",
  "bundles.json": "bundles",
  "offers.json": "offers",
  "apps.json": "apps",
  "social-links.json": "social_links",
  "cities.json": "cities",
  "jobs.json": "jobs",
  "product-categories.json": "product_categories",
  "segments.json": "segments",
  "products.json": "products",
  "services.json": "services",
  "business-solutions.json": "business_solutions",
  "roaming-zones.json": "roaming_zones",
  "roaming-countries.json": "roaming_countries",
  "international-tariffs.json": "international_tariffs",
  "faq-categories.json": "faq_categories",
  "faqs.json": "faqs",
  "service-centres.json": "service_centres",
  "news.json": "news",
} as const;

const database = useTestDatabase({ each: true });
let scratchDir: string | undefined;

afterEach(() => {
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  scratchDir = undefined;
});

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [file, table] of Object.entries(TABLES)) {
    const { rows } = await database.pool.query<{ count: string }>(`select count(*) from ${table}`);
    counts[file] = Number(rows[0]!.count);
  }
  return counts;
}

function fileLengths(dir: string): Record<string, number> {
  return Object.fromEntries(Object.keys(TABLES).map((file) => [file, (JSON.parse(readFileSync(path.join(dir, file), "utf8")) as unknown[]).length]));
}

/** A copy of content/ that a test may change. */
function copyOfContent(): string {
  scratchDir = mkdtempSync(path.join(os.tmpdir(), "content-"));
  cpSync(contentDir, scratchDir, { recursive: true });
  return scratchDir;
}

describe("loadContent", () => {
  test("reports one count per file, equal to the number of items in it", async () => {
    const counts = await loadContent(database.db, contentDir);
    expect(counts).toEqual(fileLengths(contentDir));
    for (const count of Object.values(counts)) expect(count).toBeGreaterThan(0);
  });

  test("is idempotent: loading twice leaves the same rows as loading once", async () => {
    await loadContent(database.db, contentDir);
    const once = await rowCounts();
    await loadContent(database.db, contentDir);
    const twice = await rowCounts();
    expect(twice).toEqual(once);
    expect(once).toEqual(fileLengths(contentDir));
  });

  test("applies an edited text on the next load without duplicating the row", async () => {
    const dir = copyOfContent();
    const cities = JSON.parse(readFileSync(path.join(dir, "cities.json"), "utf8")) as { id: number; nameEn: string }[];
    cities[0]!.nameEn = "Renamed city";
    writeFileSync(path.join(dir, "cities.json"), JSON.stringify(cities));
    await loadContent(database.db, dir);
    const { rows } = await database.pool.query("select name_en from cities where id = $1", [cities[0]!.id]);
    expect(rows).toEqual([{ name_en: "Renamed city" }]);
    expect((await rowCounts())["cities.json"]).toBe(cities.length);
  });

  test("an item that breaks the rules fails with the file's name, the item and the problem", async () => {
    const dir = copyOfContent();
    const jobs = JSON.parse(readFileSync(path.join(dir, "jobs.json"), "utf8")) as { nameEn: string }[];
    jobs[1]!.nameEn = "";
    writeFileSync(path.join(dir, "jobs.json"), JSON.stringify(jobs));
    await expect(loadContent(database.db, dir)).rejects.toThrow(/content\/jobs\.json: item 1\.nameEn/);
  });

  test("a link that is not https fails naming apps.json", async () => {
    const dir = copyOfContent();
    const apps = JSON.parse(readFileSync(path.join(dir, "apps.json"), "utf8")) as { link: string }[];
    apps[0]!.link = "http://insecure.example/app";
    writeFileSync(path.join(dir, "apps.json"), JSON.stringify(apps));
    await expect(loadContent(database.db, dir)).rejects.toThrow(/content\/apps\.json/);
  });

  test("a file that is not valid JSON fails with an error naming the file", async () => {
    const dir = copyOfContent();
    writeFileSync(path.join(dir, "social-links.json"), '[{ "type": 0, "link": "https://x.example" ');
    await expect(loadContent(database.db, dir)).rejects.toThrow(/social-links\.json/);
  });

  test("a missing file fails with an error naming the file", async () => {
    const dir = copyOfContent();
    rmSync(path.join(dir, "cities.json"));
    await expect(loadContent(database.db, dir)).rejects.toThrow(/cities\.json/);
  });

  test("is all or nothing: when a later file is bad, the earlier files' changes are not applied", async () => {
    const dir = copyOfContent();
    const categories = JSON.parse(readFileSync(path.join(dir, "bundle-categories.json"), "utf8")) as { id: number; titleEn: string }[];
    const before = await database.pool.query("select title_en from bundle_categories where id = $1", [categories[0]!.id]);
    categories[0]!.titleEn = "Changed title";
    writeFileSync(path.join(dir, "bundle-categories.json"), JSON.stringify(categories));
    writeFileSync(path.join(dir, "jobs.json"), JSON.stringify([{ id: -1, nameAr: "", nameEn: "" }]));
    await expect(loadContent(database.db, dir)).rejects.toThrow(/jobs\.json/);
    const after = await database.pool.query("select title_en from bundle_categories where id = $1", [categories[0]!.id]);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows[0]?.title_en).not.toBe("Changed title");
  });

  test("rebuilds the search documents from what it loaded: an edited title is found, the old one is not", async () => {
    const dir = copyOfContent();
    const faqs = JSON.parse(readFileSync(path.join(dir, "faqs.json"), "utf8")) as { id: number; questionEn: string }[];
    faqs[0]!.questionEn = "How do I find the zebracrossing page?";
    writeFileSync(path.join(dir, "faqs.json"), JSON.stringify(faqs));
    await loadContent(database.db, contentDir);
    await loadContent(database.db, dir);
    const { rows } = await database.pool.query("select url from search_documents where language = 'en' and folded like '%zebracrossing%'");
    expect(rows).toEqual([{ url: `/support/FAQs#faq-${faqs[0]!.id}` }]);
  });

  test("a product naming a category that does not exist fails the whole load", async () => {
    const dir = copyOfContent();
    const products = JSON.parse(readFileSync(path.join(dir, "products.json"), "utf8")) as { category: string }[];
    products[0]!.category = "no-such-category";
    writeFileSync(path.join(dir, "products.json"), JSON.stringify(products));
    await expect(loadContent(database.db, dir)).rejects.toThrow();
  });
});

describe("a file built to cost time (a hostile review)", () => {
  test("millions of items are refused by their count before any is checked; wrong items stop at the first; a file that is no list is refused", () => {
    expect(() => parseContentFiles({ "cities.json": `[${"1,".repeat(4_000_000)}1]` })).toThrow(/more than 5000 items/);
    expect(() => parseContentFiles({ "cities.json": JSON.stringify(Array.from({ length: CONTENT_FILE_MAX_ITEMS + 1 }, (_, index) => ({ id: index + 1, nameAr: "م", nameEn: "c" }))) })).toThrow(/more than 5000 items/);
    const wrong = (() => {
      try {
        parseContentFiles({ "cities.json": "[1, 2, 3]" });
      } catch (error) {
        return error as ContentFileError;
      }
    })();
    expect(wrong).toMatchObject({ file: "cities.json", item: 0 });
    expect(() => parseContentFiles({ "cities.json": "{}" })).toThrow(/not a list/);
  });
});
