CREATE TABLE "bundles" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"type" text NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"description_ar" text NOT NULL,
	"description_en" text NOT NULL,
	"price" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"allowances" jsonb NOT NULL,
	"ussd" text NOT NULL,
	"sms_keyword" text NOT NULL,
	"sms_to" text NOT NULL,
	"renewal" text NOT NULL,
	"eligibility" text NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundles_type_check" CHECK ("bundles"."type" in ('data', 'voice', 'sms', 'mixed'))
);
--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_category_id_bundle_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."bundle_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundles_category_idx" ON "bundles" USING btree ("category_id","sort_order");