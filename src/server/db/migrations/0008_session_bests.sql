-- Records and estimated 1RM (docs/api.md §10): a weight session's best set figures, unrounded,
-- derived on every write by `sessionValues` (features/sessions/session-record.ts, with
-- contract/metrics.ts `setBests`) and stored, so records and progress read columns, not sets.
-- 0 when no set has ≥ 1 rep and > 0 kg; null for pace sessions.
ALTER TABLE "sessions" ADD COLUMN "heaviest" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "e1rm" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "best_set_volume" double precision;--> statement-breakpoint
-- The sessions logged so far, computed here once with the same rules as `setBests`.
UPDATE "sessions" s SET "heaviest" = b.heaviest, "e1rm" = b.e1rm, "best_set_volume" = b.best_set_volume
FROM (
  SELECT x.id,
    coalesce(max(w) FILTER (WHERE r >= 1 AND w > 0), 0) AS heaviest,
    coalesce(max(CASE WHEN r = 1 THEN w ELSE w * (1 + r / 30) END) FILTER (WHERE r >= 1 AND w > 0), 0) AS e1rm,
    coalesce(max(r * w) FILTER (WHERE r >= 1 AND w > 0), 0) AS best_set_volume
  FROM "sessions" x
  CROSS JOIN LATERAL (
    SELECT (e->>'repetitions')::float8 AS r,
      coalesce((e->>'pounds')::float8 * 0.45359237, (e->>'kilograms')::float8) AS w
    FROM jsonb_array_elements(x.sets) e
  ) sets
  WHERE x.kind = 'wlsession'
  GROUP BY x.id
) b
WHERE s.id = b.id;--> statement-breakpoint
-- A user's training days (GET /api/activity) in date order, without reading every exercise.
CREATE INDEX "sessions_author_date_idx" ON "sessions" USING btree ("author_id", "created_date");
