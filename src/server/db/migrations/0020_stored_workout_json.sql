-- A workout's JSON in the API's shape (docs/api.md §11, decision 0038), stored with its row as a
-- session's is: built by `workout_stored_json` (db/functions/workout-json.sql) and kept by the
-- triggers of db/functions/workouts-api-json-trigger.sql. The functions are applied after the
-- migrations, so the column starts empty and the start that adds it fills every row
-- (`STORED_RESULTS` in db/functions.ts); no read sees it empty.
ALTER TABLE "workouts" ADD COLUMN "api_json" json;
