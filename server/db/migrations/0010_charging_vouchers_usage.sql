CREATE TABLE "charging_top_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gsm" text NOT NULL,
	"voucher_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_usage" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_usage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gsm" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"amount" double precision NOT NULL,
	"other_party" text,
	"cost" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "charging_usage_kind_check" CHECK ("charging_usage"."kind" in ('data', 'voice', 'sms')),
	CONSTRAINT "charging_usage_amount_check" CHECK ("charging_usage"."amount" >= 0 and "charging_usage"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "charging_voucher_tries" (
	"gsm" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "charging_vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"secret_hash" text NOT NULL,
	"amount" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_vouchers_state_check" CHECK ("charging_vouchers"."state" in ('unused', 'redeemed', 'void')),
	CONSTRAINT "charging_vouchers_amount_check" CHECK ("charging_vouchers"."amount" > 0 and "charging_vouchers"."validity_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "charging_orders" ADD COLUMN "kind" text DEFAULT 'activation' NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_subscriptions" ADD COLUMN "renewal_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_top_ups" ADD CONSTRAINT "charging_top_ups_voucher_id_charging_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."charging_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_top_ups_voucher_idx" ON "charging_top_ups" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "charging_top_ups_gsm_idx" ON "charging_top_ups" USING btree ("gsm","created_at");--> statement-breakpoint
CREATE INDEX "charging_usage_gsm_idx" ON "charging_usage" USING btree ("gsm","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_vouchers_secret_idx" ON "charging_vouchers" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_vouchers_serial_idx" ON "charging_vouchers" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "charging_subscriptions_renewal_idx" ON "charging_subscriptions" USING btree ("ends_at") WHERE "charging_subscriptions"."renews" and "charging_subscriptions"."renewal_handled_at" is null;