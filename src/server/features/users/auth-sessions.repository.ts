import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authSessions, passwordResets, users } from '../../db/schema';

export const SESSION_DAYS = 30;

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
}

export async function createAuthSession(db: Executor, userId: string, tokenHash: string): Promise<void> {
  await db.insert(authSessions).values({
    tokenHash,
    userId,
    expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})`,
  });
}

/** One indexed lookup: the session's user, if the session exists and has not expired. */
export async function findSessionUser(db: Executor, tokenHash: string): Promise<SessionUser | null> {
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.tokenHash, tokenHash), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0] ?? null;
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
