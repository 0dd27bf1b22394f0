-- Pounds, notes and idempotent creates (docs/api.md §10).
-- The unit a user's screens show weights in; what is stored stays kilograms.
ALTER TABLE "users" ADD COLUMN "weight_unit" text DEFAULT 'kg' NOT NULL CONSTRAINT "users_weight_unit_check" CHECK ("weight_unit" IN ('kg', 'lb'));--> statement-breakpoint
-- A session's JSON gains its notes: the generated column is rebuilt on a new session_api_json,
-- still the one place a session's JSON is built (decision 0014).
ALTER TABLE "sessions" DROP COLUMN "api_json";--> statement-breakpoint
DROP FUNCTION session_api_json(text, uuid, uuid, uuid, text, date, timestamptz, timestamptz, jsonb,
  double precision, double precision, double precision, double precision, double precision,
  double precision, double precision, double precision, double precision, double precision);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every set in every answer carries `pounds`: null for the sets entered in kilograms so far.
UPDATE "sessions" SET "sets" = (
  SELECT jsonb_agg(e || '{"pounds": null}'::jsonb ORDER BY i) FROM jsonb_array_elements("sets") WITH ORDINALITY a(e, i)
) WHERE "sets" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION session_api_json(
  kind text, id uuid, author uuid, exercise uuid, slug text, created_date date, notes text,
  created_at timestamptz, updated_at timestamptz, sets jsonb, total_volume double precision,
  junk_volume double precision, working_volume double precision, hours double precision,
  minutes double precision, seconds double precision, distance double precision,
  pace_minutes double precision, pace_seconds double precision, speed double precision
) RETURNS json LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case when kind = 'wlsession' then json_build_object(
      '_id', id, 'author', author, 'exercise', exercise, 'slugSession', slug, 'createdDate', created_date,
      'notes', notes,
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'totalVolume', total_volume, 'junkVolume', junk_volume, 'workingVolume', working_volume, 'set', sets)
    else json_build_object(
      '_id', id, 'author', author, 'exercise', exercise, 'slugSession', slug, 'createdDate', created_date,
      'notes', notes,
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'paceMinutes', pace_minutes, 'paceSeconds', pace_seconds, 'speed', speed, 'distance', distance,
      'time', json_build_object('hours', hours, 'minutes', minutes, 'seconds', seconds)) end
$$;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "api_json" json GENERATED ALWAYS AS (session_api_json(kind, id, author_id, exercise_id, slug, created_date, notes, created_at, updated_at, sets, total_volume, junk_volume, working_volume, hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed)) STORED NOT NULL;--> statement-breakpoint
-- Idempotency-Key of POST creates: a user's key on a route names one request for 24 hours. The
-- primary key decides between duplicates arriving at once; `status` is null while the first runs.
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "route", "key")
);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
