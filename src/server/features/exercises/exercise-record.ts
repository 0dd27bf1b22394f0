import { sql } from 'drizzle-orm';
import { isoMs } from '../../db/json-sql';

/**
 * An exercise in the API's shape (docs/api.md §7) as `json_build_object` arguments, from the
 * exercise `e` and the log `l` it is in (the log's slug is not stored on the exercise): the one
 * place an exercise's JSON is built. Pages add their own keys after it. A statement that repeats
 * the exercise (the exercise page's items) may pass its timestamps formatted once (`isoMs`).
 */
export const exerciseFields = (
  stamps = { createdAt: isoMs('e.created_at'), updatedAt: isoMs('e.updated_at') },
) =>
  sql.raw(
    `'_id', e.id, 'title', e.title, 'slugExercise', e.slug, 'author', e.author_id, 'session', e.kind,
  'log', e.log_id, 'slugLog', l.slug, 'createdAt', ${stamps.createdAt}, 'updatedAt', ${stamps.updatedAt}`,
  );

/** The exercise `e` (in the log `l`) as JSON text. */
export const exerciseJson = sql`json_build_object(${exerciseFields()})::text`;
