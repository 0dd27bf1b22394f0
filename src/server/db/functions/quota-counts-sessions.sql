-- Sessions count toward their exercise's and their account's quota (docs/api.md §12).
-- The hot path (every session written): one statement counts both owners and returns the
-- first limit passed, rather than a helper call per counter.
CREATE OR REPLACE FUNCTION "sessions_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  passed record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH added AS (
      INSERT INTO quota_counts AS q (owner_id, item, n)
      SELECT c.owner_id, c.item, c.n FROM (
        SELECT exercise_id AS owner_id, 'exercise-sessions' AS item, count(*)::int AS n FROM changed_new GROUP BY exercise_id
        UNION ALL
        SELECT author_id, 'user-sessions', count(*)::int FROM changed_new GROUP BY author_id
      ) c
      ORDER BY c.item, c.owner_id
      ON CONFLICT (owner_id, item) DO UPDATE SET n = q.n + excluded.n
      RETURNING q.item, q.n
    )
    SELECT l.item, l.max, l.message INTO passed FROM added a JOIN quota_limits l ON l.item = a.item
    WHERE a.n > l.max ORDER BY l.item LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'QUOTA', MESSAGE = format(passed.message, passed.max),
        DETAIL = passed.item || ' ' || passed.max;
    END IF;
  ELSE
    -- The counters are locked first in the insert's order (item, then owner): an UPDATE takes its
    -- rows in whatever order its plan meets them, and a delete holding the account's counter while
    -- a create in the same exercise held the exercise's was a deadlock (40P01) under load.
    PERFORM 1 FROM quota_counts q JOIN (
      SELECT DISTINCT exercise_id AS owner_id, 'exercise-sessions' AS item FROM changed_old
      UNION ALL
      SELECT DISTINCT author_id, 'user-sessions' FROM changed_old
    ) c ON q.owner_id = c.owner_id AND q.item = c.item
    ORDER BY q.item, q.owner_id FOR UPDATE OF q;
    UPDATE quota_counts q SET n = q.n - c.n FROM (
      SELECT exercise_id AS owner_id, 'exercise-sessions' AS item, count(*)::int AS n FROM changed_old GROUP BY exercise_id
      UNION ALL
      SELECT author_id, 'user-sessions', count(*)::int FROM changed_old GROUP BY author_id
    ) c
    WHERE q.owner_id = c.owner_id AND q.item = c.item;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "sessions_counted_insert" AFTER INSERT ON "sessions"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION sessions_counted();

CREATE OR REPLACE TRIGGER "sessions_counted_delete" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION sessions_counted();
