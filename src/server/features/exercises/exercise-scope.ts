import { type Placeholder, sql } from 'drizzle-orm';
import type { Exercise, SessionKind } from '../../../contract/exercises';
import { notFound } from '../../lib/app-error';
import { toExercise } from './exercise-record';

// Every route under /api/logs/:slugLog/exercises/:slugExercise starts from the same two lookups,
// always under the signed-in author (docs/api.md §1). They are this one SQL fragment, joined into
// each statement that needs them, so a route costs one statement and a 404 still names the first
// missing level.

type ScopePlaceholders = {
  authorId: Placeholder<'authorId'>;
  slugLog: Placeholder<'slugLog'>;
  slugExercise: Placeholder<'slugExercise'>;
};

/**
 * `from` clause with the log `l` and the exercise `e` named in the path: always one row, whose
 * columns are null for what was not found. Left joins from a one-row table, so "no log" and "no
 * exercise" are both answered rather than both being no row.
 */
export const exerciseScope = (p: ScopePlaceholders) =>
  sql`(select 1) one
    left join logs l on l.author_id = ${p.authorId} and l.slug = ${p.slugLog}
    left join exercises e on e.author_id = l.author_id and e.log_id = l.id and e.slug = ${p.slugExercise}`;

/** The scope's columns, prefixed so they never clash with the columns of the rows they come with. */
export const scopeColumns = sql.raw(
  `l.slug as scope_log_slug, e.id as scope_id, e.author_id as scope_author_id, e.log_id as scope_log_id,
  e.title as scope_title, e.slug as scope_slug, e.kind as scope_kind, e.created_at as scope_created_at,
  e.updated_at as scope_updated_at`,
);

export interface ScopeRow {
  scope_log_slug: string | null;
  scope_id: string | null;
  scope_author_id: string;
  scope_log_id: string;
  scope_title: string;
  scope_slug: string;
  scope_kind: SessionKind;
  scope_created_at: string;
  scope_updated_at: string;
}

/** The exercise of a scoped row, or the 404 naming the first missing level. */
export function exerciseOf(row: ScopeRow): Exercise {
  if (row.scope_log_slug === null) throw notFound('Log');
  if (row.scope_id === null) throw notFound('Exercise');
  return toExercise(
    {
      id: row.scope_id,
      author_id: row.scope_author_id,
      log_id: row.scope_log_id,
      title: row.scope_title,
      slug: row.scope_slug,
      kind: row.scope_kind,
      created_at: row.scope_created_at,
      updated_at: row.scope_updated_at,
    },
    row.scope_log_slug,
  );
}
