-- The log named in a request's path (/api/logs/:slugLog/…), which must be the signed-in user's
-- own (docs/api.md §1): always one row, `signed_in` false when the session is missing or expired,
-- `log_id` and `author_id` null when that user has no log with this slug. A statement starts from
-- it (`from user_log($1, $2) scope`) and joins what it reads under its own aliases, so one
-- statement answers 401, 404 or the data, and the TypeScript that reads the row tells which
-- (features/exercises/exercise-scope.ts). One SELECT, STABLE, not STRICT: PostgreSQL inlines it,
-- with signed_in_user, into the calling statement as index scans of auth_sessions and logs.
-- `author_id` is the log's own column: a caller's join on (author_id, log_id) then depends on the
-- log's row alone and walks an index on both, as a join written against `logs` would.
CREATE OR REPLACE FUNCTION user_log(token_hash text, slug_log text)
RETURNS TABLE (signed_in boolean, log_id uuid, author_id uuid)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select me.user_id is not null, l.id, l.author_id
  from (select 1) one
  left join signed_in_user(user_log.token_hash) me on true
  left join logs l on l.author_id = me.user_id and l.slug = user_log.slug_log
$$;
