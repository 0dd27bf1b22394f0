-- A workout whose last session goes is deleted too (docs/api.md §11): whether the session was
-- deleted by a session route, with its exercise, by a workout's edit or an import taken back, or
-- moved out by a new date (sessions.routes.ts). One trigger, so no write path can leave an empty
-- workout behind. Statement-level: an import's batch costs one pass.
CREATE OR REPLACE FUNCTION "workouts_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workouts w
  USING (SELECT DISTINCT author_id, workout_id FROM changed_old WHERE workout_id IS NOT NULL) o
  WHERE w.author_id = o.author_id AND w.id = o.workout_id
    AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.author_id = o.author_id AND s.workout_id = o.workout_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "workouts_emptied_delete" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION workouts_emptied();

-- A session moved out of its workout (a new date): row-level, so the WHEN clause spares every
-- other update of a session (the hot path, and the rebuild of stored JSON) any call at all.
CREATE OR REPLACE FUNCTION "workouts_emptied_by_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workouts w WHERE w.author_id = old.author_id AND w.id = old.workout_id
    AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.author_id = old.author_id AND s.workout_id = old.workout_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "workouts_emptied_update" AFTER UPDATE OF "workout_id" ON "sessions"
  FOR EACH ROW WHEN (old.workout_id IS NOT NULL AND new.workout_id IS DISTINCT FROM old.workout_id)
  EXECUTE FUNCTION workouts_emptied_by_move();
