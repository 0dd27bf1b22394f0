-- Rate-limit counters shared by every server instance on this database (docs/api.md §9): with
-- DATABASE_URL, N instances enforce one limit and a restart keeps it. PGlite (one process by
-- design) keeps its counters in memory and leaves this table empty.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");
