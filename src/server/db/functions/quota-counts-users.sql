-- A deleted account's counters go with it.
CREATE OR REPLACE FUNCTION "users_uncounted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM quota_counts q USING changed_old o WHERE q.owner_id = o.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "users_uncounted" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION users_uncounted();
