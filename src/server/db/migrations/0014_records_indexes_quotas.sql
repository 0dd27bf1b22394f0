-- Records read through indexes (docs/api.md §12 "Heavy histories"): one partial index per record
-- figure, on the very expressions the records statement orders by
-- (features/sessions/session-records.ts: the value as numeric, then created_date, created_at, id),
-- so `order by … limit 1` reads one index entry whatever the number of sessions. The predicate is
-- the figure's "counts for a record" rule: sessions that set no record are not in the index at all.
-- The three pace figures count the same sessions: each adds a column every pace session has
-- (`pace_minutes`, `speed`, `pace_seconds`), as its statement does, so each reads its own index.
CREATE INDEX "sessions_record_heaviest_idx" ON "sessions" USING btree
  ("author_id", "exercise_id", ("heaviest"::numeric) DESC, "created_date", "created_at", "id")
  WHERE "kind" = 'wlsession' AND "heaviest" > 0;--> statement-breakpoint
CREATE INDEX "sessions_record_e1rm_idx" ON "sessions" USING btree
  ("author_id", "exercise_id", ("e1rm"::numeric) DESC, "created_date", "created_at", "id")
  WHERE "kind" = 'wlsession' AND "e1rm" > 0;--> statement-breakpoint
CREATE INDEX "sessions_record_set_volume_idx" ON "sessions" USING btree
  ("author_id", "exercise_id", ("best_set_volume"::numeric) DESC, "created_date", "created_at", "id")
  WHERE "kind" = 'wlsession' AND "best_set_volume" > 0;--> statement-breakpoint
CREATE INDEX "sessions_record_session_volume_idx" ON "sessions" USING btree
  ("author_id", "exercise_id", ("exact_volume"::numeric) DESC, "created_date", "created_at", "id")
  WHERE "kind" = 'wlsession' AND "exact_volume" > 0;--> statement-breakpoint
CREATE INDEX "sessions_record_pace_idx" ON "sessions" USING btree
  ("author_id", "exercise_id", ((("hours" * 60 + "minutes" + "seconds" / 60) / "distance")::numeric), "created_date", "created_at", "id")
  WHERE "kind" = 'pasession' AND "distance" > 0 AND ("hours" * 60 + "minutes" + "seconds" / 60) > 0 AND "pace_minutes" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_record_distance_idx" ON "sessions" USING btree
  ("author_id", "exercise_id", ("distance"::numeric) DESC, "created_date", "created_at", "id")
  WHERE "kind" = 'pasession' AND "distance" > 0 AND ("hours" * 60 + "minutes" + "seconds" / 60) > 0 AND "speed" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_record_duration_idx" ON "sessions" USING btree
  ("author_id", "exercise_id", (("hours" * 3600 + "minutes" * 60 + "seconds")::numeric) DESC, "created_date", "created_at", "id")
  WHERE "kind" = 'pasession' AND "distance" > 0 AND ("hours" * 60 + "minutes" + "seconds" / 60) > 0 AND "pace_seconds" IS NOT NULL;--> statement-breakpoint

-- Quotas (docs/api.md §12 "Quotas and write limits"): rows counted as they are written, so a
-- create checks its limit by reading one counter instead of counting up to 200,000 rows.
-- `owner_id` is the user, log or exercise whose rows `item` counts. Triggers on the counted
-- tables keep them (statement-level, so an import's batch costs one update per owner) and refuse
-- a write that passes a limit with SQLSTATE 'QUOTA', its message the answer's (plugins/errors.ts).
CREATE TABLE "quota_counts" (
  "owner_id" uuid NOT NULL,
  "item" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("owner_id", "item")
);--> statement-breakpoint
-- The limits and the words of their 409, in one place (docs/api.md §12).
CREATE TABLE "quota_limits" (
  "item" text PRIMARY KEY,
  "max" integer NOT NULL,
  "message" text NOT NULL
);--> statement-breakpoint
INSERT INTO "quota_limits" ("item", "max", "message") VALUES
  ('user-logs', 500, 'Your account already has %s logs, the most it can hold'),
  ('log-exercises', 1000, 'This log already has %s exercises, the most it can hold'),
  ('exercise-sessions', 20000, 'This exercise already has %s sessions, the most it can hold'),
  ('user-sessions', 200000, 'Your account already has %s sessions, the most it can hold'),
  ('user-idempotency-keys', 1000, '');--> statement-breakpoint

-- Adds rows per owner ([{owner_id, n}]) to `item`'s counters, in owner order (two writers lock
-- counters in one order); refuses the statement when a counter passes its limit. For logs and
-- exercises; the sessions' and keys' triggers, on every create, write their counters inline.
CREATE FUNCTION "quota_add"(counts jsonb, which text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lim record;
  top integer;
BEGIN
  SELECT * INTO lim FROM quota_limits WHERE item = which;
  WITH added AS (
    INSERT INTO quota_counts AS q (owner_id, item, n)
    SELECT (c->>'owner_id')::uuid, which, (c->>'n')::int FROM jsonb_array_elements(counts) c
    ORDER BY 1
    ON CONFLICT (owner_id, item) DO UPDATE SET n = q.n + excluded.n
    RETURNING q.n
  )
  SELECT max(n) INTO top FROM added;
  IF top > lim.max THEN
    RAISE EXCEPTION USING ERRCODE = 'QUOTA', MESSAGE = format(lim.message, lim.max), DETAIL = which || ' ' || lim.max;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "quota_remove"(counts jsonb, which text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE quota_counts q SET n = q.n - (c->>'n')::int
  FROM jsonb_array_elements(counts) c
  WHERE q.owner_id = (c->>'owner_id')::uuid AND q.item = which;
END $$;--> statement-breakpoint

-- The hot path (every session written): one statement counts both owners and returns the
-- first limit passed, rather than a helper call per counter.
CREATE FUNCTION "sessions_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE quota_counts q SET n = q.n - c.n FROM (
      SELECT exercise_id AS owner_id, 'exercise-sessions' AS item, count(*)::int AS n FROM changed_old GROUP BY exercise_id
      UNION ALL
      SELECT author_id, 'user-sessions', count(*)::int FROM changed_old GROUP BY author_id
    ) c
    WHERE q.owner_id = c.owner_id AND q.item = c.item;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_counted_insert" AFTER INSERT ON "sessions"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION sessions_counted();--> statement-breakpoint
CREATE TRIGGER "sessions_counted_delete" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION sessions_counted();--> statement-breakpoint

-- An exercise counts in its log; once deleted, its own counter goes with it.
CREATE FUNCTION "exercises_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  per_log jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', log_id, 'n', k)) INTO per_log
      FROM (SELECT log_id, count(*) AS k FROM changed_new GROUP BY log_id) g;
    PERFORM quota_add(per_log, 'log-exercises');
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', log_id, 'n', k)) INTO per_log
      FROM (SELECT log_id, count(*) AS k FROM changed_old GROUP BY log_id) g;
    PERFORM quota_remove(per_log, 'log-exercises');
    DELETE FROM quota_counts q USING changed_old o WHERE q.owner_id = o.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "exercises_counted_insert" AFTER INSERT ON "exercises"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION exercises_counted();--> statement-breakpoint
CREATE TRIGGER "exercises_counted_delete" AFTER DELETE ON "exercises"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION exercises_counted();--> statement-breakpoint

CREATE FUNCTION "logs_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER "logs_counted_insert" AFTER INSERT ON "logs"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION logs_counted();--> statement-breakpoint
CREATE TRIGGER "logs_counted_delete" AFTER DELETE ON "logs"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION logs_counted();--> statement-breakpoint

CREATE FUNCTION "users_uncounted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM quota_counts q USING changed_old o WHERE q.owner_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_uncounted" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION users_uncounted();--> statement-breakpoint

-- At most 1,000 kept answers per account (docs/api.md §12): past that the oldest go first.
CREATE INDEX "idempotency_keys_user_created_idx" ON "idempotency_keys" USING btree ("user_id", "created_at");--> statement-breakpoint
CREATE FUNCTION "idempotency_keys_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER "idempotency_keys_counted_insert" AFTER INSERT ON "idempotency_keys"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION idempotency_keys_counted();--> statement-breakpoint
CREATE TRIGGER "idempotency_keys_counted_delete" AFTER DELETE ON "idempotency_keys"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION idempotency_keys_counted();--> statement-breakpoint

-- The rows written so far, counted once.
INSERT INTO "quota_counts" ("owner_id", "item", "n")
  SELECT "author_id", 'user-logs', count(*) FROM "logs" GROUP BY "author_id"
  UNION ALL SELECT "log_id", 'log-exercises', count(*) FROM "exercises" GROUP BY "log_id"
  UNION ALL SELECT "exercise_id", 'exercise-sessions', count(*) FROM "sessions" GROUP BY "exercise_id"
  UNION ALL SELECT "author_id", 'user-sessions', count(*) FROM "sessions" GROUP BY "author_id"
  UNION ALL SELECT "user_id", 'user-idempotency-keys', count(*) FROM "idempotency_keys" GROUP BY "user_id";
