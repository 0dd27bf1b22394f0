-- The signed-in user: one row with `user_id` for the session whose token hash the request carries,
-- if it has not expired; no row otherwise. Every statement of the record routes reads from it, so
-- checking the session is part of the statement that reads or writes and a request makes one
-- round trip (decision 0014). One SELECT, STABLE, not STRICT: PostgreSQL inlines it into the
-- calling statement as a scan of auth_sessions by its primary key.
CREATE OR REPLACE FUNCTION signed_in_user(token_hash text) RETURNS TABLE (user_id uuid)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select a.user_id from auth_sessions a where a.token_hash = signed_in_user.token_hash and a.expires_at > now()
$$;
