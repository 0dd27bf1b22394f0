-- A session's API JSON (docs/api.md §7), built by PostgreSQL on every write and stored with the
-- row (decision 0014): the one place it is built, read by every statement that answers with a
-- session. The exercise page sends thirteen of them per request; building them on each read was
-- most of its database time. IMMUTABLE, as a generated column requires: the output depends on the
-- row alone, given the explicit UTC below and the default extra_float_digits (floats print as
-- JavaScript prints them).
CREATE FUNCTION session_api_json(
  kind text, id uuid, author uuid, exercise uuid, slug text, created_date date,
  created_at timestamptz, updated_at timestamptz, sets jsonb, total_volume double precision,
  junk_volume double precision, working_volume double precision, hours double precision,
  minutes double precision, seconds double precision, distance double precision,
  pace_minutes double precision, pace_seconds double precision, speed double precision
) RETURNS json LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case when kind = 'wlsession' then json_build_object(
      '_id', id, 'author', author, 'exercise', exercise, 'slugSession', slug, 'createdDate', created_date,
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'totalVolume', total_volume, 'junkVolume', junk_volume, 'workingVolume', working_volume, 'set', sets)
    else json_build_object(
      '_id', id, 'author', author, 'exercise', exercise, 'slugSession', slug, 'createdDate', created_date,
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'paceMinutes', pace_minutes, 'paceSeconds', pace_seconds, 'speed', speed, 'distance', distance,
      'time', json_build_object('hours', hours, 'minutes', minutes, 'seconds', seconds)) end
$$;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "api_json" json GENERATED ALWAYS AS (session_api_json(kind, id, author_id, exercise_id, slug, created_date, created_at, updated_at, sets, total_volume, junk_volume, working_volume, hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed)) STORED NOT NULL;
