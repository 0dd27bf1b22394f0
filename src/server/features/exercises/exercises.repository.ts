import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionKind } from '../../../contract/exercises';
import { isUniqueViolation } from '../../db/errors';
import { defineStatement } from '../../db/statement';
import type { KeyParams } from '../users/idempotency-keys';
import { isoMs } from '../../db/json-sql';
import {
  answerInLog,
  exerciseOf,
  exerciseScope,
  logInPath,
  logInPathColumns,
  scopeColumns,
  scopeRow,
  type ScopeRow,
} from './exercise-scope';

// Every function is one named statement (db/statement.ts) that starts from the signed-in user
// (`signed_in_user`, db/functions/signed-in-user.sql) and the log named in the path, which must be theirs (docs/api.md §1).
// Answers come back as the JSON text PostgreSQL built (decision 0014).

type InLog = { tokenHash: string; slugLog: string };
/** A statement's answer, with what it found on the way: `signed_in` and `log` are false when missing. */
type ViaLog = { signed_in: boolean; log: boolean; json: string | null };
const viaLogRow = z
  .object({ signed_in: z.boolean(), log: z.boolean(), json: z.string().nullable() })
  .strict();

/**
 * The log page (docs/api.md §7) as one JSON text: the log, a page of its exercises most recently
 * active first, each as the log with the exercise under `exercises`, and the pagination.
 */
/**
 * An item of the log page: the log's fields (as db/functions/log-json.sql writes them) with the
 * exercise added under `exercises`, so they are written out here rather than taken from log_json.
 */
const logItemFields = sql.raw(
  `'_id', l.id, 'title', l.title, 'slugLog', l.slug, 'author', l.author_id,
  'createdAt', ${isoMs('l.created_at')}, 'updatedAt', ${isoMs('l.updated_at')}`,
);

const logPage = defineStatement<InLog & { page: number; limit: number; offset: number }, ViaLog>(
  'log_page',
  (p) => sql`select ${logInPathColumns}, case when l.id is not null then json_build_object(
      'log', log_json(l),
      'logAggregate', pg.items,
      'pagination', pagination_json(t.total, ${p.page}::bigint, ${p.limit}::int)
    )::text end as json
    from ${logInPath(p)}
    left join lateral (select count(*)::int as total from exercises x where x.author_id = l.author_id and x.log_id = l.id) t on true
    left join lateral (
      select coalesce(json_agg(json_build_object(${logItemFields}, 'exercises', exercise_json(e::exercises, l.slug))
        order by e.active_at desc, e.id), '[]') as items
      from (
        select * from exercises x where x.author_id = l.author_id and x.log_id = l.id
        order by active_at desc, id limit ${p.limit} offset ${p.offset}
      ) e
    ) pg on true`,
  viaLogRow,
);

export async function readLogPage(
  db: object,
  where: InLog,
  page: { page: number; limit: number; offset: number },
): Promise<string> {
  return answerInLog(await logPage(db, { ...where, ...page })) as string;
}

const exerciseById = defineStatement<InLog & { id: string }, ViaLog>(
  'exercise_by_id',
  (
    p,
  ) => sql`select ${logInPathColumns}, case when e.id is not null then exercise_json(e, l.slug)::text end as json
    from ${logInPath(p)} left join exercises e on e.author_id = l.author_id and e.log_id = l.id and e.id = ${p.id}`,
  viaLogRow,
);

/** The exercise's JSON, or null when the log has no exercise with this id. */
export async function findExerciseById(db: object, where: InLog & { id: string }): Promise<string | null> {
  return answerInLog(await exerciseById(db, where));
}

const insertExercise = defineStatement<
  InLog & KeyParams & { id: string; title: string; slug: string; kind: SessionKind },
  ViaLog
>(
  'insert_exercise',
  (p) => sql`with path as (select ${logInPathColumns}, l.id, l.author_id, l.slug from ${logInPath(p)}),
    e as (
      insert into exercises (id, author_id, log_id, title, slug, kind)
      select ${p.id}, path.author_id, path.id, ${p.title}, ${p.slug}, ${p.kind} from path where path.log
      returning *
    ),
    -- Its log moves to the top of the list (docs/api.md §7 "active").
    touch_log as (
      update logs x set active_at = now() from e src where x.author_id = src.author_id and x.id = src.log_id),
    -- The answer kept under the request's Idempotency-Key, if it has one (decision 0016).
    remembered as (
      insert into idempotency_keys (user_id, route, key, request_hash, status, body)
      select e.author_id, ${p.keyRoute}, ${p.keyValue}, ${p.keyHash}, 201, exercise_json(e::exercises, l.slug)::text
      from e, path l where ${p.keyValue}::text is not null
    )
    select l.signed_in, l.log, case when e.id is not null then exercise_json(e::exercises, l.slug)::text end as json
    from path l left join e on true`,
  viaLogRow,
);

/** The new exercise's JSON, kept under the request's Idempotency-Key; 'taken' when the log has an exercise with this slug. */
export async function createExercise(
  db: object,
  input: InLog & { id: string; title: string; slug: string; kind: SessionKind },
  key: KeyParams,
): Promise<string | 'taken'> {
  try {
    return answerInLog(await insertExercise(db, { ...input, ...key })) as string;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const updateExerciseStatement = defineStatement<InLog & { id: string; title: string; slug: string }, ViaLog>(
  'update_exercise',
  (p) => sql`with path as (select ${logInPathColumns}, l.id, l.author_id, l.slug from ${logInPath(p)}),
    e as (
      update exercises x set title = ${p.title}, slug = ${p.slug}, updated_at = now(), active_at = now()
      from path where x.author_id = path.author_id and x.log_id = path.id and x.id = ${p.id} returning x.*
    ),
    -- Its log moves to the top of the list (docs/api.md §7 "active").
    touch_log as (
      update logs x set active_at = now() from e src where x.author_id = src.author_id and x.id = src.log_id)
    select l.signed_in, l.log, case when e.id is not null then exercise_json(e::exercises, l.slug)::text end as json
    from path l left join e on true`,
  viaLogRow,
);

/** The renamed exercise's JSON; null when the log has no exercise with this id; 'taken' when another has the slug. */
export async function updateExercise(
  db: object,
  input: InLog & { id: string; title: string; slug: string },
): Promise<string | null | 'taken'> {
  try {
    return answerInLog(await updateExerciseStatement(db, input));
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const deleteExerciseStatement = defineStatement<InLog & { slugExercise: string }, ScopeRow>(
  'delete_exercise',
  (p) => sql`with sc as (select ${scopeColumns} from ${exerciseScope(p)}),
    gone as (delete from exercises x using sc where x.author_id = sc.scope_author_id and x.id = sc.scope_id)
    select * from sc`,
  scopeRow.strict(),
);

/** Deletes the exercise named in the path; its sessions go with it (ON DELETE CASCADE, one statement). */
export async function deleteExercise(db: object, where: InLog & { slugExercise: string }): Promise<void> {
  exerciseOf(await deleteExerciseStatement(db, where));
}
