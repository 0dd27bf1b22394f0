-- Part of a workout's stored JSON (workouts-api-json-trigger.sql, decision 0038).
-- Its log's slug, which each entry's exercise names (`slugLog`).
CREATE OR REPLACE FUNCTION logs_touch_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workouts w SET api_json = null WHERE w.author_id = new.author_id AND w.log_id = new.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER logs_touch_workouts AFTER UPDATE OF slug ON logs
  FOR EACH ROW WHEN (old.slug IS DISTINCT FROM new.slug) EXECUTE FUNCTION logs_touch_workouts();
