-- A session's JSON is built by `session_api_json` in db/functions/ (applied after the migrations
-- at every start, decision 0020), so changing its shape edits that one file instead of dropping
-- and re-creating a generated column here. The column keeps its stored values and becomes a plain
-- one that the trigger of db/functions/sessions-api-json-trigger.sql fills on every write; the
-- function of migration 0007 that the generated column called goes.
ALTER TABLE "sessions" ALTER COLUMN "api_json" DROP EXPRESSION;--> statement-breakpoint
DROP FUNCTION session_api_json(text, uuid, uuid, uuid, text, date, text, timestamptz, timestamptz, jsonb,
  double precision, double precision, double precision, double precision, double precision,
  double precision, double precision, double precision, double precision, double precision);
