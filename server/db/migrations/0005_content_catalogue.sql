CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "business_solutions" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ar" text NOT NULL,
	"summary_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_solutions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "faq_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" integer PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"question_ar" text NOT NULL,
	"question_en" text NOT NULL,
	"answer_ar" text NOT NULL,
	"answer_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"full_name" text NOT NULL,
	"gsm" text NOT NULL,
	"email" text NOT NULL,
	"description" text NOT NULL,
	"evaluation" smallint NOT NULL,
	"language" text NOT NULL,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "international_tariffs" (
	"code" text PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"dial_code" text NOT NULL,
	"per_minute" integer NOT NULL,
	"per_sms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ar" text NOT NULL,
	"summary_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"image" text,
	CONSTRAINT "news_type_check" CHECK ("news"."type" in ('news', 'press'))
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ar" text NOT NULL,
	"summary_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"segment_id" integer,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ar" text NOT NULL,
	"summary_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"price" integer,
	"price_unit" text,
	"ussd" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"dial_code" text NOT NULL,
	"zone" integer NOT NULL,
	"call_roaming" boolean NOT NULL,
	"sms_roaming" boolean NOT NULL,
	"operators" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_zones" (
	"zone" integer PRIMARY KEY NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"call_local" integer NOT NULL,
	"call_home" integer NOT NULL,
	"call_receive" integer NOT NULL,
	"sms" integer NOT NULL,
	"data_per_mb" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"snippet" text NOT NULL,
	"url" text NOT NULL,
	"folded" text NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" integer PRIMARY KEY NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ar" text NOT NULL,
	"summary_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_centres" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"address_ar" text NOT NULL,
	"address_en" text NOT NULL,
	"phones" jsonb NOT NULL,
	"hours" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"services" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ar" text NOT NULL,
	"summary_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"price" integer NOT NULL,
	"self_service_path" text,
	"ussd" text,
	"special" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "summary_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "summary_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "body_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "body_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_category_faq_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."faq_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_product_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."product_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_countries" ADD CONSTRAINT "roaming_countries_zone_roaming_zones_zone_fk" FOREIGN KEY ("zone") REFERENCES "public"."roaming_zones"("zone") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_centres" ADD CONSTRAINT "service_centres_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faqs_category_idx" ON "faqs" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_date_idx" ON "news" USING btree ("date");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "products_segment_idx" ON "products" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "search_documents_fts_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_trgm_idx" ON "search_documents" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_language_idx" ON "search_documents" USING btree ("language","kind");--> statement-breakpoint
CREATE INDEX "service_centres_city_idx" ON "service_centres" USING btree ("city_id");