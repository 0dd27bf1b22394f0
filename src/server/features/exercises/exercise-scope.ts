import { type Placeholder, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionKind } from '../../../contract/exercises';
import { notFound, notSignedIn } from '../../lib/app-error';

// Every route under /api/logs/:slugLog/exercises/:slugExercise starts from the same lookups:
// the signed-in user, then the log and the exercise named in the path, always the user's own
// (docs/api.md §1). They are this one SQL fragment, joined into each statement that needs them,
// so a route costs one statement and its answer still says which of the three is missing.

type ScopePlaceholders = {
  tokenHash: Placeholder<'tokenHash'>;
  slugLog: Placeholder<'slugLog'>;
  slugExercise: Placeholder<'slugExercise'>;
};

/**
 * `from` clause with the signed-in user `me`, the log `l` and the exercise `e` named in the path:
 * always one row, whose columns are null for what was not found. Left joins from a one-row table,
 * so "not signed in", "no log" and "no exercise" are each answered rather than all being no row.
 */
export const exerciseScope = (p: ScopePlaceholders) =>
  sql`${logInPath(p)}
    left join exercises e on e.author_id = l.author_id and e.log_id = l.id and e.slug = ${p.slugExercise}`;

/** `from` clause with the signed-in user `me` and the log `l` named in the path (null columns when missing). */
export const logInPath = (p: Omit<ScopePlaceholders, 'slugExercise'>) =>
  sql`(select 1) one left join signed_in_user(${p.tokenHash}) me on true
    left join logs l on l.author_id = me.user_id and l.slug = ${p.slugLog}`;

/** `logInPath`'s columns: whether the user and the log were found. */
export const logInPathColumns = sql.raw(`me.user_id is not null as signed_in, l.id is not null as log`);

/** The JSON of a row that went through `logInPath`; 401 without a session, 404 without the log. */
export function answerInLog(row: { signed_in: boolean; log: boolean; json: string | null }): string | null {
  if (!row.signed_in) throw notSignedIn();
  if (!row.log) throw notFound('Log');
  return row.json;
}

/** The scope's columns, prefixed so they never clash with the columns of the rows they come with. */
export const scopeColumns = sql.raw(
  `me.user_id is not null as scope_signed_in, l.id is not null as scope_log, e.id as scope_id,
  e.author_id as scope_author_id, e.kind as scope_kind`,
);

/** `scopeColumns` as a row schema, which statements extend with their own columns (db/statement.ts). */
export const scopeRow = z.object({
  scope_signed_in: z.boolean(),
  scope_log: z.boolean(),
  scope_id: z.string().nullable(),
  scope_author_id: z.string().nullable(),
  scope_kind: z.enum(['wlsession', 'pasession']).nullable(),
});

export type ScopeRow = z.infer<typeof scopeRow>;

/** The exercise of a scoped row, or the 401 or 404 naming the first missing level. */
export function exerciseOf(row: ScopeRow): { id: string; authorId: string; kind: SessionKind } {
  if (!row.scope_signed_in) throw notSignedIn();
  if (!row.scope_log) throw notFound('Log');
  if (row.scope_id === null) throw notFound('Exercise');
  return { id: row.scope_id, authorId: row.scope_author_id as string, kind: row.scope_kind as SessionKind };
}
