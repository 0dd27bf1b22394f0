-- Logs count toward their account's quota, exercises toward their log's (docs/api.md §12). One
-- trigger function for both: each trigger names the owner's column (TG_ARGV[0]) and the counter
-- (TG_ARGV[1]); the owner is read from the row's JSON, as the column differs per table. A deleted
-- row's own counters (an exercise's sessions, a log's exercises) go with it.
CREATE OR REPLACE FUNCTION "rows_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  per_owner jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', owner_id, 'n', k)) INTO per_owner
      FROM (SELECT to_jsonb(c) ->> TG_ARGV[0] AS owner_id, count(*) AS k FROM changed_new c GROUP BY 1) g;
    PERFORM quota_add(per_owner, TG_ARGV[1]);
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', owner_id, 'n', k)) INTO per_owner
      FROM (SELECT to_jsonb(c) ->> TG_ARGV[0] AS owner_id, count(*) AS k FROM changed_old c GROUP BY 1) g;
    PERFORM quota_remove(per_owner, TG_ARGV[1]);
    DELETE FROM quota_counts q USING changed_old o WHERE q.owner_id = o.id;
  END IF;
  RETURN NULL;
END $$;
