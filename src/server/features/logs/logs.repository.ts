import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Log } from '../../../contract/logs';
import type { Executor } from '../../db/client';
import { logs } from '../../db/schema';
import { toIso } from '../../lib/timestamps';
import { isUniqueViolation } from '../users/users.repository';

const columns = {
  id: logs.id,
  title: logs.title,
  slug: logs.slug,
  authorId: logs.authorId,
  createdAt: logs.createdAt,
  updatedAt: logs.updatedAt,
};
type LogRow = {
  id: string;
  title: string;
  slug: string;
  authorId: string;
  createdAt: string;
  updatedAt: string;
};

export function toLog(row: LogRow): Log {
  return {
    _id: row.id,
    title: row.title,
    slugLog: row.slug,
    author: row.authorId,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export async function findLogBySlug(db: Executor, authorId: string, slug: string): Promise<Log | null> {
  const rows = await db
    .select(columns)
    .from(logs)
    .where(and(eq(logs.authorId, authorId), eq(logs.slug, slug)))
    .limit(1);
  return rows[0] ? toLog(rows[0]) : null;
}

export async function findLogById(db: Executor, authorId: string, id: string): Promise<Log | null> {
  const rows = await db
    .select(columns)
    .from(logs)
    .where(and(eq(logs.authorId, authorId), eq(logs.id, id)))
    .limit(1);
  return rows[0] ? toLog(rows[0]) : null;
}

/** 'taken' when another of the author's logs has this slug. */
export async function createLog(
  db: Executor,
  authorId: string,
  input: { title: string; slug: string },
): Promise<Log | 'taken'> {
  try {
    const rows = await db
      .insert(logs)
      .values({ id: randomUUID(), authorId, ...input })
      .returning(columns);
    return toLog(rows[0]);
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function updateLog(
  db: Executor,
  authorId: string,
  id: string,
  input: { title: string; slug: string },
): Promise<Log | null | 'taken'> {
  try {
    const rows = await db
      .update(logs)
      .set({ ...input, updatedAt: sql`now()`, activeAt: sql`now()` })
      .where(and(eq(logs.authorId, authorId), eq(logs.id, id)))
      .returning(columns);
    return rows[0] ? toLog(rows[0]) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Exercises and sessions go with it (ON DELETE CASCADE, one statement, so one transaction). */
export async function deleteLog(db: Executor, authorId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(logs)
    .where(and(eq(logs.authorId, authorId), eq(logs.id, id)))
    .returning({ id: logs.id });
  return rows.length > 0;
}

/** Something in the log was created or edited: it moves to the top of the list. */
export async function touchLog(db: Executor, authorId: string, id: string): Promise<void> {
  await db
    .update(logs)
    .set({ activeAt: sql`now()` })
    .where(and(eq(logs.authorId, authorId), eq(logs.id, id)));
}
