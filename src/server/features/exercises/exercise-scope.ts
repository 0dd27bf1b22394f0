import { z } from 'zod';
import type { SessionKind } from '../../../contract/exercises';
import { notFound, notSignedIn } from '../../lib/app-error';

// Every route under /api/logs/:slugLog starts from the signed-in user and the log named in the
// path, always the user's own (docs/api.md §1), and under …/exercises/:slugExercise from the
// exercise too. PostgreSQL finds them: `user_log` and `user_log_exercise` (db/functions/user-log.sql,
// user-log-exercise.sql), which each statement reads from under its own alias and inlines, so a
// route costs one statement. Their row always comes back, with nulls from the first level that
// is missing; these schemas type it and the functions below answer 401 or the 404 that names it.

/** The row of `user_log(token_hash, slug_log)`, which statements extend with their own columns. */
export const userLogRow = z.object({
  signed_in: z.boolean(),
  log_id: z.string().nullable(),
  author_id: z.string().nullable(),
});

export type UserLogRow = z.infer<typeof userLogRow>;

/** The row of `user_log_exercise(token_hash, slug_log, slug_exercise)`; `author_id` is the exercise's. */
export const userLogExerciseRow = z.object({
  signed_in: z.boolean(),
  log_id: z.string().nullable(),
  exercise_id: z.string().nullable(),
  author_id: z.string().nullable(),
  exercise_kind: z.enum(['wlsession', 'pasession']).nullable(),
});

export type UserLogExerciseRow = z.infer<typeof userLogExerciseRow>;

/** The JSON of a row that started from `user_log`; 401 without a session, 404 without the log. */
export function answerInLog(row: UserLogRow & { json: string | null }): string | null {
  if (!row.signed_in) throw notSignedIn();
  if (row.log_id === null) throw notFound('Log');
  return row.json;
}

/** The exercise of a row that started from `user_log_exercise`, or the 401 or 404 naming the first missing level. */
export function exerciseOf(row: UserLogExerciseRow): { id: string; authorId: string; kind: SessionKind } {
  if (!row.signed_in) throw notSignedIn();
  if (row.log_id === null) throw notFound('Log');
  if (row.exercise_id === null) throw notFound('Exercise');
  return { id: row.exercise_id, authorId: row.author_id as string, kind: row.exercise_kind as SessionKind };
}
