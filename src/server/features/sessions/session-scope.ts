import type { Exercise } from '../../../contract/exercises';
import type { Log } from '../../../contract/logs';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { assertSignedIn } from '../../plugins/auth';
import { normalizeSlugParam } from '../../lib/titles';
import { findExerciseBySlug } from '../exercises/exercises.repository';
import { findLogBySlug } from '../logs/logs.repository';

/** The log and exercise named in the path, both the caller's own, or a 404 naming the missing kind. */
export async function findScope(
  db: Executor,
  authorId: string,
  slugLog: string,
  slugExercise: string,
): Promise<{ log: Log; exercise: Exercise }> {
  const log = await findLogBySlug(db, authorId, normalizeSlugParam(slugLog));
  if (!log) throw notFound('Log');
  const exercise = await findExerciseBySlug(db, log, normalizeSlugParam(slugExercise));
  if (!exercise) throw notFound('Exercise');
  return { log, exercise };
}

/** For one-trip reads: 401 without a live session, else 404 naming the first missing level. */
export function assertScope(row: { userId: string | null; hasLog: boolean; hasExercise: boolean }): void {
  assertSignedIn(row.userId);
  if (!row.hasLog) throw notFound('Log');
  if (!row.hasExercise) throw notFound('Exercise');
}
