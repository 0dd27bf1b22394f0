-- Logs count toward their account's quota (docs/api.md §12).
CREATE OR REPLACE FUNCTION "logs_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  per_user jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', author_id, 'n', k)) INTO per_user
      FROM (SELECT author_id, count(*) AS k FROM changed_new GROUP BY author_id) g;
    PERFORM quota_add(per_user, 'user-logs');
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', author_id, 'n', k)) INTO per_user
      FROM (SELECT author_id, count(*) AS k FROM changed_old GROUP BY author_id) g;
    PERFORM quota_remove(per_user, 'user-logs');
    DELETE FROM quota_counts q USING changed_old o WHERE q.owner_id = o.id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "logs_counted_insert" AFTER INSERT ON "logs"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION logs_counted();

CREATE OR REPLACE TRIGGER "logs_counted_delete" AFTER DELETE ON "logs"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION logs_counted();
