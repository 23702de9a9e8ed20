CREATE TABLE "offers" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_ar" text NOT NULL,
	"summary_en" text NOT NULL,
	"terms_ar" text NOT NULL,
	"terms_en" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"ussd" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offers_valid_idx" ON "offers" USING btree ("valid_to");