-- At most 1,000 kept answers per account (docs/api.md §12): past that the oldest go first.
CREATE OR REPLACE FUNCTION "idempotency_keys_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  over record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR over IN
      WITH added AS (
        INSERT INTO quota_counts AS q (owner_id, item, n)
        SELECT user_id, 'user-idempotency-keys', count(*)::int FROM changed_new GROUP BY user_id ORDER BY user_id
        ON CONFLICT (owner_id, item) DO UPDATE SET n = q.n + excluded.n
        RETURNING q.owner_id, q.n
      )
      SELECT a.owner_id, a.n - l.max AS extra FROM added a
      JOIN quota_limits l ON l.item = 'user-idempotency-keys' WHERE a.n > l.max
    LOOP
      DELETE FROM idempotency_keys k WHERE k.ctid IN (
        SELECT o.ctid FROM idempotency_keys o WHERE o.user_id = over.owner_id
        ORDER BY o.created_at, o.route, o.key LIMIT over.extra);
    END LOOP;
  ELSE
    UPDATE quota_counts q SET n = q.n - c.n
    FROM (SELECT user_id, count(*)::int AS n FROM changed_old GROUP BY user_id) c
    WHERE q.owner_id = c.user_id AND q.item = 'user-idempotency-keys';
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "idempotency_keys_counted_insert" AFTER INSERT ON "idempotency_keys"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION idempotency_keys_counted();

CREATE OR REPLACE TRIGGER "idempotency_keys_counted_delete" AFTER DELETE ON "idempotency_keys"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION idempotency_keys_counted();
