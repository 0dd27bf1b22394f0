-- A workout in the API's shape (docs/api.md §11): the one place a workout's JSON is built.
-- `members` are its sessions (any order: entries follow `workout_position`). They are passed in
-- rather than read here, so the statement that writes a workout answers from the rows it just
-- wrote, which a read inside the same statement could not see. `slug_log` as for exercise_json.
-- totalVolume: Σ reps × each set's exact kilograms (typed pounds converted unrounded), rounded
-- once; `sets` counts weight sets; duration in whole seconds, rounded down.
-- startedAt/endedAt keep every stored digit (as an export writes stamps), so a client computes
-- the same duration from them.
CREATE OR REPLACE FUNCTION workout_json(w workouts, slug_log text, members sessions[]) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $$
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
    'duration', floor(extract(epoch from (w.ended_at - w.started_at)))::bigint,
    'notes', w.notes, 'routine', w.routine_id,
    'entries', coalesce((
      select json_agg(json_build_object('exercise', exercise_json(e, slug_log), 'superset', m.workout_superset,
          m.kind, m.api_json) order by m.workout_position, m.id)
      from unnest(members) m join exercises e on e.author_id = m.author_id and e.id = m.exercise_id), '[]'),
    'totalVolume', coalesce((
      select round(sum((x->>'repetitions')::float8 * case when jsonb_typeof(x->'pounds') = 'number'
          then (x->>'pounds')::float8 * 0.45359237 else (x->>'kilograms')::float8 end)::numeric, 2)::float8
      from unnest(members) m cross join jsonb_array_elements(m.sets) x where m.kind = 'wlsession'), 0),
    'sets', (select coalesce(sum(jsonb_array_length(m.sets)), 0)::int from unnest(members) m where m.kind = 'wlsession'),
    'createdAt', to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(w.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;
