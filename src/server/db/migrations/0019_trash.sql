-- The account's trash (docs/api.md §14, decision 0034): a deleted log, exercise, session or
-- workout leaves its tables for one row here that holds it and everything that went with it, as
-- the rows they were (`rows`: {"logs": [...], "exercises": [...], ...}), for 30 days.
-- `id` is the deleted record's own id; `needs` the ids of the records it lives in (its log, its
-- exercises, its workout), which a restore brings back with it when they are in the trash too.
CREATE TABLE "trash" (
	"author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"id" uuid NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('log', 'exercise', 'wlsession', 'pasession', 'workout')),
	"title" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"needs" uuid[] NOT NULL,
	"exercises" integer NOT NULL,
	"sessions" integer NOT NULL,
	"rows" jsonb NOT NULL,
	PRIMARY KEY ("author_id", "id")
);
--> statement-breakpoint
-- The account's trash newest first (GET /api/trash).
CREATE INDEX "trash_author_deleted_idx" ON "trash" ("author_id", "deleted_at" DESC, "id");
--> statement-breakpoint
-- The sweep of items past 30 days, across accounts.
CREATE INDEX "trash_deleted_idx" ON "trash" ("deleted_at");
