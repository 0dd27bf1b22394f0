-- Exercises count toward their log's quota (docs/api.md §12).
-- An exercise counts in its log; once deleted, its own counter goes with it.
CREATE OR REPLACE FUNCTION "exercises_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  per_log jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', log_id, 'n', k)) INTO per_log
      FROM (SELECT log_id, count(*) AS k FROM changed_new GROUP BY log_id) g;
    PERFORM quota_add(per_log, 'log-exercises');
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', log_id, 'n', k)) INTO per_log
      FROM (SELECT log_id, count(*) AS k FROM changed_old GROUP BY log_id) g;
    PERFORM quota_remove(per_log, 'log-exercises');
    DELETE FROM quota_counts q USING changed_old o WHERE q.owner_id = o.id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "exercises_counted_insert" AFTER INSERT ON "exercises"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION exercises_counted();

CREATE OR REPLACE TRIGGER "exercises_counted_delete" AFTER DELETE ON "exercises"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION exercises_counted();
