// Loads the demo content of content/*.json into the database. Idempotent: each row is upserted by its
// key, so running it again after an editor changed a file applies the change and duplicates nothing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../database.ts";
import { sqlStateOf } from "../errors.ts";
import {
  contentState,
  aboutContent,
  apps,
  bundleCategories,
  bundles,
  businessSolutions,
  cities,
  CENTRE_SERVICES,
  faqCategories,
  faqs,
  internationalTariffs,
  jobs,
  news,
  offers,
  productCategories,
  products,
  roamingCountries,
  roamingZones,
  segments,
  serviceCentres,
  services,
  socialLinks,
} from "../schema.ts";
import { rebuildSearchDocuments } from "../../search/index-documents.ts";

const bilingualName = z.object({ id: z.number().int().positive(), nameAr: z.string().min(1), nameEn: z.string().min(1) });
const httpsLink = z.url({ protocol: /^https$/ });
const text = z.string().min(1);
const slug = z.string().regex(/^[a-z][a-z0-9-]*$/);
const ussd = z.string().regex(/^\*[\d*]+#$/);
const countryCode = z.string().regex(/^[A-Z]{2}$/);
const dialCode = z.string().regex(/^\d{1,4}$/);
const price = z.number().int().nonnegative();
/** title, summary and an HTML body in both languages (bodies are sanitised when shown). */
const article = { titleAr: text, titleEn: text, summaryAr: text, summaryEn: text, bodyAr: text, bodyEn: text };
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Every content file, in the order they load (a file after the files it names). */
export const contentFiles = [
  {
    file: "about.json",
    table: aboutContent,
    key: aboutContent.type,
    row: z.object({
      type: z.number().int().positive(),
      slug: z.string().regex(/^[a-z-]+$/),
      titleAr: z.string().min(1),
      titleEn: z.string().min(1),
      textAr: z.string().min(1),
      textEn: z.string().min(1),
      image: z.string().nullable().default(null),
      largeImage: z.string().nullable().default(null),
    }),
  },
  {
    file: "bundle-categories.json",
    table: bundleCategories,
    key: bundleCategories.id,
    row: z.object({ id: z.number().int().positive(), titleAr: z.string().min(1), titleEn: z.string().min(1), sortOrder: z.number().int() }),
  },
  {
    file: "apps.json",
    table: apps,
    key: apps.id,
    row: z.object({
      id: z.number().int().positive(),
      titleAr: z.string().min(1),
      titleEn: z.string().min(1),
      link: httpsLink,
      appleLink: httpsLink,
      summaryAr: text,
      summaryEn: text,
      bodyAr: text,
      bodyEn: text,
      sortOrder: z.number().int(),
    }),
  },
  {
    file: "social-links.json",
    table: socialLinks,
    key: socialLinks.type,
    row: z.object({ type: z.number().int().min(0).max(3), link: httpsLink }),
  },
  {
    // After bundle-categories.json: a bundle names its category.
    file: "bundles.json",
    table: bundles,
    key: bundles.id,
    row: z.object({
      id: z.number().int().positive(),
      categoryId: z.number().int().positive(),
      type: z.enum(["data", "voice", "sms", "mixed"]),
      titleAr: z.string().min(1),
      titleEn: z.string().min(1),
      descriptionAr: z.string().min(1),
      descriptionEn: z.string().min(1),
      price: z.number().int().nonnegative(),
      validityDays: z.number().int().positive(),
      allowances: z
        .array(z.object({ kind: z.enum(["data", "voice", "sms"]), amount: z.number().nonnegative(), unit: z.enum(["GB", "MB", "min", "sms", "unlimited"]) }))
        .min(1),
      ussd: z.string().regex(/^\*[\d*]+#$/),
      smsKeyword: z.string().min(1),
      smsTo: z.string().regex(/^\d{3,6}$/),
      renewal: z.enum(["auto", "once"]),
      eligibility: z.enum(["prepaid", "postpaid", "both"]),
      popular: z.boolean(),
      sortOrder: z.number().int(),
    }),
  },
  {
    file: "offers.json",
    table: offers,
    key: offers.id,
    row: z.object({
      id: z.number().int().positive(),
      type: z.string().regex(/^[a-z-]+$/),
      titleAr: z.string().min(1),
      titleEn: z.string().min(1),
      summaryAr: z.string().min(1),
      summaryEn: z.string().min(1),
      termsAr: z.string().min(1),
      termsEn: z.string().min(1),
      validFrom: z.iso.date(),
      validTo: z.iso.date(),
      ussd: z.string().regex(/^\*[\d*]+#$/).nullable(),
      sortOrder: z.number().int(),
    }),
  },
  { file: "cities.json", table: cities, key: cities.id, row: bilingualName },
  { file: "jobs.json", table: jobs, key: jobs.id, row: bilingualName },
  {
    file: "product-categories.json",
    table: productCategories,
    key: productCategories.slug,
    row: z.object({ slug, titleAr: text, titleEn: text, summaryAr: text, summaryEn: text, sortOrder: z.number().int() }),
  },
  { file: "segments.json", table: segments, key: segments.id, row: z.object({ id: z.number().int().positive(), ...article, sortOrder: z.number().int() }) },
  {
    // After product-categories.json and segments.json: a product names both.
    file: "products.json",
    table: products,
    key: products.id,
    row: z.object({
      id: z.number().int().positive(),
      category: slug,
      segmentId: z.number().int().positive().nullable(),
      ...article,
      price: price.nullable(),
      priceUnit: z.enum(["once", "month", "minute"]).nullable(),
      ussd: ussd.nullable(),
      sortOrder: z.number().int(),
    }),
  },
  {
    file: "services.json",
    table: services,
    key: services.id,
    row: z.object({
      id: z.number().int().positive(),
      ...article,
      price,
      selfServicePath: z.string().regex(/^\/[a-z-]+$/).nullable(),
      ussd: ussd.nullable(),
      special: z.boolean(),
      sortOrder: z.number().int(),
    }),
  },
  {
    file: "business-solutions.json",
    table: businessSolutions,
    key: businessSolutions.id,
    row: z.object({ id: z.number().int().positive(), slug, ...article, sortOrder: z.number().int() }),
  },
  {
    file: "roaming-zones.json",
    table: roamingZones,
    key: roamingZones.zone,
    row: z.object({ zone: z.number().int().positive(), titleAr: text, titleEn: text, callLocal: price, callHome: price, callReceive: price, sms: price, dataPerMb: price }),
  },
  {
    file: "roaming-countries.json",
    table: roamingCountries,
    key: roamingCountries.code,
    row: z.object({
      code: countryCode,
      nameAr: text,
      nameEn: text,
      dialCode,
      zone: z.number().int().positive(),
      callRoaming: z.boolean(),
      smsRoaming: z.boolean(),
      operators: z.array(z.object({ name: text, networks: z.array(z.enum(["2G", "3G", "4G", "5G"])).min(1) })).min(1),
    }),
  },
  {
    file: "international-tariffs.json",
    table: internationalTariffs,
    key: internationalTariffs.code,
    row: z.object({ code: countryCode, nameAr: text, nameEn: text, dialCode, perMinute: price, perSms: price }),
  },
  { file: "faq-categories.json", table: faqCategories, key: faqCategories.slug, row: z.object({ slug, titleAr: text, titleEn: text, sortOrder: z.number().int() }) },
  {
    file: "faqs.json",
    table: faqs,
    key: faqs.id,
    row: z.object({ id: z.number().int().positive(), category: slug, questionAr: text, questionEn: text, answerAr: text, answerEn: text, sortOrder: z.number().int() }),
  },
  {
    // After cities.json: a centre names its city.
    file: "service-centres.json",
    table: serviceCentres,
    key: serviceCentres.id,
    row: z.object({
      id: z.number().int().positive(),
      cityId: z.number().int().positive(),
      nameAr: text,
      nameEn: text,
      addressAr: text,
      addressEn: text,
      phones: z.array(z.string().regex(/^\d{6,12}$/)).min(1),
      hours: z.array(z.object({ days: z.array(z.number().int().min(0).max(6)).min(1), open: time, close: time })),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      services: z.array(z.enum(CENTRE_SERVICES)),
    }),
  },
  {
    file: "news.json",
    table: news,
    key: news.id,
    row: z.object({
      id: z.number().int().positive(),
      type: z.enum(["news", "press"]),
      date: z.iso.date(),
      ...article,
      image: z.string().regex(/^\/images\/[a-z0-9/-]+$/).nullable().default(null),
    }),
  },
] as const;

/** Every column of the row except the key is updated on conflict. */
function updateSetFor(row: Record<string, unknown>, table: PgTable) {
  const columns = (table as unknown as Record<string, { name: string }>);
  return Object.fromEntries(Object.keys(row).map((field) => [field, sql.raw(`excluded."${columns[field]!.name}"`)]));
}

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

/** The field that keys a file's items (`id`, `type`, `slug`, `code`, `zone`): the one whose column is the key. */
export function keyFieldOf(entry: (typeof contentFiles)[number]): string {
  const columns = entry.table as unknown as Record<string, unknown>;
  const field = Object.keys(entry.row.shape).find((name) => columns[name] === entry.key);
  if (!field) throw new Error(`content/${entry.file}: its key is none of its fields`);
  return field;
}

export type ContentFileName = (typeof contentFiles)[number]["file"];
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
    const parsed = z.array(row).safeParse(raw, options.issueMessages ? { error: options.issueMessages } : undefined);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const [item, ...field] = issue.path;
      if (typeof item !== "number") throw new ContentFileError(file, null, null, issue.message);
      throw new ContentFileError(file, item, field.join("."), issue.message);
    }
    // Two items with one key would load as one, the later silently winning: refused instead.
    const keyField = keyFieldOf(entry);
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
    for (const { file, table, key } of contentFiles) {
      const items = parsedFiles.get(file);
      if (!items) continue;
      for (const [index, item] of items.entries()) {
        try {
          await tx
            .insert(table)
            .values(item as never)
            .onConflictDoUpdate({ target: key, set: updateSetFor(item, table) as never });
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
