// The database schema. Content that visitors read is stored in both languages side by side
// (`…Ar` / `…En` columns), so one row is one item and an editor changes both texts in one place.
import { sql } from "drizzle-orm";
import { CENTRE_SERVICES } from "../../common/content-schemas.ts";
import { bigint, boolean, check, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
  /** One line for cards; the body is sanitised HTML for /app-details/{id}. */
  summaryAr: text("summary_ar").notNull().default(""),
  summaryEn: text("summary_en").notNull().default(""),
  bodyAr: text("body_ar").notNull().default(""),
  bodyEn: text("body_en").notNull().default(""),
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

/**
 * Every number of an account, the main one included, so "does this number belong to any account" is one
 * primary-key lookup and a number can never belong to two accounts.
 */
export const accountNumbers = pgTable(
  "account_numbers",
  {
    gsm: text("gsm").primaryKey(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    isMain: boolean("is_main").notNull().default(false),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_numbers_account_idx").on(table.accountId, table.addedAt)],
);

/** Profile fields of spec §3 "profile edit", kept per number (each line has its own holder details). */
export const profiles = pgTable("profiles", {
  gsm: text("gsm")
    .primaryKey()
    .references(() => accountNumbers.gsm, { onDelete: "cascade" }),
  gender: smallint("gender"),
  cityId: integer("city_id").references(() => cities.id),
  jobId: integer("job_id").references(() => jobs.id),
  birthDate: date("birth_date", { mode: "string" }),
  address: text("address"),
  email: text("email"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes: only an HMAC of the code is kept. A row is bound to (gsm, purpose) and, for
 * add-number, to the asking account. `sent_at` is null while the SMS is on its way (the row is deleted
 * if the gateway refuses it); a newer code of the same number voids the older ones.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    purpose: text("purpose").notNull(),
    accountId: bigint("account_id", { mode: "number" }).references(() => accounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    wrongTries: smallint("wrong_tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (table) => [
    index("one_time_codes_gsm_idx").on(table.gsm, table.createdAt),
    check("one_time_codes_purpose_check", sql`${table.purpose} in ('login', 'register', 'add-number', 'service-password')`),
  ],
);

/**
 * Wrong codes per number in a rolling 24-hour window, and the lock they lead to. `locks` counts the locks
 * of the current series; each makes the next one longer (server/auth/code-failures.ts).
 */
export const codeFailures = pgTable("code_failures", {
  gsm: text("gsm").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  failures: integer("failures").notNull().default(0),
  locks: integer("locks").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** Fixed-window counters of the sending limits, shared by every instance (server/auth/rate-limit.ts). */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

/** The RSA key of the number encryption, generated once by whichever instance starts first. */
export const rsaKeys = pgTable("rsa_keys", {
  id: smallint("id").primaryKey(),
  privateKeyPem: text("private_key_pem").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What the `outbox` SMS driver "sends": read by `npm run sms:outbox` and GET /dev/sms-outbox. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sms_outbox_to_idx").on(table.to, table.id)],
);

// ---------------------------------------------------------------------------------------------
// Line features (step 3). The `network_*` tables are the storage of the EMBEDDED NETWORK SIMULATION
// (server/network/embedded.ts): on a real deployment that state lives in the operator's systems and
// these tables stay empty. `line_service_passwords` and `line_feature_audit` are the site's own.
// ---------------------------------------------------------------------------------------------

/** A simulated line: whether it is active or deactivated (hotline), and its registered national ID. */
export const networkLines = pgTable(
  "network_lines",
  {
    gsm: text("gsm").primaryKey(),
    state: text("state").notNull().default("active"),
    /** The national ID the line is registered to (simulation: derived from the number at first use). */
    nationalId: text("national_id").notNull(),
    /** When the simulated caller history of this line was generated (once, at first use). */
    seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
    stateChangedAt: timestamp("state_changed_at", { withTimezone: true }),
  },
  (table) => [check("network_lines_state_check", sql`${table.state} in ('active', 'deactivated')`)],
);

/**
 * The state of one feature of one simulated line: the main switch and its options, each option
 * `{type, state, number?}` (spec §3 customerState). One row per (gsm, feature), replaced as a whole by
 * one transaction per save, so two saves at once leave one of them, never a mix. `version` counts saves.
 */
export const networkLineFeatures = pgTable(
  "network_line_features",
  {
    gsm: text("gsm").notNull(),
    feature: text("feature").notNull(),
    serviceState: smallint("service_state").notNull().default(0),
    options: jsonb("options").$type<{ type: number; state: 0 | 1; number?: string }[]>().notNull().default([]),
    /** Call barring: when the bar ends by itself (a lost-line bar lasts at most one month). */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** When the main switch went on (the profile's "active since"); kept while it stays on, null while off. */
    activeSince: timestamp("active_since", { withTimezone: true }),
    version: integer("version").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.gsm, table.feature] }),
    check("network_line_features_feature_check", sql`${table.feature} in ('call-forward', 'super-clip', 'call-barring')`),
    check("network_line_features_active_since_check", sql`(${table.serviceState} = 1) = (${table.activeSince} is not null)`),
  ],
);

/** Super clip auto-reply of a simulated line: the general message and the exceptions (spec §3 auto-reply). */
export const networkAutoReplies = pgTable("network_auto_replies", {
  gsm: text("gsm").primaryKey(),
  generalMessage: text("general_message").notNull().default(""),
  others: jsonb("others").$type<{ message: string; numbers: string[] }[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Calls a simulated line received while super clip recorded them (spec §3 caller record). */
export const networkCallerRecords = pgTable(
  "network_caller_records",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    caller: text("caller").notNull(),
    calledAt: timestamp("called_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("network_caller_records_gsm_idx").on(table.gsm, table.calledAt)],
);

/** The hotline service password of a line: only a slow hash (scrypt), with its failure count and lock. */
export const lineServicePasswords = pgTable("line_service_passwords", {
  gsm: text("gsm")
    .primaryKey()
    .references(() => accountNumbers.gsm, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a line feature or line state: who, when, from where, what before and after. */
export const lineFeatureAudit = pgTable(
  "line_feature_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    accountId: bigint("account_id", { mode: "number" }),
    sessionId: bigint("session_id", { mode: "number" }),
    /** call-forward | super-clip | auto-reply | call-barring | hotline | service-password */
    feature: text("feature").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("line_feature_audit_gsm_idx").on(table.gsm, table.createdAt)],
);

/** Bundles (step 4): bilingual texts, the price in the configured currency, allowances and how to activate. */
export const bundles = pgTable(
  "bundles",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => bundleCategories.id),
    /** data | voice | sms | mixed: the {type} of /bundle-details/{type}/{id}. */
    type: text("type").notNull(),
    titleAr: text("title_ar").notNull(),
    titleEn: text("title_en").notNull(),
    descriptionAr: text("description_ar").notNull(),
    descriptionEn: text("description_en").notNull(),
    price: integer("price").notNull(),
    validityDays: integer("validity_days").notNull(),
    /** [{kind: data|voice|sms, amount, unit: GB|MB|min|sms|unlimited}] */
    allowances: jsonb("allowances").$type<{ kind: "data" | "voice" | "sms"; amount: number; unit: "GB" | "MB" | "min" | "sms" | "unlimited" }[]>().notNull(),
    ussd: text("ussd").notNull(),
    smsKeyword: text("sms_keyword").notNull(),
    smsTo: text("sms_to").notNull(),
    /** auto (renews until stopped) | once */
    renewal: text("renewal").notNull(),
    /** prepaid | postpaid | both */
    eligibility: text("eligibility").notNull(),
    popular: boolean("popular").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    index("bundles_category_idx").on(table.categoryId, table.sortOrder),
    check("bundles_type_check", sql`${table.type} in ('data', 'voice', 'sms', 'mixed')`),
  ],
);

/** Offers (step 4): listed while today is within [valid_from, valid_to]. */
export const offers = pgTable(
  "offers",
  {
    id: integer("id").primaryKey(),
    /** The {type} of /offer-details/{type}/{id}, e.g. weekend, recharge, weekly. */
    type: text("type").notNull(),
    titleAr: text("title_ar").notNull(),
    titleEn: text("title_en").notNull(),
    summaryAr: text("summary_ar").notNull(),
    summaryEn: text("summary_en").notNull(),
    termsAr: text("terms_ar").notNull(),
    termsEn: text("terms_en").notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validTo: date("valid_to", { mode: "string" }).notNull(),
    /** How to take the offer when it needs a code; null when it applies by itself. */
    ussd: text("ussd"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Base path of its banner, as a news item's image ({image}-536.jpg, -767.jpg, -1200.jpg); null: none. */
    image: text("image"),
  },
  (table) => [index("offers_valid_idx").on(table.validTo)],
);

/** Columns every bilingual article-like item has: title, one-line summary and a sanitised HTML body. */
function articleColumns() {
  return {
    titleAr: text("title_ar").notNull(),
    titleEn: text("title_en").notNull(),
    summaryAr: text("summary_ar").notNull(),
    summaryEn: text("summary_en").notNull(),
    bodyAr: text("body_ar").notNull(),
    bodyEn: text("body_en").notNull(),
  };
}

/** Product categories: the {id} of /products/{id} (prepaid, postpaid, payment, …, segment-products). */
export const productCategories = pgTable("product_categories", {
  slug: text("slug").primaryKey(),
  titleAr: text("title_ar").notNull(),
  titleEn: text("title_en").notNull(),
  summaryAr: text("summary_ar").notNull(),
  summaryEn: text("summary_en").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Customer segments (/segment-details/{id}); their products name them. */
export const segments = pgTable("segments", {
  id: integer("id").primaryKey(),
  ...articleColumns(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Products: /products/{category}/{id}; the fixed payment quick link is /products/payment/62. */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey(),
    category: text("category")
      .notNull()
      .references(() => productCategories.slug),
    segmentId: integer("segment_id").references(() => segments.id),
    ...articleColumns(),
    /** In the configured currency; null when the product has no single price. */
    price: integer("price"),
    /** once | month | minute */
    priceUnit: text("price_unit"),
    ussd: text("ussd"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [index("products_category_idx").on(table.category, table.sortOrder), index("products_segment_idx").on(table.segmentId)],
);

/** Value-added and call-management services (/service-details/{id}); `special` ones are on the home page. */
export const services = pgTable("services", {
  id: integer("id").primaryKey(),
  ...articleColumns(),
  /** Monthly, in the configured currency; 0 is free. */
  price: integer("price").notNull(),
  /** The self-service screen that controls it (e.g. /call-forward), if any. */
  selfServicePath: text("self_service_path"),
  ussd: text("ussd"),
  special: boolean("special").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** The business section's solutions (/business/{slug}). */
export const businessSolutions = pgTable("business_solutions", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  ...articleColumns(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Roaming price zones: prices per minute, SMS and MB while abroad. */
export const roamingZones = pgTable("roaming_zones", {
  zone: integer("zone").primaryKey(),
  titleAr: text("title_ar").notNull(),
  titleEn: text("title_en").notNull(),
  callLocal: integer("call_local").notNull(),
  callHome: integer("call_home").notNull(),
  callReceive: integer("call_receive").notNull(),
  sms: integer("sms").notNull(),
  dataPerMb: integer("data_per_mb").notNull(),
});

/** Countries with roaming partners; a country may have call roaming, SMS roaming or both. */
export const roamingCountries = pgTable("roaming_countries", {
  code: text("code").primaryKey(),
  nameAr: text("name_ar").notNull(),
  nameEn: text("name_en").notNull(),
  dialCode: text("dial_code").notNull(),
  zone: integer("zone")
    .notNull()
    .references(() => roamingZones.zone),
  callRoaming: boolean("call_roaming").notNull(),
  smsRoaming: boolean("sms_roaming").notNull(),
  operators: jsonb("operators").$type<{ name: string; networks: string[] }[]>().notNull(),
});

/** International call tariffs from home, per destination country (the prices list). */
export const internationalTariffs = pgTable("international_tariffs", {
  code: text("code").primaryKey(),
  nameAr: text("name_ar").notNull(),
  nameEn: text("name_en").notNull(),
  dialCode: text("dial_code").notNull(),
  perMinute: integer("per_minute").notNull(),
  perSms: integer("per_sms").notNull(),
});

export const faqCategories = pgTable("faq_categories", {
  slug: text("slug").primaryKey(),
  titleAr: text("title_ar").notNull(),
  titleEn: text("title_en").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const faqs = pgTable(
  "faqs",
  {
    id: integer("id").primaryKey(),
    category: text("category")
      .notNull()
      .references(() => faqCategories.slug),
    questionAr: text("question_ar").notNull(),
    questionEn: text("question_en").notNull(),
    answerAr: text("answer_ar").notNull(),
    answerEn: text("answer_en").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [index("faqs_category_idx").on(table.category, table.sortOrder)],
);

/** Opening hours of a service centre: days 0 (Sunday) … 6, times HH:MM in the operator's time zone. */
export type OpeningHours = { days: number[]; open: string; close: string }[];

export const serviceCentres = pgTable(
  "service_centres",
  {
    id: integer("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en").notNull(),
    addressAr: text("address_ar").notNull(),
    addressEn: text("address_en").notNull(),
    phones: jsonb("phones").$type<string[]>().notNull(),
    hours: jsonb("hours").$type<OpeningHours>().notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** What can be done there (each named by the catalog's `centres.serviceNames.<service>`). */
    services: jsonb("services").$type<CentreService[]>().notNull(),
  },
  (table) => [index("service_centres_city_idx").on(table.cityId)],
);

/** What a service centre can do for a visitor (the list is common/content-schemas.ts's, the item schema's). */
export { CENTRE_SERVICES };
export type CentreService = (typeof CENTRE_SERVICES)[number];

/** News and press releases: /news-details/{type}/{id}. */
export const news = pgTable(
  "news",
  {
    id: integer("id").primaryKey(),
    /** news | press */
    type: text("type").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    ...articleColumns(),
    /** Base path of its illustration: {image}-536.jpg, -767.jpg and -1200.jpg exist under public/. */
    image: text("image"),
  },
  (table) => [index("news_date_idx").on(table.date), check("news_type_check", sql`${table.type} in ('news', 'press')`)],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * What /search looks in: one row per item and language, rebuilt whenever content loads. `folded` is the
 * item's text with Arabic spelling variants folded (common/search-text.ts); `document` is its full-text
 * vector in that language's configuration; `folded` also has a trigram index for typos.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    id: serial("id").primaryKey(),
    /** bundle | offer | product | service | faq | news | country */
    kind: text("kind").notNull(),
    language: text("language").notNull(),
    title: text("title").notNull(),
    snippet: text("snippet").notNull(),
    url: text("url").notNull(),
    folded: text("folded").notNull(),
    document: tsvector("document").notNull(),
  },
  (table) => [
    index("search_documents_fts_idx").using("gin", table.document),
    index("search_documents_trgm_idx").using("gin", sql`${table.folded} gin_trgm_ops`),
    index("search_documents_language_idx").on(table.language, table.kind),
  ],
);

/**
 * One row: the version of the loaded content, raised by every content load. Each instance watches it and
 * empties its cache of guest pages when it changes (server/page-cache/).
 */
export const contentState = pgTable(
  "content_state",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull(),
    loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("content_state_single_row", sql`${table.id} = 1`)],
);

/** Feedback sent from /support/Feedback; the attachment (if any) is a file under DATA_DIR/feedback. */
export const feedback = pgTable(
  "feedback",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Shown to the sender, e.g. FB-7K2M9QX4. */
    reference: text("reference").notNull().unique(),
    fullName: text("full_name").notNull(),
    gsm: text("gsm").notNull(),
    email: text("email").notNull(),
    description: text("description").notNull(),
    /** 1 (poor) … 5 (excellent) */
    evaluation: smallint("evaluation").notNull(),
    language: text("language").notNull(),
    /** Generated file name under DATA_DIR/feedback, its verified type and size. */
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    clientIp: text("client_ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a staff member marks it handled (the console's feedback inbox), with their note. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: bigint("handled_by", { mode: "number" }).references(() => staffAccounts.id, { onDelete: "set null" }),
    handledNote: text("handled_note"),
  },
  (table) => [index("feedback_created_idx").on(table.createdAt), index("feedback_new_idx").on(table.createdAt).where(sql`${table.handledAt} is null`)],
);

/** The operator's numbers that can be reserved (step 5): available, reserved or taken, with a tier and price. */
export const numberInventory = pgTable(
  "number_inventory",
  {
    gsm: text("gsm").primaryKey(),
    /** regular | silver | gold (common/reservation.ts tierOf) */
    tier: text("tier").notNull(),
    /** SIM price plus service fee, in the configured currency. */
    simPrice: integer("sim_price").notNull(),
    serviceFee: integer("service_fee").notNull(),
    /** available | reserved | taken */
    state: text("state").notNull().default("available"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("number_inventory_state_check", sql`${table.state} in ('available', 'reserved', 'taken')`),
    check("number_inventory_tier_check", sql`${table.tier} in ('regular', 'silver', 'gold')`),
    // The number search (server/reservation/inventory.ts, docs/PERFORMANCE.md "Number search"). A pattern that
    // many numbers match ("contains 777") is found by walking the available numbers in number order and
    // stopping at the page's last match: this index holds every column the search answers with, so the walk
    // reads the index only (no table row). A rare pattern ("ends with 2024") goes through the trigram index.
    index("number_inventory_available_gsm_idx").on(table.gsm, table.tier, table.simPrice, table.serviceFee).where(sql`${table.state} = 'available'`),
    index("number_inventory_gsm_trgm_idx").using("gin", sql`${table.gsm} gin_trgm_ops`).where(sql`${table.state} = 'available'`),
  ],
);

/** A hold on one number for one account; at most one active reservation per number (partial unique index). */
export const numberReservations = pgTable(
  "number_reservations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Shown to the subscriber and at the service centre, e.g. R-7K2M9QX4. */
    reference: text("reference").notNull().unique(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    gsm: text("gsm")
      .notNull()
      .references(() => numberInventory.gsm),
    fullName: text("full_name").notNull(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    lineType: text("line_type").notNull(),
    simPrice: integer("sim_price").notNull(),
    serviceFee: integer("service_fee").notNull(),
    /** active | cancelled | expired | collected */
    state: text("state").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("number_reservations_one_active_idx").on(table.gsm).where(sql`${table.state} = 'active'`),
    index("number_reservations_account_idx").on(table.accountId, table.state),
    index("number_reservations_expiry_idx").on(table.expiresAt).where(sql`${table.state} = 'active'`),
    check("number_reservations_state_check", sql`${table.state} in ('active', 'cancelled', 'expired', 'collected')`),
  ],
);

/** Every change of a reservation: who (an account, or the system's expiry), when, from which state to which. */
export const reservationEvents = pgTable(
  "reservation_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reservationId: bigint("reservation_id", { mode: "number" })
      .notNull()
      .references(() => numberReservations.id),
    gsm: text("gsm").notNull(),
    /** account:<id>, staff:<id> (the console's reservation desk) or system */
    actor: text("actor").notNull(),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("reservation_events_reservation_idx").on(table.reservationId)],
);

/**
 * Charging (step 10), the embedded driver's state (server/charging/embedded.ts): one row per line that the
 * charging system knows, with its plan and money. Prepaid: the main balance and until when it is valid;
 * postpaid: what is used and not yet billed, and the credit limit it may reach. Amounts in the configured
 * currency, whole units (as bundle prices). The checks are the last wall against a debit past the money.
 */
export const chargingLines = pgTable(
  "charging_lines",
  {
    gsm: text("gsm").primaryKey(),
    plan: text("plan").notNull().default("prepaid"),
    mainBalance: integer("main_balance").notNull().default(0),
    validUntil: date("valid_until", { mode: "string" }),
    unbilled: integer("unbilled").notNull().default(0),
    creditLimit: integer("credit_limit").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("charging_lines_plan_check", sql`${table.plan} in ('prepaid', 'postpaid')`),
    check("charging_lines_main_balance_check", sql`${table.mainBalance} >= 0`),
    check("charging_lines_unbilled_check", sql`${table.unbilled} >= 0 and (${table.plan} = 'prepaid' or ${table.unbilled} <= ${table.creditLimit})`),
  ],
);

/** A bundle a line bought: its catalogue texts and price as they were at the order, its dates and renewal. */
export const chargingSubscriptions = pgTable(
  "charging_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    /** The catalogue bundle (bundles.id); no foreign key: the catalogue is reloaded from content/. */
    bundleId: integer("bundle_id").notNull(),
    titleAr: text("title_ar").notNull(),
    titleEn: text("title_en").notNull(),
    price: integer("price").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    renews: boolean("renews").notNull(),
    renewalStoppedAt: timestamp("renewal_stopped_at", { withTimezone: true }),
    /** When the renewal job handled its end (renewed, or not renewed and why in charging_audit); null before. */
    renewalHandledAt: timestamp("renewal_handled_at", { withTimezone: true }),
  },
  (table) => [
    index("charging_subscriptions_gsm_idx").on(table.gsm, table.endsAt),
    index("charging_subscriptions_renewal_idx").on(table.endsAt).where(sql`${table.renews} and ${table.renewalHandledAt} is null`),
  ],
);

/**
 * The renewals whose subscriber is still to be told by SMS (server/charging/renewal.ts): written in the renewal's own
 * transaction, so a renewal is never left untold when the process stops or the SMS gateway is away; deleted once the
 * gateway took the text, or given up after `attempts` tries spread over hours (`next_try_at`).
 */
export const chargingRenewalNotices = pgTable(
  "charging_renewal_notices",
  {
    /** The ended subscription the renewal was of. */
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .primaryKey()
      .references(() => chargingSubscriptions.id, { onDelete: "cascade" }),
    /** "renewed", or the refusal's code (charging_audit has the same). */
    result: text("result").notNull(),
    /** The new subscription and what it cost, when renewed. */
    renewalSubscriptionId: bigint("renewal_subscription_id", { mode: "number" }),
    price: integer("price"),
    handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("charging_renewal_notices_next_try_idx").on(table.nextTryAt)],
);

/** What a subscription includes and how much of it is used (grown by the rating of usage, server/charging/embedded-rating.ts); `total` null is unlimited. */
export const chargingAllowances = pgTable(
  "charging_allowances",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => chargingSubscriptions.id, { onDelete: "cascade" }),
    /** data | voice | sms */
    kind: text("kind").notNull(),
    /** GB | MB | min | sms | unlimited (the catalogue's unit) */
    unit: text("unit").notNull(),
    total: doublePrecision("total"),
    used: doublePrecision("used").notNull().default(0),
  },
  (table) => [
    index("charging_allowances_subscription_idx").on(table.subscriptionId),
    check("charging_allowances_used_check", sql`${table.used} >= 0 and (${table.total} is null or ${table.used} <= ${table.total})`),
  ],
);

/** A completed bundle order; (gsm, idempotency_key) is unique, so a repeated order answers the first. */
export const chargingOrders = pgTable(
  "charging_orders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    bundleId: integer("bundle_id").notNull(),
    price: integer("price").notNull(),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => chargingSubscriptions.id),
    renews: boolean("renews").notNull(),
    /** activation (asked by the subscriber) | renewal (the renewal job, key `renewal-<subscription>`) */
    kind: text("kind").notNull().default("activation"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("charging_orders_gsm_key_idx").on(table.gsm, table.idempotencyKey)],
);

/** Every order and renewal change asked of the charging port, refused ones too: who, when, number, amount, result. */
export const chargingAudit = pgTable(
  "charging_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    accountId: bigint("account_id", { mode: "number" }),
    sessionId: bigint("session_id", { mode: "number" }),
    clientIp: text("client_ip"),
    /** activate-bundle | stop-renewal | renew-bundle | voucher-top-up */
    action: text("action").notNull(),
    bundleId: integer("bundle_id"),
    subscriptionId: bigint("subscription_id", { mode: "number" }),
    orderId: bigint("order_id", { mode: "number" }),
    amount: integer("amount"),
    /** completed | repeated | a refusal's code (INSUFFICIENT_BALANCE, LINE_DEACTIVATED, …) */
    result: text("result").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("charging_audit_gsm_idx").on(table.gsm, table.createdAt)],
);

/**
 * Scratch-card vouchers of the embedded charging driver (issue 16): only a hash of the 14-digit secret is
 * kept (sha256 of the digits, looked up by it). A voucher is credited once: the redeeming statement changes
 * `unused` to `redeemed` and only one statement can.
 */
export const chargingVouchers = pgTable(
  "charging_vouchers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The card's printed serial (not secret: what a service centre asks for). */
    serial: text("serial").notNull(),
    /** hex sha256 of the 14 digits */
    secretHash: text("secret_hash").notNull(),
    amount: integer("amount").notNull(),
    /** Days of prepaid validity the voucher gives from the day it is used. */
    validityDays: integer("validity_days").notNull(),
    /** unused | redeemed | void */
    state: text("state").notNull().default("unused"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    redeemedBy: text("redeemed_by"),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("charging_vouchers_secret_idx").on(table.secretHash),
    uniqueIndex("charging_vouchers_serial_idx").on(table.serial),
    check("charging_vouchers_state_check", sql`${table.state} in ('unused', 'redeemed', 'void')`),
    check("charging_vouchers_amount_check", sql`${table.amount} > 0 and ${table.validityDays} >= 0`),
  ],
);

/** A credit by voucher: the line, the voucher, the amount and the validity it gave. */
export const chargingTopUps = pgTable(
  "charging_top_ups",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    voucherId: bigint("voucher_id", { mode: "number" })
      .notNull()
      .references(() => chargingVouchers.id),
    amount: integer("amount").notNull(),
    validUntil: date("valid_until", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("charging_top_ups_voucher_idx").on(table.voucherId), index("charging_top_ups_gsm_idx").on(table.gsm, table.createdAt)],
);

/**
 * Voucher entry tries of a line, counted before a voucher is looked at (whatever the charging driver): when
 * each try still counted was made (`wrong_tries_at`, trimmed to the last hour whenever a try is counted, so
 * the hour slides), how many that is (`failures`), and `locked_until`, set by the try that reaches the limit.
 * The times live in the line's row, so one upsert under that row's lock counts a try and checks the lock.
 */
export const chargingVoucherTries = pgTable("charging_voucher_tries", {
  gsm: text("gsm").primaryKey(),
  wrongTriesAt: timestamp("wrong_tries_at", { withTimezone: true })
    .array()
    .notNull()
    .default(sql`'{}'`),
  failures: integer("failures")
    .notNull()
    .generatedAlwaysAs(sql`cardinality("wrong_tries_at")`),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Usage records (TMF635 usage) of the embedded charging driver: one call, SMS or data session. Amount in
 * the kind's unit: data MB, voice seconds, sms messages; `other_party` the number called or texted (null
 * for data), masked whenever it is shown; `cost` what it took from the money (0 when a bundle covered it).
 */
export const chargingUsage = pgTable(
  "charging_usage",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gsm: text("gsm").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** data | voice | sms */
    kind: text("kind").notNull(),
    amount: doublePrecision("amount").notNull(),
    otherParty: text("other_party"),
    cost: integer("cost").notNull().default(0),
  },
  (table) => [
    index("charging_usage_gsm_idx").on(table.gsm, table.startedAt),
    check("charging_usage_kind_check", sql`${table.kind} in ('data', 'voice', 'sms')`),
    check("charging_usage_amount_check", sql`${table.amount} >= 0 and ${table.cost} >= 0`),
  ],
);

/*
 * The operator's console (issue 17): staff accounts, separate from subscribers. Secrets are kept as hashes
 * (password: scrypt; session, enrolment and recovery tokens: sha256) except the TOTP secret, which must be
 * read to check a code: it is stored encrypted (AES-256-GCM) with a key kept outside the database
 * (server/console/secret-key.ts).
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    /** scrypt$N$r$p$salt$hash (server/auth/password-hash.ts); null until enrolment sets it. */
    passwordHash: text("password_hash"),
    /** AES-256-GCM of the base32 TOTP secret (iv.tag.ciphertext, base64url); null until enrolment confirms it. */
    totpSecret: text("totp_secret"),
    /** The TOTP time step last accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** editor | publisher | centre-agent | admin */
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    /** The service centres of a centre agent (content ids). */
    centreIds: text("centre_ids").array().notNull().default(sql`'{}'::text[]`),
    disabled: boolean("disabled").notNull().default(false),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("staff_accounts_email_idx").on(table.email),
    check("staff_accounts_email_lower_check", sql`${table.email} = lower(${table.email})`),
    check("staff_accounts_roles_check", sql`${table.roles} <@ array['editor', 'publisher', 'centre-agent', 'admin']::text[]`),
  ],
);

/** A console session: only the sha256 of its token; 30 minutes idle, 12 hours absolute. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("staff_sessions_token_idx").on(table.tokenHash), index("staff_sessions_staff_idx").on(table.staffId)],
);

/** A one-time enrolment link (first admin, invitation, second-factor reset): the sha256 of its token, 24 h. */
export const staffEnrolments = pgTable(
  "staff_enrolments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** AES-256-GCM of the TOTP secret offered by this enrolment (kept until it is confirmed). */
    pendingTotpSecret: text("pending_totp_secret"),
    /**
     * A reset second factor's link: the sha256 of the nonce (an HttpOnly cookie) of the browser that proved the
     * account's password, the only one the pending secret is shown to. Null for other links, and until then.
     */
    pendingBrowserHash: text("pending_browser_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("staff_enrolments_token_idx").on(table.tokenHash), index("staff_enrolments_staff_idx").on(table.staffId)],
);

/** Ten recovery codes per enrolment, each good once (sha256 kept). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("staff_recovery_codes_hash_idx").on(table.staffId, table.codeHash)],
);

/** Every change made in (or to) the console: who, when, what, before → after, from where. */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The staff member who acted (null: the console:admin script or a failed login of an unknown e-mail). */
    actorId: bigint("actor_id", { mode: "number" }).references(() => staffAccounts.id, { onDelete: "set null" }),
    /** The e-mail of the actor at the time (kept when the account is gone). */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    /** What was changed, e.g. `staff:12`. */
    target: text("target"),
    before: jsonb("before"),
    after: jsonb("after"),
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("staff_audit_created_idx").on(table.createdAt), index("staff_audit_actor_idx").on(table.actorId, table.createdAt), index("staff_audit_action_idx").on(table.action, table.createdAt)],
);

/*
 * The console's content (issue 17). Every change of an item is a revision: a draft an editor saves, which a
 * publisher publishes now or schedules; publishing writes the item into its live table (the one the site
 * reads and `content:load` fills), rebuilds the search index and raises content_state.version, all in one
 * transaction. Published revisions are kept: history, diff and roll back.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The content file's name without `.json`, e.g. `offers`, `roaming-countries`. */
    kind: text("kind").notNull(),
    /** The item's key in its file, as text (`12`, `EG`, `weekend`). */
    itemKey: text("item_key").notNull(),
    /** The item exactly as content/<kind>.json holds it, checked by that file's schema. */
    data: jsonb("data").notNull(),
    /** draft | scheduled | published | superseded | ended | discarded */
    state: text("state").notNull().default("draft"),
    /** A scheduled revision is published at this time. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Offers and news: the item is taken down from the site at this time. */
    endAt: timestamp("end_at", { withTimezone: true }),
    /** The revision this one started from (its history's parent); null for a new item or an import. */
    basedOn: bigint("based_on", { mode: "number" }),
    /** Why it was made: edit | rollback | import */
    origin: text("origin").notNull().default("edit"),
    createdBy: bigint("created_by", { mode: "number" }).references(() => staffAccounts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: bigint("published_by", { mode: "number" }).references(() => staffAccounts.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    index("content_revisions_item_idx").on(table.kind, table.itemKey, table.createdAt),
    index("content_revisions_due_idx").on(table.publishAt).where(sql`${table.state} = 'scheduled'`),
    index("content_revisions_end_idx").on(table.endAt).where(sql`${table.state} = 'published' and ${table.endAt} is not null`),
    // At most one live (published) revision per item.
    uniqueIndex("content_revisions_one_published_idx").on(table.kind, table.itemKey).where(sql`${table.state} = 'published'`),
    check("content_revisions_state_check", sql`${table.state} in ('draft', 'scheduled', 'published', 'superseded', 'ended', 'discarded')`),
    check("content_revisions_origin_check", sql`${table.origin} in ('edit', 'rollback', 'import')`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * An image uploaded in the console (magic bytes checked, resized with sharp). Kept in the database so every
 * instance serves it: /images/uploads/<hash>-<width>.<format>; `hash` is the sha256 of the upload (hex).
 */
export const contentMedia = pgTable("content_media", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  hash: text("hash").notNull().unique(),
  /** The upload's verified type (image/jpeg | image/png | image/webp) and size in pixels. */
  originalType: text("original_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdBy: bigint("created_by", { mode: "number" }).references(() => staffAccounts.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One served size and format of an uploaded image (the widths the site's pages ask for). */
export const contentMediaVariants = pgTable(
  "content_media_variants",
  {
    mediaId: bigint("media_id", { mode: "number" })
      .notNull()
      .references(() => contentMedia.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    /** jpeg | webp */
    format: text("format").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.mediaId, table.width, table.format] })],
);
