-- A routine in the API's shape (docs/api.md §11): the one place a routine's JSON is built.
-- `entries` are its rows of routine_entries, passed in like workout_json's sessions so a write
-- answers from the rows it wrote; an entry whose exercise is gone is not among them (the foreign
-- key deleted it).
CREATE OR REPLACE FUNCTION routine_json(r routines, slug_log text, entries routine_entries[]) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select json_build_object('_id', r.id, 'author', r.author_id, 'log', r.log_id, 'title', r.title,
    'notes', r.notes,
    'entries', coalesce((
      select json_agg(json_build_object('exercise', exercise_json(e, slug_log), 'sets', x.sets,
          'repsMin', x.reps_min, 'repsMax', x.reps_max, 'restSeconds', x.rest_seconds, 'superset', x.superset)
        order by x.position)
      from unnest(entries) x join exercises e on e.author_id = x.author_id and e.id = x.exercise_id), '[]'),
    'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;
