// The content files (content/<kind>.json) and the schema of one item of each: the one check of an item,
// whether `npm run content:load` reads it from a file or an editor saves it in the console (issue 17).
// Pure Zod: the console's forms and the server's checks use these same objects; the tables and keys are
// in server/content/content-kinds.ts.
import { z } from "./zod.ts";

/** What a service centre can do for a visitor (named by the catalog's `centres.serviceNames.<service>`). */
export const CENTRE_SERVICES = ["sim", "payment", "reservation", "business"] as const;

/** A whole number its table can hold (the columns are PostgreSQL `integer`). */
const int = () => z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** Text with something in it (a body of spaces would publish an empty language version). */
const filled = () => z.string().min(1).regex(/\S/);
const bilingualName = z.object({ id: int().positive(), nameAr: filled(), nameEn: filled() });
const httpsLink = z.url({ protocol: /^https$/ });
const text = filled();
// Not "new": /console/content/<kind>/new is the new-item form.
const slug = z.string().regex(/^[a-z][a-z0-9-]*$/).refine((value) => value !== "new");
const ussd = z.string().regex(/^\*[\d*]+#$/);
const countryCode = z.string().regex(/^[A-Z]{2}$/);
const dialCode = z.string().regex(/^\d{1,4}$/);
const price = int().nonnegative();
/** title, summary and an HTML body in both languages (bodies are sanitised when shown). */
const article = { titleAr: text, titleEn: text, summaryAr: text, summaryEn: text, bodyAr: text, bodyEn: text };
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/**
 * The base path of a responsive illustration (`{image}-536.jpg`, `-767.jpg`, `-1200.jpg`): one of the site's
 * own (`/images/news/1`) or an upload's (`/images/uploads/<sha256>`), never another host's; none by default.
 */
const illustration = () =>
  z
    .string()
    .regex(/^\/images\/[a-z0-9/-]+$/)
    .nullable()
    .default(null);

/**
 * Every content file in load order (a file after the files its items name), with the schema of one item
 * and the field that is its key.
 */
export const CONTENT_KINDS = {
  about: {
    key: "type",
    row: z.object({
      type: int().positive(),
      slug: z.string().regex(/^[a-z-]+$/),
      titleAr: filled(),
      titleEn: filled(),
      textAr: filled(),
      textEn: filled(),
      // A file of ours (public/images, or an upload's variant), never another host's address.
      image: z.string().regex(/^\/images\/[a-z0-9/._-]+\.(svg|png|jpg|webp)$/).nullable().default(null),
      largeImage: z.string().regex(/^\/images\/[a-z0-9/._-]+\.(svg|png|jpg|webp)$/).nullable().default(null),
    }),
  },
  "bundle-categories": {
    key: "id",
    row: z.object({ id: int().positive(), titleAr: filled(), titleEn: filled(), sortOrder: int() }),
  },
  apps: {
    key: "id",
    row: z.object({
      id: int().positive(),
      titleAr: filled(),
      titleEn: filled(),
      link: httpsLink,
      appleLink: httpsLink,
      summaryAr: text,
      summaryEn: text,
      bodyAr: text,
      bodyEn: text,
      sortOrder: int(),
    }),
  },
  "social-links": { key: "type", row: z.object({ type: int().min(0).max(3), link: httpsLink }) },
  bundles: {
    key: "id",
    row: z.object({
      id: int().positive(),
      categoryId: int().positive(),
      type: z.enum(["data", "voice", "sms", "mixed"]),
      titleAr: filled(),
      titleEn: filled(),
      descriptionAr: filled(),
      descriptionEn: filled(),
      price: int().nonnegative(),
      validityDays: int().positive(),
      allowances: z
        .array(z.object({ kind: z.enum(["data", "voice", "sms"]), amount: z.number().nonnegative(), unit: z.enum(["GB", "MB", "min", "sms", "unlimited"]) }))
        .min(1),
      ussd: z.string().regex(/^\*[\d*]+#$/),
      smsKeyword: filled(),
      smsTo: z.string().regex(/^\d{3,6}$/),
      renewal: z.enum(["auto", "once"]),
      eligibility: z.enum(["prepaid", "postpaid", "both"]),
      popular: z.boolean(),
      sortOrder: int(),
    }),
  },
  offers: {
    key: "id",
    row: z.object({
      id: int().positive(),
      type: z.string().regex(/^[a-z-]+$/),
      titleAr: filled(),
      titleEn: filled(),
      summaryAr: filled(),
      summaryEn: filled(),
      termsAr: filled(),
      termsEn: filled(),
      validFrom: z.iso.date(),
      validTo: z.iso.date(),
      ussd: z.string().regex(/^\*[\d*]+#$/).nullable(),
      sortOrder: int(),
      // The offer's banner, as a news item's illustration.
      image: illustration(),
    }),
  },
  cities: { key: "id", row: bilingualName },
  jobs: { key: "id", row: bilingualName },
  "product-categories": {
    key: "slug",
    row: z.object({ slug, titleAr: text, titleEn: text, summaryAr: text, summaryEn: text, sortOrder: int() }),
  },
  segments: { key: "id", row: z.object({ id: int().positive(), ...article, sortOrder: int() }) },
  products: {
    key: "id",
    row: z.object({
      id: int().positive(),
      category: slug,
      segmentId: int().positive().nullable(),
      ...article,
      price: price.nullable(),
      priceUnit: z.enum(["once", "month", "minute"]).nullable(),
      ussd: ussd.nullable(),
      sortOrder: int(),
    }),
  },
  services: {
    key: "id",
    row: z.object({
      id: int().positive(),
      ...article,
      price,
      selfServicePath: z.string().regex(/^\/[a-z-]+$/).nullable(),
      ussd: ussd.nullable(),
      special: z.boolean(),
      sortOrder: int(),
    }),
  },
  "business-solutions": { key: "id", row: z.object({ id: int().positive(), slug, ...article, sortOrder: int() }) },
  "roaming-zones": {
    key: "zone",
    row: z.object({ zone: int().positive(), titleAr: text, titleEn: text, callLocal: price, callHome: price, callReceive: price, sms: price, dataPerMb: price }),
  },
  "roaming-countries": {
    key: "code",
    row: z.object({
      code: countryCode,
      nameAr: text,
      nameEn: text,
      dialCode,
      zone: int().positive(),
      callRoaming: z.boolean(),
      smsRoaming: z.boolean(),
      operators: z.array(z.object({ name: text, networks: z.array(z.enum(["2G", "3G", "4G", "5G"])).min(1) })).min(1),
    }),
  },
  "international-tariffs": { key: "code", row: z.object({ code: countryCode, nameAr: text, nameEn: text, dialCode, perMinute: price, perSms: price }) },
  "faq-categories": { key: "slug", row: z.object({ slug, titleAr: text, titleEn: text, sortOrder: int() }) },
  faqs: {
    key: "id",
    row: z.object({ id: int().positive(), category: slug, questionAr: text, questionEn: text, answerAr: text, answerEn: text, sortOrder: int() }),
  },
  "service-centres": {
    key: "id",
    row: z.object({
      id: int().positive(),
      cityId: int().positive(),
      nameAr: text,
      nameEn: text,
      addressAr: text,
      addressEn: text,
      phones: z.array(z.string().regex(/^\d{6,12}$/)).min(1),
      hours: z.array(z.object({ days: z.array(int().min(0).max(6)).min(1), open: time, close: time })),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      services: z.array(z.enum(CENTRE_SERVICES)),
    }),
  },
  news: {
    key: "id",
    row: z.object({
      id: int().positive(),
      type: z.enum(["news", "press"]),
      date: z.iso.date(),
      ...article,
      image: illustration(),
    }),
  },
} as const;

export type ContentKind = keyof typeof CONTENT_KINDS;
export const CONTENT_KIND_NAMES = Object.keys(CONTENT_KINDS) as ContentKind[];
/** The kinds whose items also end at a time (a scheduled end); the others stay until unpublished. */
export const KINDS_WITH_END = ["offers", "news"] as const satisfies readonly ContentKind[];

export function isContentKind(value: string): value is ContentKind {
  return Object.hasOwn(CONTENT_KINDS, value);
}

/** The key of an item as text (content_revisions.item_key), from its key field. */
export function itemKeyOf(kind: ContentKind, item: Record<string, unknown>): string {
  return String(item[CONTENT_KINDS[kind].key]);
}

/** A key from a URL as the item holds it (a number for numbered kinds), or null when it cannot be one. */
export function parseItemKey(kind: ContentKind, key: string): string | number | null {
  const { row, key: field } = CONTENT_KINDS[kind];
  const shape = (row as z.ZodObject).shape as Record<string, z.ZodType>;
  const candidate = /^\d{1,9}$/.test(key) ? Number(key) : key;
  const parsed = shape[field]!.safeParse(candidate);
  return parsed.success ? (parsed.data as string | number) : null;
}
