-- A workout's stored JSON (`workouts.api_json`, decision 0038) is built again whenever one of
-- its inputs changes, by triggers, so no write path can leave it stale: its own row, its sessions
-- (their stored JSON, place, superset and sets), their exercises (`exercise_json`) and its log's
-- slug. Reads send the column as it is (features/workouts/workouts.repository.ts).

-- Its own row: every insert and update (a create, an edit, a restore from the trash, an import,
-- a routine deleted under it), and the updates the triggers below make to have it built again.
CREATE OR REPLACE FUNCTION workouts_store_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  new.api_json := workout_stored_json(new);
  RETURN new;
END $$;

CREATE OR REPLACE TRIGGER workouts_store_api_json BEFORE INSERT OR UPDATE ON workouts
  FOR EACH ROW EXECUTE FUNCTION workouts_store_api_json();

-- Its sessions: statement-level, so a workout's write (six sessions) or an import's batch builds
-- each workout it touched once, after the statement, when its sessions are all in place. A
-- session moved between workouts changes both. `api_json = null` only marks the row: the trigger
-- above stores its JSON.
CREATE OR REPLACE FUNCTION sessions_touch_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    UPDATE workouts w SET api_json = null
    FROM (SELECT DISTINCT author_id, workout_id FROM changed_new WHERE workout_id IS NOT NULL) t
    WHERE w.author_id = t.author_id AND w.id = t.workout_id;
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

-- Its log's slug, which each entry's exercise names (`slugLog`).
CREATE OR REPLACE FUNCTION logs_touch_workouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workouts w SET api_json = null WHERE w.author_id = new.author_id AND w.log_id = new.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER logs_touch_workouts AFTER UPDATE OF slug ON logs
  FOR EACH ROW WHEN (old.slug IS DISTINCT FROM new.slug) EXECUTE FUNCTION logs_touch_workouts();
