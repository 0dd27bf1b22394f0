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

-- At most 1,000 kept answers per account (docs/api.md §12): past that the oldest go first.
CREATE INDEX "idempotency_keys_user_created_idx" ON "idempotency_keys" USING btree ("user_id", "created_at");--> statement-breakpoint

-- The rows written so far, counted once.
INSERT INTO "quota_counts" ("owner_id", "item", "n")
  SELECT "author_id", 'user-logs', count(*) FROM "logs" GROUP BY "author_id"
  UNION ALL SELECT "log_id", 'log-exercises', count(*) FROM "exercises" GROUP BY "log_id"
  UNION ALL SELECT "exercise_id", 'exercise-sessions', count(*) FROM "sessions" GROUP BY "exercise_id"
  UNION ALL SELECT "author_id", 'user-sessions', count(*) FROM "sessions" GROUP BY "author_id"
  UNION ALL SELECT "user_id", 'user-idempotency-keys', count(*) FROM "idempotency_keys" GROUP BY "user_id";
