-- Gym mode (docs/api.md §11): the profile's rest after a set (0 to an hour, 120 s unless changed)
-- and the bar and plates of each weight unit the user saved (null: the contract's defaults,
-- src/contract/plates.ts, so changing a default reaches everyone who kept it).
-- Sessions need no backfill for set types: a set stored before them has no `type`, reads as a
-- normal set (session-api-json.sql), and no stored set is a warm-up, so every stored best
-- (heaviest, e1rm, best_set_volume, exact_volume and their *_lb) already follows the new rule.
ALTER TABLE "users" ADD COLUMN "rest_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rest_seconds_range" CHECK ("rest_seconds" BETWEEN 0 AND 3600);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plates" jsonb;
