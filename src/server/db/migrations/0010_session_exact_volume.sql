-- Records compare unrounded values (docs/api.md §10): a weight session's volume before rounding,
-- for the bestSessionVolume record. `total_volume` is rounded to 2 decimals, so 1 × 135 lb
-- (61.2349… kg) and 1 × 61.23 kg would tie on it. The same rule as contract/metrics.ts
-- `sessionVolumes` (reps × the set's exact kilograms, pounds converted unrounded), summed in set
-- order; generated from `sets`, so every write and every import keeps it. Null for pace sessions.
CREATE FUNCTION session_exact_volume(sets jsonb) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select coalesce(sum((e->>'repetitions')::float8
    * coalesce((e->>'pounds')::float8 * 0.45359237, (e->>'kilograms')::float8)), 0)
  from jsonb_array_elements(sets) e
$$;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "exact_volume" double precision GENERATED ALWAYS AS (session_exact_volume(sets)) STORED;
