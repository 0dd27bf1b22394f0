-- Sets with 0 reps or 0 kg count for no record (docs/api.md §10), and only the estimated 1RM
-- needs a whole rep: a set of 0.5 × 100 kg is a heaviest of 100 and a set volume of 50.
-- `setBests` (src/contract/metrics.ts) counted only sets of at least 1 rep; the sessions stored
-- before it changed are computed here once with its rule. The e1RM and the volumes are unchanged.
UPDATE "sessions" s SET "heaviest" = b.heaviest, "best_set_volume" = b.best_set_volume
FROM (
  SELECT x.id,
    coalesce(max(t.w) FILTER (WHERE t.r > 0 AND t.w > 0), 0) AS heaviest,
    coalesce(max(t.r * t.w) FILTER (WHERE t.r > 0 AND t.w > 0), 0) AS best_set_volume
  FROM "sessions" x
  CROSS JOIN LATERAL (
    SELECT (e->>'repetitions')::float8 AS r,
      coalesce((e->>'pounds')::float8 * 0.45359237, (e->>'kilograms')::float8) AS w
    FROM jsonb_array_elements(x.sets) e
  ) t
  WHERE x.kind = 'wlsession' AND EXISTS (
    SELECT FROM jsonb_array_elements(x.sets) e
    WHERE (e->>'repetitions')::float8 > 0 AND (e->>'repetitions')::float8 < 1
  )
  GROUP BY x.id
) b
WHERE s.id = b.id;
