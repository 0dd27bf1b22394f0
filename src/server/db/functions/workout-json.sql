-- A workout in the API's shape (docs/api.md §11): the one place a workout's JSON is built, in
-- two steps. `workout_json(w, slug_log, entries, total_volume, sets)` writes the object from the
-- workout's row and its sessions' parts; the parts come from `workout_parts` (the rows in the
-- table) or from `workout_json(w, slug_log, members)` (a write: the sessions it just wrote, which a
-- read inside the same statement could not see). `workout_stored_json(w)` joins the first two for
-- the copy each row stores (`workouts.api_json`, decision 0038), which reads send as it is; the
-- triggers of workouts-api-json-trigger.sql build it again whenever an input changes. Both steps
-- are single statements without sub-selects of their own, which PostgreSQL inlines into the
-- caller's plan (decision 0037). `slug_log` as for exercise_json.
-- startedAt/endedAt keep every stored digit (as an export writes stamps), so a client computes
-- the same duration from them.
CREATE OR REPLACE FUNCTION workout_json(w workouts, slug_log text, entries json, total_volume float8, sets int)
RETURNS json LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select json_build_object('_id', w.id, 'author', w.author_id, 'log', w.log_id, 'title', w.title,
    'createdDate', w.created_date,
    'startedAt', case when w.started_at is null then null
      when extract(microseconds from w.started_at)::bigint % 1000 = 0
        then to_char(w.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      else to_char(w.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') end,
    'endedAt', case when w.ended_at is null then null
      when extract(microseconds from w.ended_at)::bigint % 1000 = 0
        then to_char(w.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      else to_char(w.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') end,
    'duration', case when w.ended_at >= w.started_at then floor(extract(epoch from (w.ended_at - w.started_at)))::bigint end,
    'notes', w.notes, 'routine', w.routine_id,
    'entries', coalesce(entries, '[]'), 'totalVolume', coalesce(total_volume, 0), 'sets', coalesce(sets, 0),
    'createdAt', to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(w.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;

-- A stored workout's parts, read from its sessions (use it in a lateral join: `left join lateral
-- workout_parts(w.author_id, w.id, slug) p on true`). Entries follow `workout_position`.
-- total_volume: Σ reps × each set's exact kilograms (typed pounds converted unrounded), rounded
-- once; `sets` counts weight sets.
CREATE OR REPLACE FUNCTION workout_parts(w_author uuid, w_id uuid, slug_log text)
RETURNS TABLE (entries json, total_volume float8, sets int) LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select m.entries, v.total_volume, m.sets
  from (
    select json_agg(json_build_object('exercise', exercise_json(e, slug_log), 'superset', s.workout_superset,
        s.kind, s.api_json) order by s.workout_position, s.id) as entries,
      sum(jsonb_array_length(s.sets)) filter (where s.kind = 'wlsession')::int as sets
    from sessions s join exercises e on e.author_id = s.author_id and e.id = s.exercise_id
    where s.author_id = w_author and s.workout_id = w_id
  ) m cross join (
    select round(sum((x->>'repetitions')::float8 * case when jsonb_typeof(x->'pounds') = 'number'
        then (x->>'pounds')::float8 * 0.45359237 else (x->>'kilograms')::float8 end)::numeric, 2)::float8 as total_volume
    from sessions s cross join jsonb_array_elements(s.sets) x
    where s.author_id = w_author and s.workout_id = w_id and s.kind = 'wlsession'
  ) v
$$;

-- The same parts from the sessions a write passes in (`members`, any order).
CREATE OR REPLACE FUNCTION workout_json(w workouts, slug_log text, members sessions[]) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select workout_json(w, slug_log,
    (select json_agg(json_build_object('exercise', exercise_json(e, slug_log), 'superset', m.workout_superset,
        m.kind, m.api_json) order by m.workout_position, m.id)
      from unnest(members) m join exercises e on e.author_id = m.author_id and e.id = m.exercise_id),
    (select round(sum((x->>'repetitions')::float8 * case when jsonb_typeof(x->'pounds') = 'number'
        then (x->>'pounds')::float8 * 0.45359237 else (x->>'kilograms')::float8 end)::numeric, 2)::float8
      from unnest(members) m cross join jsonb_array_elements(m.sets) x where m.kind = 'wlsession'),
    (select sum(jsonb_array_length(m.sets))::int from unnest(members) m where m.kind = 'wlsession'))
$$;

-- The JSON a workout row stores (decision 0038): its parts read from the sessions in the table.
-- Called by the trigger of workouts-api-json-trigger.sql on every insert and update of the row.
-- PL/pgSQL, not SQL: called from a trigger, a SQL function that cannot be inlined (this one reads
-- tables) is planned again in every transaction (0.6 ms per write); PL/pgSQL keeps its query's plan
-- for the connection.
CREATE OR REPLACE FUNCTION workout_stored_json(w workouts) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  stored json;
BEGIN
  SELECT workout_json(w, l.slug, m.entries, m.total_volume, m.sets) INTO stored
  FROM logs l LEFT JOIN LATERAL workout_parts(w.author_id, w.id, l.slug) m ON true
  WHERE l.id = w.log_id;
  RETURN stored;
END $$;
