-- The pagination object of a list (docs/api.md §7): `totalPages` is the true page count (0 for an
-- empty list; the web app shows one empty page). Inlined into the calling statement like
-- log-json.sql. The exercise page names the page count once per session kind and writes its own.
CREATE OR REPLACE FUNCTION pagination_json(total int, page bigint, lim int) RETURNS json LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select json_build_object('totalPages', (total + lim - 1) / lim, 'page', page, 'limit', lim, 'total', total)
$$;
