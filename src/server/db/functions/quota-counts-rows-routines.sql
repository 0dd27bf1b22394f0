-- The routines a log has, counted by rows_counted (quota-counts-rows.sql; docs/api.md §11: at most
-- 100 per log, a 409 like §12's). Named after quota-counts-rows.sql so that it is applied after it.
-- One table's triggers per file: each file runs as one transaction at every start, and holding
-- the locks of two tables at once deadlocked with writes of the other instances of a fleet.
CREATE OR REPLACE TRIGGER "routines_counted_insert" AFTER INSERT ON "routines" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION rows_counted('log_id', 'log-routines');
CREATE OR REPLACE TRIGGER "routines_counted_delete" AFTER DELETE ON "routines" REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION rows_counted('log_id', 'log-routines');

-- The function these triggers called until rows_counted replaced it: nothing uses it now.
DROP FUNCTION IF EXISTS "routines_counted"();
