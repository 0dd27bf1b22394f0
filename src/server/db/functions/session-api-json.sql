-- A session in the API's shape (docs/api.md §7): the one place a session's JSON is built
-- (decision 0014). The trigger of sessions-api-json-trigger.sql stores it in `sessions.api_json`
-- on every write, and every statement that answers with a session reads that column: the exercise
-- page sends thirteen per request, and building them on each read was most of its database time.
-- When this definition changes, db/functions.ts rebuilds the stored column once, at start.
-- Timestamps as the API writes them: ISO 8601 UTC with milliseconds (json-sql.test.ts pins the
-- format); floats print as JavaScript prints them (the default extra_float_digits).
CREATE OR REPLACE FUNCTION session_api_json(s sessions) RETURNS json LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select case when s.kind = 'wlsession' then json_build_object(
      '_id', s.id, 'author', s.author_id, 'exercise', s.exercise_id, 'slugSession', s.slug,
      'createdDate', s.created_date, 'notes', s.notes, 'workout', s.workout_id,
      'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'totalVolume', s.total_volume, 'junkVolume', s.junk_volume, 'workingVolume', s.working_volume,
      'inPounds', json_build_object('totalVolume', s.total_volume_lb, 'junkVolume', s.junk_volume_lb,
        'workingVolume', s.working_volume_lb),
      -- A set stored before set types has neither field: a normal set without RPE (docs/api.md §11).
      -- Sets are written whole, so the first tells: a session written since is sent as stored.
      'set', case when s.sets -> 0 ? 'type' then s.sets else (
        select coalesce(jsonb_agg('{"type": "normal", "rpe": null}'::jsonb || x order by n), '[]')
        from jsonb_array_elements(s.sets) with ordinality t(x, n)) end)
    else json_build_object(
      '_id', s.id, 'author', s.author_id, 'exercise', s.exercise_id, 'slugSession', s.slug,
      'createdDate', s.created_date, 'notes', s.notes, 'workout', s.workout_id,
      'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'paceMinutes', s.pace_minutes, 'paceSeconds', s.pace_seconds, 'speed', s.speed,
      'distance', s.distance,
      'time', json_build_object('hours', s.hours, 'minutes', s.minutes, 'seconds', s.seconds)) end
$$;
