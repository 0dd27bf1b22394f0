import { sql } from 'drizzle-orm';
import type { Log } from '../../../contract/logs';
import { isUniqueViolation } from '../../db/errors';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { logColumns, type LogRow, toLog } from './log-record';

// Every function is one named statement (db/statement.ts) filtered on the author (docs/api.md §1).

const logsPage = defineRowsStatement<
  { authorId: string; limit: number; offset: number },
  Partial<LogRow> & { total: number }
>(
  'logs_page',
  (p) => sql`select ${logColumns}, t.total
    from (select count(*)::int as total from logs where author_id = ${p.authorId}) t
    left join lateral (
      select * from logs where author_id = ${p.authorId}
      order by active_at desc, id limit ${p.limit} offset ${p.offset}
    ) l on true`,
);

/** A page of the author's logs, most recently active first, and how many there are. */
export async function readLogsPage(
  db: object,
  authorId: string,
  page: { limit: number; offset: number },
): Promise<{ logs: Log[]; total: number }> {
  const rows = await logsPage(db, { authorId, ...page });
  return { logs: rows.filter((r) => r.id).map((r) => toLog(r as LogRow)), total: rows[0].total };
}

const logById = defineStatement<{ authorId: string; id: string }, LogRow | undefined>(
  'log_by_id',
  (p) => sql`select ${logColumns} from logs l where l.author_id = ${p.authorId} and l.id = ${p.id}`,
);

export async function findLogById(db: object, authorId: string, id: string): Promise<Log | null> {
  const row = await logById(db, { authorId, id });
  return row ? toLog(row) : null;
}

const insertLog = defineStatement<{ authorId: string; id: string; title: string; slug: string }, LogRow>(
  'insert_log',
  (p) => sql`insert into logs as l (id, author_id, title, slug)
    values (${p.id}, ${p.authorId}, ${p.title}, ${p.slug}) returning ${logColumns}`,
);

/** 'taken' when another of the author's logs has this slug. */
export async function createLog(
  db: object,
  authorId: string,
  input: { id: string; title: string; slug: string },
): Promise<Log | 'taken'> {
  try {
    return toLog(await insertLog(db, { authorId, ...input }));
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const updateLogStatement = defineStatement<
  { authorId: string; id: string; title: string; slug: string },
  LogRow | undefined
>(
  'update_log',
  (p) => sql`update logs as l set title = ${p.title}, slug = ${p.slug}, updated_at = now(), active_at = now()
    where l.author_id = ${p.authorId} and l.id = ${p.id} returning ${logColumns}`,
);

export async function updateLog(
  db: object,
  authorId: string,
  input: { id: string; title: string; slug: string },
): Promise<Log | null | 'taken'> {
  try {
    const row = await updateLogStatement(db, { authorId, ...input });
    return row ? toLog(row) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const deleteLogStatement = defineStatement<
  { authorId: string; id: string; slug: string },
  { id: string } | undefined
>(
  'delete_log',
  // An id names a log before a slug does: a slug may look like another log's id.
  (p) => sql`delete from logs where author_id = ${p.authorId} and id = coalesce(
      (select id from logs where author_id = ${p.authorId} and id = ${p.id}),
      (select id from logs where author_id = ${p.authorId} and slug = ${p.slug}))
    returning id`,
);

/**
 * Deletes the log named by its id (a UUID) or its slug. Its exercises and sessions go with it
 * (ON DELETE CASCADE: one statement, so one transaction).
 */
export async function deleteLog(
  db: object,
  authorId: string,
  idOrSlug: { id: string; slug: string },
): Promise<boolean> {
  return (await deleteLogStatement(db, { authorId, ...idOrSlug })) !== undefined;
}
