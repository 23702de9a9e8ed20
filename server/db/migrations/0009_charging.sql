CREATE TABLE "charging_allowances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_allowances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"total" double precision,
	"used" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "charging_allowances_used_check" CHECK ("charging_allowances"."used" >= 0 and ("charging_allowances"."total" is null or "charging_allowances"."used" <= "charging_allowances"."total"))
);
--> statement-breakpoint
CREATE TABLE "charging_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gsm" text NOT NULL,
	"account_id" bigint,
	"session_id" bigint,
	"client_ip" text,
	"action" text NOT NULL,
	"bundle_id" integer,
	"subscription_id" bigint,
	"order_id" bigint,
	"amount" integer,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_lines" (
	"gsm" text PRIMARY KEY NOT NULL,
	"plan" text DEFAULT 'prepaid' NOT NULL,
	"main_balance" integer DEFAULT 0 NOT NULL,
	"valid_until" date,
	"unbilled" integer DEFAULT 0 NOT NULL,
	"credit_limit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_lines_plan_check" CHECK ("charging_lines"."plan" in ('prepaid', 'postpaid')),
	CONSTRAINT "charging_lines_main_balance_check" CHECK ("charging_lines"."main_balance" >= 0),
	CONSTRAINT "charging_lines_unbilled_check" CHECK ("charging_lines"."unbilled" >= 0 and ("charging_lines"."plan" = 'prepaid' or "charging_lines"."unbilled" <= "charging_lines"."credit_limit"))
);
--> statement-breakpoint
CREATE TABLE "charging_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gsm" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"bundle_id" integer NOT NULL,
	"price" integer NOT NULL,
	"subscription_id" bigint NOT NULL,
	"renews" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gsm" text NOT NULL,
	"bundle_id" integer NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"price" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"renews" boolean NOT NULL,
	"renewal_stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "charging_allowances" ADD CONSTRAINT "charging_allowances_subscription_id_charging_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."charging_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_orders" ADD CONSTRAINT "charging_orders_subscription_id_charging_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."charging_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charging_allowances_subscription_idx" ON "charging_allowances" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "charging_audit_gsm_idx" ON "charging_audit" USING btree ("gsm","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_orders_gsm_key_idx" ON "charging_orders" USING btree ("gsm","idempotency_key");--> statement-breakpoint
CREATE INDEX "charging_subscriptions_gsm_idx" ON "charging_subscriptions" USING btree ("gsm","ends_at");