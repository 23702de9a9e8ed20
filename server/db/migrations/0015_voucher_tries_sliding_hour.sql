-- The wrong voucher tries of a line count for an hour each (a sliding hour), no longer in a window from the first
-- one: their times are kept in the line's row. A window still running keeps its tries, each at the window's start
-- (when they were made is not known; the earliest it can have been), so a line near its limit stays near it.
ALTER TABLE "charging_voucher_tries" ADD COLUMN "wrong_tries_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "charging_voucher_tries" SET "wrong_tries_at" = array_fill("window_started_at", ARRAY["failures"]) WHERE "failures" > 0 AND "window_started_at" > now() - interval '1 hour';--> statement-breakpoint
ALTER TABLE "charging_voucher_tries" DROP COLUMN "failures";--> statement-breakpoint
ALTER TABLE "charging_voucher_tries" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "charging_voucher_tries" ADD COLUMN "failures" integer GENERATED ALWAYS AS (cardinality("wrong_tries_at")) STORED NOT NULL;
