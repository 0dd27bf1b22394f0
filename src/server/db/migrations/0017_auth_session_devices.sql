-- Devices (docs/api.md §13): each sign-in session gets an id of its own to name it by (never the
-- cookie's token or its hash), the short label of the device that opened it, and when it was last
-- seen (written at most every 5 minutes, by plugins/auth.ts, not on every request).
-- The device is stored as its label only ("Firefox on Windows"), not the whole User-Agent: the
-- label is all the screen shows, and less is kept about the person.
ALTER TABLE "auth_sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_id_uq" ON "auth_sessions" USING btree ("id");--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "device" text DEFAULT 'Unknown device' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "auth_sessions" SET "last_seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "auth_sessions" ALTER COLUMN "last_seen_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "auth_sessions" ALTER COLUMN "last_seen_at" SET NOT NULL;
