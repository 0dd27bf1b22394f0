import { type Placeholder, sql } from 'drizzle-orm';

/**
 * The signed-in user as a SQL row source `me` (one row with `user_id`, or none): the user of the
 * session whose token hash the request carries, if it has not expired. Every statement of the
 * record routes starts from it, so checking the session is part of the statement that reads or
 * writes and a request makes one round trip (decision 0014). `signed_in_user` uses it too.
 */
export const signedIn = (tokenHash: Placeholder<'tokenHash'>) =>
  sql`(select a.user_id from auth_sessions a where a.token_hash = ${tokenHash} and a.expires_at > now())`;
