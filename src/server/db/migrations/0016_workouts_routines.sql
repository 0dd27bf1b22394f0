-- Gym mode (docs/api.md §11, decision 0030): workouts and routines of a log.
-- A workout groups ordinary sessions: each session names its workout, its place in it and its
-- superset, so the exercise page, records, progress and export read sessions as before, and a
-- workout's entries are its sessions in `workout_position` order.
CREATE TABLE "routines" (
  "id" uuid PRIMARY KEY,
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "log_id" uuid NOT NULL REFERENCES "logs"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "notes" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "import_id" uuid
);--> statement-breakpoint
-- Listed by title, case-insensitively (docs/api.md §11).
CREATE INDEX "routines_log_title_idx" ON "routines" USING btree ("author_id", "log_id", lower("title"), "id");--> statement-breakpoint
-- A routine's entries are rows, not a JSON array: the foreign key to the exercise removes an
-- exercise's entries when it is deleted, in the one place a delete already cascades.
CREATE TABLE "routine_entries" (
  "routine_id" uuid NOT NULL REFERENCES "routines"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "exercise_id" uuid NOT NULL REFERENCES "exercises"("id") ON DELETE CASCADE,
  "sets" integer,
  "reps_min" integer,
  "reps_max" integer,
  "rest_seconds" integer NOT NULL,
  "superset" integer
);--> statement-breakpoint
-- Not unique: an edit deletes a routine's entries and inserts the new ones in one statement.
CREATE INDEX "routine_entries_routine_idx" ON "routine_entries" USING btree ("routine_id", "position");--> statement-breakpoint
CREATE INDEX "routine_entries_exercise_idx" ON "routine_entries" USING btree ("exercise_id");--> statement-breakpoint
CREATE TABLE "workouts" (
  "id" uuid PRIMARY KEY,
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "log_id" uuid NOT NULL REFERENCES "logs"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "created_date" date NOT NULL,
  "started_at" timestamp with time zone,
  "ended_at" timestamp with time zone,
  "notes" text NOT NULL DEFAULT '',
  -- A deleted routine leaves its workouts, without it (docs/api.md §11).
  "routine_id" uuid REFERENCES "routines"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "import_id" uuid
);--> statement-breakpoint
-- The list's exact order (docs/api.md §11 precise rules), id breaking ties.
CREATE INDEX "workouts_log_order_idx" ON "workouts" USING btree
  ("author_id", "log_id", "created_date" DESC, "started_at" DESC NULLS LAST, "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "workouts_routine_idx" ON "workouts" USING btree ("routine_id") WHERE "routine_id" IS NOT NULL;--> statement-breakpoint
-- Deleting a workout deletes its sessions (docs/api.md §11).
ALTER TABLE "sessions" ADD COLUMN "workout_id" uuid REFERENCES "workouts"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workout_position" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workout_superset" integer;--> statement-breakpoint
-- A workout's entries in order; only sessions of a workout are in it.
CREATE INDEX "sessions_workout_idx" ON "sessions" USING btree ("author_id", "workout_id", "workout_position")
  WHERE "workout_id" IS NOT NULL;--> statement-breakpoint
-- At most 100 routines per log (docs/api.md §11, counted like §12's quotas).
INSERT INTO "quota_limits" ("item", "max", "message") VALUES
  ('log-routines', 100, 'A log can have at most %s routines');--> statement-breakpoint
-- `workouts` and `routines` are the log's screens now (docs/api.md §11): an exercise that had
-- one of these slugs keeps its title and moves to `<slug>-exercise` (or, were that taken too,
-- `<slug>-exercise-<first 8 characters of its id>`), so one address names one thing.
UPDATE "exercises" e SET "slug" = e."slug" || '-exercise' || CASE WHEN EXISTS (
    SELECT 1 FROM "exercises" o WHERE o."author_id" = e."author_id" AND o."log_id" = e."log_id"
      AND o."slug" = e."slug" || '-exercise') THEN '-' || left(e."id"::text, 8) ELSE '' END
  WHERE e."slug" IN ('workouts', 'routines');
