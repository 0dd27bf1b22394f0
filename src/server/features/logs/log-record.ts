import { sql } from 'drizzle-orm';
import type { Log } from '../../../contract/logs';
import { toIso } from '../../lib/timestamps';

/** A `logs` row as the log statements select it (`logColumns`), in the table's own column names. */
export interface LogRow {
  id: string;
  author_id: string;
  title: string;
  slug: string;
  created_at: string;
  updated_at: string;
}

/** The columns `toLog` reads, from the table aliased `l`. */
export const logColumns = sql.raw('l.id, l.author_id, l.title, l.slug, l.created_at, l.updated_at');

/** A log in the API's shape (docs/api.md §7): the one place it is built. */
export function toLog(row: LogRow): Log {
  return {
    _id: row.id,
    title: row.title,
    slugLog: row.slug,
    author: row.author_id,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
