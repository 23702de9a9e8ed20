// Loads the demo content of content/*.json into the database. Idempotent: each row is upserted by its
// key, so running it again after an editor changed a file applies the change and duplicates nothing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../database.ts";
import { aboutContent, apps, bundleCategories, bundles, cities, jobs, offers, socialLinks } from "../schema.ts";

const bilingualName = z.object({ id: z.number().int().positive(), nameAr: z.string().min(1), nameEn: z.string().min(1) });
const httpsLink = z.url({ protocol: /^https$/ });

const contentFiles = [
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
] as const;

/** Every column of the row except the key is updated on conflict. */
function updateSetFor(row: Record<string, unknown>, table: PgTable) {
  const columns = (table as unknown as Record<string, { name: string }>);
  return Object.fromEntries(Object.keys(row).map((field) => [field, sql.raw(`excluded."${columns[field]!.name}"`)]));
}

export async function loadContent(db: Db, contentDir: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const { file, table, key, row } of contentFiles) {
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
      for (const item of parsed.data) {
        await tx
          .insert(table)
          .values(item as never)
          .onConflictDoUpdate({ target: key, set: updateSetFor(item, table) as never });
      }
      counts[file] = parsed.data.length;
    }
  });
  return counts;
}
