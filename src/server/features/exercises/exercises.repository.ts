import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Exercise, SessionKind } from '../../../contract/exercises';
import type { Log } from '../../../contract/logs';
import type { Executor } from '../../db/client';
import { exercises } from '../../db/schema';
import { toIso } from '../../lib/timestamps';
import { isUniqueViolation } from '../users/users.repository';

const columns = {
  id: exercises.id,
  title: exercises.title,
  slug: exercises.slug,
  authorId: exercises.authorId,
  kind: exercises.kind,
  logId: exercises.logId,
  createdAt: exercises.createdAt,
  updatedAt: exercises.updatedAt,
};
type ExerciseRow = {
  id: string;
  title: string;
  slug: string;
  authorId: string;
  kind: SessionKind;
  logId: string;
  createdAt: string;
  updatedAt: string;
};

/** The log's slug is not stored on the exercise: callers pass the log they found it under. */
export function toExercise(row: ExerciseRow, slugLog: string): Exercise {
  return {
    _id: row.id,
    title: row.title,
    slugExercise: row.slug,
    author: row.authorId,
    session: row.kind,
    log: row.logId,
    slugLog,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export async function findExerciseBySlug(db: Executor, log: Log, slug: string): Promise<Exercise | null> {
  const rows = await db
    .select(columns)
    .from(exercises)
    .where(and(eq(exercises.authorId, log.author), eq(exercises.logId, log._id), eq(exercises.slug, slug)))
    .limit(1);
  return rows[0] ? toExercise(rows[0], log.slugLog) : null;
}

export async function findExerciseById(db: Executor, log: Log, id: string): Promise<Exercise | null> {
  const rows = await db
    .select(columns)
    .from(exercises)
    .where(and(eq(exercises.authorId, log.author), eq(exercises.logId, log._id), eq(exercises.id, id)))
    .limit(1);
  return rows[0] ? toExercise(rows[0], log.slugLog) : null;
}

export async function createExercise(
  db: Executor,
  log: Log,
  input: { title: string; slug: string; kind: SessionKind },
): Promise<Exercise | 'taken'> {
  try {
    const rows = await db
      .insert(exercises)
      .values({ id: randomUUID(), authorId: log.author, logId: log._id, ...input })
      .returning(columns);
    return toExercise(rows[0], log.slugLog);
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function updateExercise(
  db: Executor,
  log: Log,
  id: string,
  input: { title: string; slug: string },
): Promise<Exercise | null | 'taken'> {
  try {
    const rows = await db
      .update(exercises)
      .set({ ...input, updatedAt: sql`now()`, activeAt: sql`now()` })
      .where(and(eq(exercises.authorId, log.author), eq(exercises.logId, log._id), eq(exercises.id, id)))
      .returning(columns);
    return rows[0] ? toExercise(rows[0], log.slugLog) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Its sessions go with it (ON DELETE CASCADE). */
export async function deleteExercise(db: Executor, exercise: Exercise): Promise<boolean> {
  const rows = await db
    .delete(exercises)
    .where(and(eq(exercises.authorId, exercise.author), eq(exercises.id, exercise._id)))
    .returning({ id: exercises.id });
  return rows.length > 0;
}

export async function touchExercise(db: Executor, exercise: Exercise): Promise<void> {
  await db
    .update(exercises)
    .set({ activeAt: sql`now()` })
    .where(and(eq(exercises.authorId, exercise.author), eq(exercises.id, exercise._id)));
}
