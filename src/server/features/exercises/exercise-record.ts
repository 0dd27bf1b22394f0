import { sql } from 'drizzle-orm';
import type { Exercise, SessionKind } from '../../../contract/exercises';
import { toIso } from '../../lib/timestamps';

/** An `exercises` row as the exercise statements select it (`exerciseColumns`), in the table's column names. */
export interface ExerciseRow {
  id: string;
  author_id: string;
  log_id: string;
  title: string;
  slug: string;
  kind: SessionKind;
  created_at: string;
  updated_at: string;
}

/** The columns `toExercise` reads, from the table aliased `e`. */
export const exerciseColumns = sql.raw(
  'e.id, e.author_id, e.log_id, e.title, e.slug, e.kind, e.created_at, e.updated_at',
);

/**
 * An exercise in the API's shape (docs/api.md §7): the one place it is built. The log's slug is
 * not stored on the exercise: each statement selects it with the log it went through.
 */
export function toExercise(row: ExerciseRow, slugLog: string): Exercise {
  return {
    _id: row.id,
    title: row.title,
    slugExercise: row.slug,
    author: row.author_id,
    session: row.kind,
    log: row.log_id,
    slugLog,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
