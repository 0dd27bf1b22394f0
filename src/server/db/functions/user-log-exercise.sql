-- The exercise named in a request's path (/api/logs/:slugLog/exercises/:slugExercise/…), in the
-- signed-in user's log of user_log (user-log.sql): always one row, with user_log's `signed_in`
-- and `log_id`, and `exercise_id`, `author_id` and `exercise_kind` null when the log has no
-- exercise with this slug. Inlined like user_log, as one more index scan, of exercises.
-- `author_id` is the exercise's own column, for the same reason as in user_log.
CREATE OR REPLACE FUNCTION user_log_exercise(token_hash text, slug_log text, slug_exercise text)
RETURNS TABLE (signed_in boolean, log_id uuid, exercise_id uuid, author_id uuid, exercise_kind text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select l.signed_in, l.log_id, e.id, e.author_id, e.kind
  from user_log(user_log_exercise.token_hash, user_log_exercise.slug_log) l
  left join exercises e on e.author_id = l.author_id and e.log_id = l.log_id
    and e.slug = user_log_exercise.slug_exercise
$$;
