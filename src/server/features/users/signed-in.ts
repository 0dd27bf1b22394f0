import { type Placeholder, sql } from 'drizzle-orm';

/**
 * The signed-in user as a SQL row source `me` (one row with `user_id`, or none): the user of the
 * session whose token hash the request carries, if it has not expired. Every statement of the
 * record routes starts from it, so checking the session is part of the statement that reads or
 * writes and a request makes one round trip (decision 0014). `signed_in_user` uses it too.
 */
export const signedIn = (tokenHash: Placeholder<'tokenHash'>) =>
  sql`(select a.user_id from auth_sessions a where a.token_hash = ${tokenHash} and a.expires_at > now())`;

/**
 * `from` clause with the signed-in user `me`: always one row, whose `me.user_id` is null when the
 * session is unknown or expired, so the statement can answer 401 from its own row.
 */
export const signedInFrom = (tokenHash: Placeholder<'tokenHash'>) =>
  sql`(select 1) one left join ${signedIn(tokenHash)} me on true`;

/** The column that says whether `signedInFrom` found the user. */
export const signedInColumn = sql.raw('me.user_id is not null as signed_in');
