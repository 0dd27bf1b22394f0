-- An exercise has one author, and so does every session of it; a log has one author too. Without
-- being told, PostgreSQL multiplies the selectivities of `author_id = …` and `exercise_id = …` as
-- if independent, estimates one row for an exercise's sessions, and then rates the (author,
-- exercise, date) index as good as the unique (author, exercise, slug) one for a lookup by slug:
-- a session's page walked every session of its exercise and filtered on the slug (124 index
-- entries for one row in the bench). Functional-dependency statistics correct the estimate.
CREATE STATISTICS "wlsessions_exercise_author_dep" (dependencies) ON "author_id", "exercise_id" FROM "wlsessions";--> statement-breakpoint
CREATE STATISTICS "pasessions_exercise_author_dep" (dependencies) ON "author_id", "exercise_id" FROM "pasessions";--> statement-breakpoint
CREATE STATISTICS "exercises_log_author_dep" (dependencies) ON "author_id", "log_id" FROM "exercises";--> statement-breakpoint
-- Built now rather than at the next autoanalyze, which on a large, settled table can be far off.
-- ANALYZE samples a fixed number of rows (30,000 at the default target), so this stays quick.
ANALYZE "wlsessions", "pasessions", "exercises";
