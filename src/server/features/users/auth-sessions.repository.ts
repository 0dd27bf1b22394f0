import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { defineStatement } from '../../db/statement';
import { authSessions, passwordResets } from '../../db/schema';
import { signedIn } from './signed-in';

export const SESSION_DAYS = 30;

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
  weightUnit: 'kg' | 'lb';
}

export async function createAuthSession(db: Executor, userId: string, tokenHash: string): Promise<void> {
  await db.insert(authSessions).values({
    tokenHash,
    userId,
    expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})`,
  });
}

const sessionUser = defineStatement<{ tokenHash: string }, SessionUser | undefined>(
  'signed_in_user',
  (p) => sql`select u.id, u.username, u.email, u.is_admin as "isAdmin", u.weight_unit as "weightUnit"
    from ${signedIn(p.tokenHash)} me join users u on u.id = me.user_id`,
);

/**
 * One indexed lookup: the session's user, if the session exists and has not expired. Every
 * signed-in request makes it, so it is a named statement, planned once per connection.
 */
export async function findSessionUser(db: object, tokenHash: string): Promise<SessionUser | null> {
  return (await sessionUser(db, { tokenHash })) ?? null;
}

export async function deleteAuthSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash));
}

/** After a password change: every session but the one making the change stops working. */
export async function deleteOtherAuthSessions(
  db: Executor,
  userId: string,
  keepTokenHash?: string,
): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      keepTokenHash
        ? and(eq(authSessions.userId, userId), ne(authSessions.tokenHash, keepTokenHash))
        : eq(authSessions.userId, userId),
    );
}

/** Housekeeping: expired sign-in sessions and reset links are dead rows; main.ts sweeps them. */
export async function deleteExpiredTokens(db: Executor): Promise<void> {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, sql`now()`));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, sql`now()`));
}
