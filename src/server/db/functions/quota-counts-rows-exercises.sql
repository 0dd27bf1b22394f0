-- The exercises a log has, counted by rows_counted (quota-counts-rows.sql; docs/api.md §12).
-- One table's triggers per file: each file runs as one transaction at every start, and holding
-- the locks of two tables at once deadlocked with writes of the other instances of a fleet.
CREATE OR REPLACE TRIGGER "exercises_counted_insert" AFTER INSERT ON "exercises" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION rows_counted('log_id', 'log-exercises');
CREATE OR REPLACE TRIGGER "exercises_counted_delete" AFTER DELETE ON "exercises" REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION rows_counted('log_id', 'log-exercises');

-- The per-table functions these triggers called until rows_counted replaced them: the triggers
-- above no longer use them, and this file runs as one transaction.

DROP FUNCTION IF EXISTS "exercises_counted"();
