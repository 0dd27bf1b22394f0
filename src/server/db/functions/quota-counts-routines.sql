-- Routines count toward their log's quota (docs/api.md §11: at most 100 per log, a 409 like §12's).
CREATE OR REPLACE FUNCTION "routines_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  per_log jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', log_id, 'n', k)) INTO per_log
      FROM (SELECT log_id, count(*) AS k FROM changed_new GROUP BY log_id) g;
    PERFORM quota_add(per_log, 'log-routines');
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', log_id, 'n', k)) INTO per_log
      FROM (SELECT log_id, count(*) AS k FROM changed_old GROUP BY log_id) g;
    PERFORM quota_remove(per_log, 'log-routines');
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "routines_counted_insert" AFTER INSERT ON "routines"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION routines_counted();

CREATE OR REPLACE TRIGGER "routines_counted_delete" AFTER DELETE ON "routines"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION routines_counted();
