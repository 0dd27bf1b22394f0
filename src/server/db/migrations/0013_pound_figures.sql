-- A pound user's figures come from the server (docs/api.md §10): each weight session stores its
-- volumes and best set figures from its sets' pounds (the typed pounds, else its kilograms ÷
-- 0.45359237 rounded to 2), derived on every write by `sessionValues`
-- (features/sessions/session-record.ts, with contract/metrics.ts) like the kilogram ones of
-- migrations 0008 and 0010. Volumes are rounded to 2 once summed; best set figures are unrounded.
-- Null for pace sessions.
ALTER TABLE "sessions" ADD COLUMN "total_volume_lb" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "junk_volume_lb" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "working_volume_lb" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "heaviest_lb" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "e1rm_lb" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "best_set_volume_lb" double precision;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "exact_volume_lb" double precision;--> statement-breakpoint
-- The sessions logged so far, computed here once with the rules of `sessionVolumes` and `setBests`
-- in pounds: a set counts for a record when it has reps and weight; the e1RM needs a whole rep.
UPDATE "sessions" s SET "total_volume_lb" = round(b.total::numeric, 2),
  "junk_volume_lb" = round(b.junk::numeric, 2), "working_volume_lb" = round(b.working::numeric, 2),
  "heaviest_lb" = b.heaviest, "e1rm_lb" = b.e1rm, "best_set_volume_lb" = b.best_set_volume,
  "exact_volume_lb" = b.total
FROM (
  SELECT x.id,
    coalesce(sum(t.r * t.lb), 0) AS total,
    coalesce(sum(t.r * t.lb) FILTER (WHERE NOT t.hard), 0) AS junk,
    coalesce(sum(t.r * t.lb) FILTER (WHERE t.hard), 0) AS working,
    coalesce(max(t.lb) FILTER (WHERE t.r > 0 AND t.kg > 0), 0) AS heaviest,
    coalesce(max(CASE WHEN t.r = 1 THEN t.lb ELSE t.lb * (1 + t.r / 30) END)
      FILTER (WHERE t.r >= 1 AND t.kg > 0), 0) AS e1rm,
    coalesce(max(t.r * t.lb) FILTER (WHERE t.r > 0 AND t.kg > 0), 0) AS best_set_volume
  FROM "sessions" x
  LEFT JOIN LATERAL (
    SELECT (e->>'repetitions')::float8 AS r,
      coalesce((e->>'pounds')::float8 * 0.45359237, (e->>'kilograms')::float8) AS kg,
      coalesce((e->>'pounds')::float8, round(((e->>'kilograms')::float8 / 0.45359237)::numeric, 2)::float8) AS lb,
      coalesce((e->>'isHard')::boolean, false) AS hard
    FROM jsonb_array_elements(x.sets) e
  ) t ON true
  WHERE x.kind = 'wlsession'
  GROUP BY x.id
) b
WHERE s.id = b.id;
