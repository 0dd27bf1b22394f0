import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { passwordResets, users } from '../../db/schema';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
  weightUnit: 'kg' | 'lb';
}

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  isAdmin: users.isAdmin,
  weightUnit: users.weightUnit,
};

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const rows = await db.select(columns).from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const rows = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** null when the email is taken (the unique index decides, so two racing sign-ups cannot both win). */
export async function createUser(
  db: Executor,
  input: { username: string; email: string; passwordHash: string },
): Promise<UserRow | null> {
  const rows = await db
    .insert(users)
    .values({ id: randomUUID(), ...input })
    .onConflictDoNothing({ target: users.email })
    .returning(columns);
  return rows[0] ?? null;
}

/** null when the new email belongs to someone else. */
export async function updateUser(
  db: Executor,
  id: string,
  input: { username: string; email: string; passwordHash?: string; weightUnit?: 'kg' | 'lb' },
): Promise<UserRow | null> {
  try {
    const rows = await db
      .update(users)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning(columns);
    return rows[0] ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function setPassword(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function setAdmin(db: Executor, email: string, isAdmin: boolean): Promise<UserRow | null> {
  const rows = await db.update(users).set({ isAdmin }).where(eq(users.email, email)).returning(columns);
  return rows[0] ?? null;
}

/** A newer request voids older links: only the latest token of a user is kept. */
export async function replaceResetToken(db: Executor, userId: string, tokenHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.insert(passwordResets).values({
      tokenHash,
      userId,
      expiresAt: sql`now() + interval '1 hour'`,
    });
  });
}

/** Marks the token used and returns its user, in one statement so a link works once only. */
export async function consumeResetToken(db: Executor, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId ?? null;
}
