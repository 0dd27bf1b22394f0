-- The logs a user has, counted by rows_counted (quota-counts-rows.sql; docs/api.md §12).
-- One table's triggers per file: each file runs as one transaction at every start, and holding
-- the locks of two tables at once deadlocked with writes of the other instances of a fleet.
CREATE OR REPLACE TRIGGER "logs_counted_insert" AFTER INSERT ON "logs" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION rows_counted('author_id', 'user-logs');
CREATE OR REPLACE TRIGGER "logs_counted_delete" AFTER DELETE ON "logs" REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION rows_counted('author_id', 'user-logs');

DROP FUNCTION IF EXISTS "logs_counted"();
