import { sql } from 'drizzle-orm';
import { isoMs } from '../../db/json-sql';

/**
 * A log in the API's shape (docs/api.md §7) as `json_build_object` arguments, from the log `l`:
 * the one place a log's JSON is built. The log page adds `exercises` after it.
 */
export const logFields = sql.raw(
  `'_id', l.id, 'title', l.title, 'slugLog', l.slug, 'author', l.author_id,
  'createdAt', ${isoMs('l.created_at')}, 'updatedAt', ${isoMs('l.updated_at')}`,
);

/** The log `l` as JSON text. */
export const logJson = sql`json_build_object(${logFields})::text`;
