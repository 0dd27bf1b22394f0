-- Part of a workout's stored JSON (workouts-api-json-trigger.sql, decision 0038).
-- Its sessions: statement-level, so a workout's write (six sessions) builds each workout it
-- touched once, after the statement, when its sessions are all in place. A session moved between
-- workouts changes both. `api_json = null` only marks the row: the workout's own trigger
-- (workouts-api-json-trigger.sql) stores its JSON.
-- An import's workouts are the exception: their sessions arrive 100 rows a statement, and building
-- a workout after each of them cost O(n²) for one of n sessions (8,000 on one date: 14 s on
-- PGlite). While their import is open (`imports.finished_at` null) its inserts leave them be; the
-- import builds each once after its last session (features/portability/data.repository.ts).
CREATE OR REPLACE FUNCTION sessions_touch_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    UPDATE workouts w SET api_json = null
    FROM (SELECT DISTINCT author_id, workout_id FROM changed_new WHERE workout_id IS NOT NULL) t
    WHERE w.author_id = t.author_id AND w.id = t.workout_id
      AND NOT EXISTS (SELECT FROM imports i WHERE i.id = w.import_id AND i.finished_at IS NULL);
  ELSIF tg_op = 'DELETE' THEN
    UPDATE workouts w SET api_json = null
    FROM (SELECT DISTINCT author_id, workout_id FROM changed_old WHERE workout_id IS NOT NULL) t
    WHERE w.author_id = t.author_id AND w.id = t.workout_id;
  ELSE
    UPDATE workouts w SET api_json = null
    FROM (SELECT author_id, workout_id FROM changed_new WHERE workout_id IS NOT NULL
      UNION SELECT author_id, workout_id FROM changed_old WHERE workout_id IS NOT NULL) t
    WHERE w.author_id = t.author_id AND w.id = t.workout_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sessions_touch_workouts_insert AFTER INSERT ON sessions
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION sessions_touch_workouts();
CREATE OR REPLACE TRIGGER sessions_touch_workouts_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_touch_workouts();
CREATE OR REPLACE TRIGGER sessions_touch_workouts_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION sessions_touch_workouts();
