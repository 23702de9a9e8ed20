CREATE TABLE "line_feature_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_feature_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gsm" text NOT NULL,
	"account_id" bigint,
	"session_id" bigint,
	"feature" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_service_passwords" (
	"gsm" text PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_auto_replies" (
	"gsm" text PRIMARY KEY NOT NULL,
	"general_message" text DEFAULT '' NOT NULL,
	"others" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_caller_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "network_caller_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gsm" text NOT NULL,
	"caller" text NOT NULL,
	"called_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_line_features" (
	"gsm" text NOT NULL,
	"feature" text NOT NULL,
	"service_state" smallint DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ends_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_line_features_gsm_feature_pk" PRIMARY KEY("gsm","feature"),
	CONSTRAINT "network_line_features_feature_check" CHECK ("network_line_features"."feature" in ('call-forward', 'super-clip', 'call-barring'))
);
--> statement-breakpoint
CREATE TABLE "network_lines" (
	"gsm" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"national_id" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone,
	CONSTRAINT "network_lines_state_check" CHECK ("network_lines"."state" in ('active', 'deactivated'))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "line_service_passwords" ADD CONSTRAINT "line_service_passwords_gsm_account_numbers_gsm_fk" FOREIGN KEY ("gsm") REFERENCES "public"."account_numbers"("gsm") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_feature_audit_gsm_idx" ON "line_feature_audit" USING btree ("gsm","created_at");--> statement-breakpoint
CREATE INDEX "network_caller_records_gsm_idx" ON "network_caller_records" USING btree ("gsm","called_at");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('login', 'register', 'add-number', 'service-password'));