-- One table for both session kinds (decision 0012): every session is read and written by one
-- repository, an exercise's page is one statement whatever its kind, and the JSON shape is built
-- once, in TypeScript (the stored api_json columns of migration 0002 go). A session carries its
-- kind; the CHECK keeps each kind's own columns filled and the other kind's empty.
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"exercise_id" uuid NOT NULL REFERENCES "exercises"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"created_date" date NOT NULL,
	"sets" jsonb,
	"total_volume" double precision,
	"junk_volume" double precision,
	"working_volume" double precision,
	"hours" double precision,
	"minutes" double precision,
	"seconds" double precision,
	"distance" double precision,
	"pace_minutes" double precision,
	"pace_seconds" double precision,
	"speed" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_kind_columns" CHECK (
		("kind" = 'wlsession'
			AND "sets" IS NOT NULL AND "total_volume" IS NOT NULL AND "junk_volume" IS NOT NULL AND "working_volume" IS NOT NULL
			AND "hours" IS NULL AND "minutes" IS NULL AND "seconds" IS NULL AND "distance" IS NULL
			AND "pace_minutes" IS NULL AND "pace_seconds" IS NULL AND "speed" IS NULL)
		OR ("kind" = 'pasession'
			AND "sets" IS NULL AND "total_volume" IS NULL AND "junk_volume" IS NULL AND "working_volume" IS NULL
			AND "hours" IS NOT NULL AND "minutes" IS NOT NULL AND "seconds" IS NOT NULL AND "distance" IS NOT NULL
			AND "pace_minutes" IS NOT NULL AND "pace_seconds" IS NOT NULL AND "speed" IS NOT NULL)
	)
);
--> statement-breakpoint
INSERT INTO "sessions" ("id", "author_id", "exercise_id", "kind", "slug", "created_date", "sets", "total_volume",
	"junk_volume", "working_volume", "created_at", "updated_at")
SELECT "id", "author_id", "exercise_id", 'wlsession', "slug", "created_date", "sets", "total_volume", "junk_volume",
	"working_volume", "created_at", "updated_at" FROM "wlsessions";
--> statement-breakpoint
INSERT INTO "sessions" ("id", "author_id", "exercise_id", "kind", "slug", "created_date", "hours", "minutes",
	"seconds", "distance", "pace_minutes", "pace_seconds", "speed", "created_at", "updated_at")
SELECT "id", "author_id", "exercise_id", 'pasession', "slug", "created_date", "hours", "minutes", "seconds",
	"distance", "pace_minutes", "pace_seconds", "speed", "created_at", "updated_at" FROM "pasessions";
--> statement-breakpoint
DROP TABLE "wlsessions";
--> statement-breakpoint
DROP TABLE "pasessions";
--> statement-breakpoint
DROP FUNCTION "wlsession_api_json";
--> statement-breakpoint
DROP FUNCTION "pasession_api_json";
--> statement-breakpoint
-- A session by slug probes this; it also keeps two sessions of an exercise off one slug.
CREATE UNIQUE INDEX "sessions_exercise_slug_uq" ON "sessions" USING btree ("author_id", "exercise_id", "slug");
--> statement-breakpoint
-- The pages' exact order (id breaks ties), so a page reads `limit` index entries, not the
-- exercise's every session followed by a sort.
CREATE INDEX "sessions_exercise_date_idx" ON "sessions" USING btree ("author_id", "exercise_id",
	"created_date" DESC NULLS FIRST, "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
-- An exercise's sessions share its author (migration 0003 says why PostgreSQL must be told).
CREATE STATISTICS "sessions_exercise_author_dep" (dependencies) ON "author_id", "exercise_id" FROM "sessions";
--> statement-breakpoint
ANALYZE "sessions";
