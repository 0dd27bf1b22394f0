-- A workout's stored JSON (`workouts.api_json`, decision 0038) is built again whenever one of
-- its inputs changes, by triggers, so no write path can leave it stale: its own row, its sessions
-- (their stored JSON, place, superset and sets), their exercises (`exercise_json`) and its log's
-- slug. Reads send the column as it is (features/workouts/workouts.repository.ts).
-- One table's triggers per file: the start applies each file as one transaction, and one file that
-- took the locks of workouts, sessions, exercises and logs together deadlocked with another
-- instance's writes, which lock sessions then workouts (resilience/fleet.ts).

-- Its own row: every insert and update (a create, an edit, a restore from the trash, an import,
-- a routine deleted under it), and the updates the triggers of workouts-api-json-trigger-*.sql
-- make to have it built again.
CREATE OR REPLACE FUNCTION workouts_store_api_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  new.api_json := workout_stored_json(new);
  RETURN new;
END $$;

CREATE OR REPLACE TRIGGER workouts_store_api_json BEFORE INSERT OR UPDATE ON workouts
  FOR EACH ROW EXECUTE FUNCTION workouts_store_api_json();
