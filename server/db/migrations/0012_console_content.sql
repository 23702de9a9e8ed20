CREATE TABLE "content_media" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"original_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_media_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "content_media_variants" (
	"media_id" bigint NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "content_media_variants_media_id_width_format_pk" PRIMARY KEY("media_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"item_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"based_on" bigint,
	"origin" text DEFAULT 'edit' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "content_revisions_state_check" CHECK ("content_revisions"."state" in ('draft', 'scheduled', 'published', 'superseded', 'ended', 'discarded')),
	CONSTRAINT "content_revisions_origin_check" CHECK ("content_revisions"."origin" in ('edit', 'rollback', 'import'))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_by" bigint;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_note" text;--> statement-breakpoint
ALTER TABLE "content_media" ADD CONSTRAINT "content_media_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_media_variants" ADD CONSTRAINT "content_media_variants_media_id_content_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."content_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_published_by_staff_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" USING btree ("kind","item_key","created_at");--> statement-breakpoint
CREATE INDEX "content_revisions_due_idx" ON "content_revisions" USING btree ("publish_at") WHERE "content_revisions"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "content_revisions_end_idx" ON "content_revisions" USING btree ("end_at") WHERE "content_revisions"."state" = 'published' and "content_revisions"."end_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_one_published_idx" ON "content_revisions" USING btree ("kind","item_key") WHERE "content_revisions"."state" = 'published';--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_staff_accounts_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_new_idx" ON "feedback" USING btree ("created_at") WHERE "feedback"."handled_at" is null;