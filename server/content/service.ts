// Public content that the shell and the simple pages read: about/terms/privacy texts, bundle
// categories, apps and social links, each in the language asked for.
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Language } from "../../common/language.ts";
import type { Db } from "../db/database.ts";
import { aboutContent, apps, bundleCategories, bundles, offers, socialLinks } from "../db/schema.ts";

export interface AboutText {
  type: number;
  slug: string;
  title: string;
  text: string;
  image: string | null;
  largeImage: string | null;
}

export async function findAboutContent(db: Db, where: { type: number } | { slug: string }, language: Language): Promise<AboutText | null> {
  const condition = "type" in where ? eq(aboutContent.type, where.type) : eq(aboutContent.slug, where.slug);
  const [row] = await db.select().from(aboutContent).where(condition).limit(1);
  if (!row) return null;
  return {
    type: row.type,
    slug: row.slug,
    title: language === "ar" ? row.titleAr : row.titleEn,
    text: language === "ar" ? row.textAr : row.textEn,
    image: row.image,
    largeImage: row.largeImage,
  };
}

export interface BundleCategory {
  id: number;
  title: string;
}

export async function listBundleCategories(db: Db, language: Language): Promise<BundleCategory[]> {
  const rows = await db.select().from(bundleCategories).orderBy(asc(bundleCategories.sortOrder), asc(bundleCategories.id));
  return rows.map((row) => ({ id: row.id, title: language === "ar" ? row.titleAr : row.titleEn }));
}

export interface CommercialApp {
  id: number;
  title: string;
  /** Android store link. */
  link: string;
  /** iOS store link. */
  appleLink: string;
}

export async function listApps(db: Db, language: Language): Promise<CommercialApp[]> {
  const rows = await db.select().from(apps).orderBy(asc(apps.sortOrder), asc(apps.id));
  return rows.map((row) => ({ id: row.id, title: language === "ar" ? row.titleAr : row.titleEn, link: row.link, appleLink: row.appleLink }));
}

/** The operator's own self-service app (the first app by sort order): its two store links. */
export async function findOperatorApp(db: Db): Promise<{ link: string; appleLink: string } | null> {
  const [row] = await db.select({ link: apps.link, appleLink: apps.appleLink }).from(apps).orderBy(asc(apps.sortOrder), asc(apps.id)).limit(1);
  return row ?? null;
}

export interface SocialLink {
  type: number;
  link: string;
}

export async function listSocialLinks(db: Db): Promise<SocialLink[]> {
  return db.select({ type: socialLinks.type, link: socialLinks.link }).from(socialLinks).orderBy(asc(socialLinks.type));
}

/** Privacy text as the spec's client reads it: literal backslash-n sequences are stripped. */
export function stripEscapedNewlines(text: string): string {
  return text.replace(/\\n/g, "");
}

export type BundleType = "data" | "voice" | "sms" | "mixed";

/** A bundle as the pages and the API show it: texts in one language, amounts as numbers. */
export interface Bundle {
  id: number;
  categoryId: number;
  type: BundleType;
  title: string;
  description: string;
  /** In the configured currency. */
  price: number;
  validityDays: number;
  allowances: { kind: "data" | "voice" | "sms"; amount: number; unit: "GB" | "MB" | "min" | "sms" | "unlimited" }[];
  activation: { ussd: string; smsKeyword: string; smsTo: string };
  renewal: "auto" | "once";
  eligibility: "prepaid" | "postpaid" | "both";
  popular: boolean;
}

function bundleOf(row: typeof bundles.$inferSelect, language: Language): Bundle {
  return {
    id: row.id,
    categoryId: row.categoryId,
    type: row.type as BundleType,
    title: language === "ar" ? row.titleAr : row.titleEn,
    description: language === "ar" ? row.descriptionAr : row.descriptionEn,
    price: row.price,
    validityDays: row.validityDays,
    allowances: row.allowances,
    activation: { ussd: row.ussd, smsKeyword: row.smsKeyword, smsTo: row.smsTo },
    renewal: row.renewal as Bundle["renewal"],
    eligibility: row.eligibility as Bundle["eligibility"],
    popular: row.popular,
  };
}

/** Bundles in their display order, all of them or one category's. */
export async function listBundles(db: Db, language: Language, filter: { categoryId?: number } = {}): Promise<Bundle[]> {
  const rows = await db
    .select()
    .from(bundles)
    .where(filter.categoryId === undefined ? undefined : eq(bundles.categoryId, filter.categoryId))
    .orderBy(asc(bundles.categoryId), asc(bundles.sortOrder), asc(bundles.id));
  return rows.map((row) => bundleOf(row, language));
}

/** One bundle; `type` must match too (it is part of /bundle-details/{type}/{id}). */
export async function getBundle(db: Db, language: Language, id: number, type?: string): Promise<Bundle | null> {
  const [row] = await db.select().from(bundles).where(eq(bundles.id, id)).limit(1);
  if (!row || (type !== undefined && row.type !== type)) return null;
  return bundleOf(row, language);
}

export interface Offer {
  id: number;
  type: string;
  title: string;
  summary: string;
  terms: string;
  /** yyyy-mm-dd */
  validFrom: string;
  validTo: string;
  ussd: string | null;
  /** Base path of its banner ({image}-536.jpg, -767.jpg, -1200.jpg), or null. */
  image: string | null;
}

function offerOf(row: typeof offers.$inferSelect, language: Language): Offer {
  const ar = language === "ar";
  return {
    id: row.id,
    type: row.type,
    title: ar ? row.titleAr : row.titleEn,
    summary: ar ? row.summaryAr : row.summaryEn,
    terms: ar ? row.termsAr : row.termsEn,
    validFrom: row.validFrom,
    validTo: row.validTo,
    ussd: row.ussd,
    image: row.image,
  };
}

/** The offers running on `today` (yyyy-mm-dd, the operator's day by the content clock: contentToday), in display order. */
export async function listCurrentOffers(db: Db, language: Language, today: string): Promise<Offer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(and(lte(offers.validFrom, today), gte(offers.validTo, today)))
    .orderBy(asc(offers.sortOrder), asc(offers.id));
  return rows.map((row) => offerOf(row, language));
}

/** One offer, ended ones included (a shared link keeps working and says it has ended); `type` must match. */
export async function getOffer(db: Db, language: Language, id: number, type?: string): Promise<Offer | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  if (!row || (type !== undefined && row.type !== type)) return null;
  return offerOf(row, language);
}
