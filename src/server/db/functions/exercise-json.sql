-- An exercise in the API's shape (docs/api.md §7), given the slug of its log (not stored on the
-- exercise): the one place an exercise's JSON is built. Inlined into the calling statement like
-- log-json.sql. The exercise page's items repeat the exercise with a session beside it, so that
-- statement writes their fields out itself (features/sessions/sessions.repository.ts).
CREATE OR REPLACE FUNCTION exercise_json(e exercises, slug_log text) RETURNS json LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select json_build_object('_id', e.id, 'title', e.title, 'slugExercise', e.slug, 'author', e.author_id,
    'session', e.kind, 'log', e.log_id, 'slugLog', slug_log,
    'createdAt', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;
