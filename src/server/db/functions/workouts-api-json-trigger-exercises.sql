-- Part of a workout's stored JSON (workouts-api-json-trigger.sql, decision 0038).
-- Its sessions' exercises: only an update of a column the exercise's JSON shows (a rename), and
-- only when that JSON changed; the activity bump of every write (`active_at`) never fires it.
CREATE OR REPLACE FUNCTION exercises_touch_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workouts w SET api_json = null
  FROM (SELECT DISTINCT s.workout_id FROM sessions s
    WHERE s.author_id = new.author_id AND s.exercise_id = new.id AND s.workout_id IS NOT NULL) t
  WHERE w.author_id = new.author_id AND w.id = t.workout_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER exercises_touch_workouts
  AFTER UPDATE OF title, slug, kind, log_id, author_id, created_at, updated_at ON exercises
  FOR EACH ROW WHEN (exercise_json(old, '')::text IS DISTINCT FROM exercise_json(new, '')::text)
  EXECUTE FUNCTION exercises_touch_workouts();
