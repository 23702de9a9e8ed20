ALTER TABLE "network_line_features" ADD COLUMN "active_since" timestamp with time zone;--> statement-breakpoint
-- A feature already on counts as on since its last save (the best the simulation knew).
UPDATE "network_line_features" SET "active_since" = "updated_at" WHERE "service_state" = 1;--> statement-breakpoint
ALTER TABLE "network_line_features" ADD CONSTRAINT "network_line_features_active_since_check" CHECK (("network_line_features"."service_state" = 1) = ("network_line_features"."active_since" is not null));
