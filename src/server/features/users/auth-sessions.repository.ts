import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineStatement } from '../../db/statement';
import { SESSION_DAYS, type SessionUser } from '../../lib/session-user';
import { UNKNOWN_DEVICE } from './device-label';
import { profileSettingsColumns, profileSettingsRow } from './profile-settings';

// Sign-in sessions: only a hash of the cookie's token is stored. One named statement each
// (db/statement.ts); a transaction handle runs them inside its transaction.

export { SESSION_DAYS, type SessionUser };

const none = z.undefined();

const insertAuthSession = defineStatement<
  { id: string; userId: string; tokenHash: string; days: number; device: string },
  undefined
>(
  'insert_auth_session',
  (p) => sql`insert into auth_sessions (id, token_hash, user_id, expires_at, device)
    values (${p.id}, ${p.tokenHash}, ${p.userId}, now() + make_interval(days => ${p.days}::int), ${p.device})`,
  none,
);

/** `device`: the label of the device that signs in (device-label.ts), listed under Devices. */
export async function createAuthSession(
  db: object,
  userId: string,
  tokenHash: string,
  device: string = UNKNOWN_DEVICE,
): Promise<void> {
  await insertAuthSession(db, { id: randomUUID(), userId, tokenHash, days: SESSION_DAYS, device });
}

const sessionUser = defineStatement<{ tokenHash: string }, SessionUser | undefined>(
  'signed_in_user',
  (p) => sql`select u.id, u.username, u.email, u.is_admin as "isAdmin", u.weight_unit as "weightUnit",
      ${profileSettingsColumns}
    from signed_in_user(${p.tokenHash}) me join users u on u.id = me.user_id`,
  z
    .object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      isAdmin: z.boolean(),
      weightUnit: z.enum(['kg', 'lb']),
      ...profileSettingsRow,
    })
    .strict()
    .optional(),
);

/**
 * One indexed lookup: the session's user, if the session exists and has not expired. Every
 * signed-in request makes it, so it is a named statement, planned once per connection.
 */
export async function findSessionUser(db: object, tokenHash: string): Promise<SessionUser | null> {
  return (await sessionUser(db, { tokenHash })) ?? null;
}

const deleteSession = defineStatement<{ tokenHash: string }, undefined>(
  'delete_auth_session',
  (p) => sql`delete from auth_sessions where token_hash = ${p.tokenHash}`,
  none,
);

export async function deleteAuthSession(db: object, tokenHash: string): Promise<void> {
  await deleteSession(db, { tokenHash });
}

const deleteOthers = defineStatement<{ userId: string; keep: string | null }, undefined>(
  'delete_other_auth_sessions',
  (p) => sql`delete from auth_sessions
    where user_id = ${p.userId} and (${p.keep}::text is null or token_hash <> ${p.keep}::text)`,
  none,
);

/** After a password change: every session but the one making the change stops working. */
export async function deleteOtherAuthSessions(
  db: object,
  userId: string,
  keepTokenHash?: string,
): Promise<void> {
  await deleteOthers(db, { userId, keep: keepTokenHash ?? null });
}

const deleteExpired = defineStatement<Record<string, never>, undefined>(
  'delete_expired_tokens',
  () => sql`with sessions_gone as (delete from auth_sessions where expires_at < now())
    delete from password_resets where expires_at < now()`,
  none,
);

/** Housekeeping: expired sign-in sessions and reset links are dead rows; main.ts sweeps them. */
export async function deleteExpiredTokens(db: object): Promise<void> {
  await deleteExpired(db, {});
}
