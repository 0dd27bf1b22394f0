-- Quota counters (docs/api.md §12 "Quotas and write limits"; tables quota_counts and quota_limits,
-- migration 0014): the helpers the counting triggers of logs and exercises call.
-- Adds rows per owner ([{owner_id, n}]) to `item`'s counters, in owner order (two writers lock
-- counters in one order); refuses the statement when a counter passes its limit. For logs and
-- exercises; the sessions' and keys' triggers, on every create, write their counters inline.
CREATE OR REPLACE FUNCTION "quota_add"(counts jsonb, which text) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE FUNCTION "quota_remove"(counts jsonb, which text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE quota_counts q SET n = q.n - (c->>'n')::int
  FROM jsonb_array_elements(counts) c
  WHERE q.owner_id = (c->>'owner_id')::uuid AND q.item = which;
END $$;
