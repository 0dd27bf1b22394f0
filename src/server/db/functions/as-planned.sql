-- A write checks that it wrote what its route planned (docs/api.md §11: a workout and all its
-- sessions in one transaction). The route plans from a read made before the write (an exercise,
-- a workout's sessions); when another request changed those in between, the write finds fewer
-- rows than planned. It is then refused as a whole with SQLSTATE 'STALE', and the route plans
-- again from a fresh read (features/workouts/workouts.routes.ts), which answers as if the two
-- requests had come one after the other. Returns true, so a statement can call it in a WHERE.
CREATE OR REPLACE FUNCTION "as_planned"(written bigint, planned bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF written <> planned THEN
    RAISE EXCEPTION USING ERRCODE = 'STALE',
      MESSAGE = format('wrote %s of %s planned rows: planned from a read another write changed', written, planned);
  END IF;
  RETURN true;
END $$;
