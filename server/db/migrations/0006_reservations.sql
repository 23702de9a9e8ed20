CREATE TABLE "number_inventory" (
	"gsm" text PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"sim_price" integer NOT NULL,
	"service_fee" integer NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_inventory_state_check" CHECK ("number_inventory"."state" in ('available', 'reserved', 'taken')),
	CONSTRAINT "number_inventory_tier_check" CHECK ("number_inventory"."tier" in ('regular', 'silver', 'gold'))
);
--> statement-breakpoint
CREATE TABLE "number_reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "number_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"account_id" bigint NOT NULL,
	"gsm" text NOT NULL,
	"full_name" text NOT NULL,
	"city_id" integer NOT NULL,
	"birth_date" date NOT NULL,
	"line_type" text NOT NULL,
	"sim_price" integer NOT NULL,
	"service_fee" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "number_reservations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "number_reservations_state_check" CHECK ("number_reservations"."state" in ('active', 'cancelled', 'expired', 'collected'))
);
--> statement-breakpoint
CREATE TABLE "reservation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reservation_id" bigint NOT NULL,
	"gsm" text NOT NULL,
	"actor" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "number_reservations" ADD CONSTRAINT "number_reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_reservations" ADD CONSTRAINT "number_reservations_gsm_number_inventory_gsm_fk" FOREIGN KEY ("gsm") REFERENCES "public"."number_inventory"("gsm") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_reservations" ADD CONSTRAINT "number_reservations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_reservation_id_number_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."number_reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_inventory_gsm_trgm_idx" ON "number_inventory" USING gin ("gsm" gin_trgm_ops) WHERE "number_inventory"."state" = 'available';--> statement-breakpoint
CREATE INDEX "number_inventory_available_idx" ON "number_inventory" USING btree ("tier","gsm") WHERE "number_inventory"."state" = 'available';--> statement-breakpoint
CREATE UNIQUE INDEX "number_reservations_one_active_idx" ON "number_reservations" USING btree ("gsm") WHERE "number_reservations"."state" = 'active';--> statement-breakpoint
CREATE INDEX "number_reservations_account_idx" ON "number_reservations" USING btree ("account_id","state");--> statement-breakpoint
CREATE INDEX "number_reservations_expiry_idx" ON "number_reservations" USING btree ("expires_at") WHERE "number_reservations"."state" = 'active';--> statement-breakpoint
CREATE INDEX "reservation_events_reservation_idx" ON "reservation_events" USING btree ("reservation_id");