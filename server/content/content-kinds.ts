// Where each kind of content lives: its table and key column (the schemas are common/content-schemas.ts),
// and the three things both `content:load` and the console do with an item: read it back as the file holds
// it, upsert it by its key, delete it.
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { CONTENT_KINDS, type ContentKind } from "../../common/content-schemas.ts";
import type { Db } from "../db/database.ts";
import {
  aboutContent,
  apps,
  bundleCategories,
  bundles,
  businessSolutions,
  cities,
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
} from "../db/schema.ts";

type Executor = Pick<Db, "select" | "insert" | "delete">;

export const CONTENT_TABLES: Record<ContentKind, { table: PgTable; key: PgColumn }> = {
  about: { table: aboutContent, key: aboutContent.type },
  "bundle-categories": { table: bundleCategories, key: bundleCategories.id },
  apps: { table: apps, key: apps.id },
  "social-links": { table: socialLinks, key: socialLinks.type },
  bundles: { table: bundles, key: bundles.id },
  offers: { table: offers, key: offers.id },
  cities: { table: cities, key: cities.id },
  jobs: { table: jobs, key: jobs.id },
  "product-categories": { table: productCategories, key: productCategories.slug },
  segments: { table: segments, key: segments.id },
  products: { table: products, key: products.id },
  services: { table: services, key: services.id },
  "business-solutions": { table: businessSolutions, key: businessSolutions.id },
  "roaming-zones": { table: roamingZones, key: roamingZones.zone },
  "roaming-countries": { table: roamingCountries, key: roamingCountries.code },
  "international-tariffs": { table: internationalTariffs, key: internationalTariffs.code },
  "faq-categories": { table: faqCategories, key: faqCategories.slug },
  faqs: { table: faqs, key: faqs.id },
  "service-centres": { table: serviceCentres, key: serviceCentres.id },
  news: { table: news, key: news.id },
};

/**
 * Every change of the live content (a publish, an end, a rollback, the scheduler, a load or an import) runs
 * one at a time: each takes this transaction lock before it touches a live row, so two never wait on each
 * other's rows in opposite orders (a deadlock), nor rebuild the search index at once (each adding its copy).
 */
export async function lockContentChanges(db: Pick<Db, "execute">): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('content:changes'))`);
}

/** Every column of the row except the key is updated on conflict (the key's row lock stays a "no key" one). */
function updateSetFor(row: Record<string, unknown>, table: PgTable, key: PgColumn) {
  const columns = table as unknown as Record<string, { name: string }>;
  return Object.fromEntries(Object.keys(row).filter((field) => columns[field] !== key).map((field) => [field, sql.raw(`excluded."${columns[field]!.name}"`)]));
}

/** Inserts the item (already checked by its kind's schema) or updates the row of its key. */
export async function upsertItem(db: Executor, kind: ContentKind, item: Record<string, unknown>): Promise<void> {
  const { table, key } = CONTENT_TABLES[kind];
  await db
    .insert(table)
    .values(item as never)
    .onConflictDoUpdate({ target: key, set: updateSetFor(item, table, key) as never });
}

/** The live row of an item as its content file holds it (only the schema's fields), or null. */
export async function readLiveItem(db: Executor, kind: ContentKind, key: string | number): Promise<Record<string, unknown> | null> {
  const { table, key: column } = CONTENT_TABLES[kind];
  const [row] = await db.select().from(table).where(eq(column, key)).limit(1);
  return row ? itemOfRow(kind, row as Record<string, unknown>) : null;
}

/** Every live item of a kind, as the file holds them. */
export async function readLiveItems(db: Executor, kind: ContentKind): Promise<Record<string, unknown>[]> {
  const { table } = CONTENT_TABLES[kind];
  const rows = await db.select().from(table);
  return rows.map((row) => itemOfRow(kind, row as Record<string, unknown>));
}

function itemOfRow(kind: ContentKind, row: Record<string, unknown>): Record<string, unknown> {
  const fields = Object.keys(CONTENT_KINDS[kind].row.shape);
  return Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));
}

/** Deletes the live row of an item; answers whether there was one. A row something still names fails (23503). */
export async function deleteLiveItem(db: Executor, kind: ContentKind, key: string | number): Promise<boolean> {
  const { table, key: column } = CONTENT_TABLES[kind];
  const deleted = await db.delete(table).where(eq(column, key)).returning({ key: column });
  return deleted.length > 0;
}
