// Products, segments, services, apps, business solutions and news, each in the language asked for.
// Bodies are sanitised HTML (server/content/sanitize.ts) ready for a page.
import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { apps, businessSolutions, news, productCategories, products, segments, services } from "../db/schema.ts";
import { sanitizeContentHtml } from "./sanitize.ts";

type Localised = Record<string, unknown>;
/** `row[field + "Ar"]` or `row[field + "En"]`: one field of a bilingual row in the language asked for. */
export function pick(row: Localised, field: string, language: Language): string {
  return String(row[`${field}${language === "ar" ? "Ar" : "En"}`]);
}

/** The fields every article-like item shows. */
export interface Article {
  title: string;
  summary: string;
  /** Sanitised HTML. */
  body: string;
}

function articleOf(row: Localised, language: Language): Article {
  return { title: pick(row, "title", language), summary: pick(row, "summary", language), body: sanitizeContentHtml(pick(row, "body", language)) };
}

export interface ProductCategory {
  slug: string;
  title: string;
  summary: string;
}

export async function listProductCategories(db: Db, language: Language): Promise<ProductCategory[]> {
  const rows = await db.select().from(productCategories).orderBy(asc(productCategories.sortOrder));
  return rows.map((row) => ({ slug: row.slug, title: pick(row, "title", language), summary: pick(row, "summary", language) }));
}

export async function getProductCategory(db: Db, language: Language, slug: string): Promise<ProductCategory | null> {
  const [row] = await db.select().from(productCategories).where(eq(productCategories.slug, slug)).limit(1);
  return row ? { slug: row.slug, title: pick(row, "title", language), summary: pick(row, "summary", language) } : null;
}

export interface Product extends Article {
  id: number;
  category: string;
  segmentId: number | null;
  price: number | null;
  priceUnit: "once" | "month" | "minute" | null;
  ussd: string | null;
}

function productOf(row: typeof products.$inferSelect, language: Language): Product {
  return {
    id: row.id,
    category: row.category,
    segmentId: row.segmentId,
    ...articleOf(row, language),
    price: row.price,
    priceUnit: row.priceUnit as Product["priceUnit"],
    ussd: row.ussd,
  };
}

export async function listProducts(db: Db, language: Language, filter: { category?: string; segmentId?: number } = {}): Promise<Product[]> {
  const conditions = [
    filter.category === undefined ? undefined : eq(products.category, filter.category),
    filter.segmentId === undefined ? undefined : eq(products.segmentId, filter.segmentId),
  ];
  const rows = await db.select().from(products).where(and(...conditions)).orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map((row) => productOf(row, language));
}

/** One product; `category` must match too (it is the {id} of /products/{id}/{type}). */
export async function getProduct(db: Db, language: Language, id: number, category?: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row || (category !== undefined && row.category !== category.toLowerCase())) return null;
  return productOf(row, language);
}

export interface Segment extends Article {
  id: number;
}

export async function listSegments(db: Db, language: Language): Promise<Segment[]> {
  const rows = await db.select().from(segments).orderBy(asc(segments.sortOrder), asc(segments.id));
  return rows.map((row) => ({ id: row.id, ...articleOf(row, language) }));
}

export async function getSegment(db: Db, language: Language, id: number): Promise<Segment | null> {
  const [row] = await db.select().from(segments).where(eq(segments.id, id)).limit(1);
  return row ? { id: row.id, ...articleOf(row, language) } : null;
}

export interface Service extends Article {
  id: number;
  price: number;
  selfServicePath: string | null;
  ussd: string | null;
  special: boolean;
}

function serviceOf(row: typeof services.$inferSelect, language: Language): Service {
  return { id: row.id, ...articleOf(row, language), price: row.price, selfServicePath: row.selfServicePath, ussd: row.ussd, special: row.special };
}

export async function listServices(db: Db, language: Language, filter: { special?: boolean } = {}): Promise<Service[]> {
  const rows = await db
    .select()
    .from(services)
    .where(filter.special === undefined ? undefined : eq(services.special, filter.special))
    .orderBy(asc(services.sortOrder), asc(services.id));
  return rows.map((row) => serviceOf(row, language));
}

export async function getService(db: Db, language: Language, id: number): Promise<Service | null> {
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  return row ? serviceOf(row, language) : null;
}

export interface AppDetails extends Article {
  id: number;
  link: string;
  appleLink: string;
}

export async function getApp(db: Db, language: Language, id: number): Promise<AppDetails | null> {
  const [row] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
  return row ? { id: row.id, ...articleOf(row, language), link: row.link, appleLink: row.appleLink } : null;
}

export async function listAppDetails(db: Db, language: Language): Promise<AppDetails[]> {
  const rows = await db.select().from(apps).orderBy(asc(apps.sortOrder), asc(apps.id));
  return rows.map((row) => ({ id: row.id, ...articleOf(row, language), link: row.link, appleLink: row.appleLink }));
}

export interface BusinessSolution extends Article {
  id: number;
  slug: string;
}

export async function listBusinessSolutions(db: Db, language: Language): Promise<BusinessSolution[]> {
  const rows = await db.select().from(businessSolutions).orderBy(asc(businessSolutions.sortOrder), asc(businessSolutions.id));
  return rows.map((row) => ({ id: row.id, slug: row.slug, ...articleOf(row, language) }));
}

export async function getBusinessSolution(db: Db, language: Language, slug: string): Promise<BusinessSolution | null> {
  const [row] = await db.select().from(businessSolutions).where(eq(businessSolutions.slug, slug.toLowerCase())).limit(1);
  return row ? { id: row.id, slug: row.slug, ...articleOf(row, language) } : null;
}

export interface NewsItem extends Article {
  id: number;
  type: "news" | "press";
  /** yyyy-mm-dd */
  date: string;
  /** Base path of its illustration (app/content/ResponsiveImage.tsx), or null. */
  image: string | null;
}

function newsOf(row: typeof news.$inferSelect, language: Language): NewsItem {
  return { id: row.id, type: row.type as NewsItem["type"], date: row.date, ...articleOf(row, language), image: row.image };
}

/** Newest first; `type` limits to news or press releases. */
export async function listNews(db: Db, language: Language, filter: { type?: "news" | "press"; limit?: number } = {}): Promise<NewsItem[]> {
  const rows = await db
    .select()
    .from(news)
    .where(filter.type === undefined ? isNotNull(news.id) : eq(news.type, filter.type))
    .orderBy(desc(news.date), desc(news.id))
    .limit(filter.limit ?? 100);
  return rows.map((row) => newsOf(row, language));
}

export async function getNews(db: Db, language: Language, id: number, type?: string): Promise<NewsItem | null> {
  const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
  if (!row || (type !== undefined && row.type !== type.toLowerCase())) return null;
  return newsOf(row, language);
}
