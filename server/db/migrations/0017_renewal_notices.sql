CREATE TABLE "charging_renewal_notices" (
	"subscription_id" bigint PRIMARY KEY NOT NULL,
	"result" text NOT NULL,
	"renewal_subscription_id" bigint,
	"price" integer,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charging_renewal_notices" ADD CONSTRAINT "charging_renewal_notices_subscription_id_charging_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."charging_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charging_renewal_notices_next_try_idx" ON "charging_renewal_notices" USING btree ("next_try_at");