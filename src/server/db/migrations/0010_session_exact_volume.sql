-- Records compare unrounded values (docs/api.md §10): a weight session's volume before rounding,
-- for the bestSessionVolume record. `total_volume` is rounded to 2 decimals, so 1 × 135 lb
-- (61.2349… kg) and 1 × 61.23 kg would tie on it. Derived on every write by `sessionValues`
-- (features/sessions/session-record.ts, with contract/metrics.ts `setBests`) and stored, like the
-- best set figures of migration 0008. Null for pace sessions.
ALTER TABLE "sessions" ADD COLUMN "exact_volume" double precision;--> statement-breakpoint
-- The sessions logged so far, computed here once with the same rule: reps × the set's exact kilograms.
UPDATE "sessions" s SET "exact_volume" = v.volume
FROM (
  SELECT x.id, coalesce(sum((e->>'repetitions')::float8
    * coalesce((e->>'pounds')::float8 * 0.45359237, (e->>'kilograms')::float8)), 0) AS volume
  FROM "sessions" x
  CROSS JOIN LATERAL jsonb_array_elements(x.sets) e
  WHERE x.kind = 'wlsession'
  GROUP BY x.id
) v
WHERE s.id = v.id;
