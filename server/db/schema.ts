// The database schema. Content that visitors read is stored in both languages side by side
// (`…Ar` / `…En` columns), so one row is one item and an editor changes both texts in one place.
import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** About-the-company, terms (type 4) and privacy (type 5) texts; spec §3 "text, image, largeImage". */
export const aboutContent = pgTable("about_content", {
  type: integer("type").primaryKey(),
  slug: text("slug").notNull().unique(),
  titleAr: text("title_ar").notNull(),
  titleEn: text("title_en").notNull(),
  textAr: text("text_ar").notNull(),
  textEn: text("text_en").notNull(),
  image: text("image"),
  largeImage: text("large_image"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const bundleCategories = pgTable("bundle_categories", {
  id: integer("id").primaryKey(),
  titleAr: text("title_ar").notNull(),
  titleEn: text("title_en").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Apps and digital services listed in the footer and on the home page (customerCare/api/commercialApp/web). */
export const apps = pgTable("apps", {
  id: integer("id").primaryKey(),
  titleAr: text("title_ar").notNull(),
  titleEn: text("title_en").notNull(),
  /** Android (Google Play) link. */
  link: text("link").notNull(),
  /** iOS (App Store) link. */
  appleLink: text("apple_link").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Social links; type 0–3 selects the icon (common/constants SOCIAL_TYPES). */
export const socialLinks = pgTable("social_links", {
  id: serial("id").primaryKey(),
  type: smallint("type").notNull().unique(),
  link: text("link").notNull(),
});

export const cities = pgTable("cities", {
  id: integer("id").primaryKey(),
  nameAr: text("name_ar").notNull(),
  nameEn: text("name_en").notNull(),
});

export const jobs = pgTable("jobs", {
  id: integer("id").primaryKey(),
  nameAr: text("name_ar").notNull(),
  nameEn: text("name_en").notNull(),
});

/** A subscriber's account; its main number is the gsm it registered with. */
export const accounts = pgTable("accounts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  mainGsm: text("main_gsm").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Login sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("sessions_token_hash_key").on(table.tokenHash), index("sessions_account_idx").on(table.accountId)],
);
