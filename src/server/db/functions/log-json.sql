-- A log in the API's shape (docs/api.md §7): the one place a log's JSON is built. One SELECT of
-- one expression, STABLE and not STRICT, so PostgreSQL inlines it into the calling statement
-- (no function call per row). Timestamps as session-api-json.sql writes them.
CREATE OR REPLACE FUNCTION log_json(l logs) RETURNS json LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select json_build_object('_id', l.id, 'title', l.title, 'slugLog', l.slug, 'author', l.author_id,
    'createdAt', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;
