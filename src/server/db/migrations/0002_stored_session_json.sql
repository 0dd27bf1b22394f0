-- Each session's API JSON, stored (decision 0008): the exercise page reads twelve of them per
-- request, and building them there was half its database time. IMMUTABLE, as a generated column
-- requires: the output depends on the row alone, given the default extra_float_digits (floats
-- print as JavaScript prints them) and the explicit UTC below. The shapes are docs/api.md §7's, as
-- compact JSON (json_build_object and jsonb put spaces after every colon and comma: 8 % of the
-- bytes). Every input is NOT NULL and every stored set has its five keys, so no part is null.
CREATE FUNCTION wlsession_api_json(
  id uuid, author uuid, exercise uuid, slug text, created_date date, created_at timestamptz,
  updated_at timestamptz, total_volume double precision, junk_volume double precision,
  working_volume double precision, sets jsonb
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select '{"_id":"' || id || '","author":"' || author || '","exercise":"' || exercise
    || '","slugSession":' || to_json(slug) || ',"createdDate":"' || to_char(created_date, 'YYYY-MM-DD')
    || '","createdAt":"' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","totalVolume":' || total_volume || ',"junkVolume":' || junk_volume
    || ',"workingVolume":' || working_volume || ',"set":['
    || coalesce((select string_agg('{"_id":' || (x -> '_id')::text || ',"repetitions":' || (x -> 'repetitions')::text
         || ',"kilograms":' || (x -> 'kilograms')::text || ',"isHard":' || (x -> 'isHard')::text
         || ',"volume":' || (x -> 'volume')::text || '}', ',' order by n)
       from jsonb_array_elements(sets) with ordinality as t(x, n)), '')
    || ']}'
$$;--> statement-breakpoint
CREATE FUNCTION pasession_api_json(
  id uuid, author uuid, exercise uuid, slug text, created_date date, created_at timestamptz,
  updated_at timestamptz, hours double precision, minutes double precision, seconds double precision,
  distance double precision, pace_minutes double precision, pace_seconds double precision,
  speed double precision
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select '{"_id":"' || id || '","author":"' || author || '","exercise":"' || exercise
    || '","slugSession":' || to_json(slug) || ',"createdDate":"' || to_char(created_date, 'YYYY-MM-DD')
    || '","createdAt":"' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","paceMinutes":' || pace_minutes || ',"paceSeconds":' || pace_seconds || ',"speed":' || speed
    || ',"distance":' || distance || ',"time":{"hours":' || hours || ',"minutes":' || minutes
    || ',"seconds":' || seconds || '}}'
$$;--> statement-breakpoint
ALTER TABLE "pasessions" ADD COLUMN "api_json" text GENERATED ALWAYS AS (pasession_api_json(id, author_id, exercise_id, slug, created_date, created_at, updated_at, hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "wlsessions" ADD COLUMN "api_json" text GENERATED ALWAYS AS (wlsession_api_json(id, author_id, exercise_id, slug, created_date, created_at, updated_at, total_volume, junk_volume, working_volume, sets)) STORED NOT NULL;
