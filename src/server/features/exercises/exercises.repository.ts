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
  userLogExerciseRow,
  type UserLogExerciseRow,
  userLogRow,
  type UserLogRow,
} from './exercise-scope';

// Every function is one named statement (db/statement.ts) that starts from the signed-in user and
// the log named in the path, which must be theirs (docs/api.md §1): `user_log`
// (db/functions/user-log.sql), or `user_log_exercise` for the exercise named in the path.
// Answers come back as the JSON text PostgreSQL built (decision 0014).

type InLog = { tokenHash: string; slugLog: string };
/** A statement's answer, with what it found on the way (`signed_in` false, `log_id` null when missing). */
type ViaLog = UserLogRow & { json: string | null };
const viaLogRow = userLogRow.extend({ json: z.string().nullable() }).strict();

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
  (p) => sql`select scope.*, case when l.id is not null then json_build_object(
      'log', log_json(l),
      'logAggregate', pg.items,
      'pagination', pagination_json(t.total, ${p.page}::bigint, ${p.limit}::int)
    )::text end as json
    from user_log(${p.tokenHash}, ${p.slugLog}) scope
    left join logs l on l.id = scope.log_id
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
  (p) => sql`select scope.*, case when e.id is not null then exercise_json(e, ${p.slugLog})::text end as json
    from user_log(${p.tokenHash}, ${p.slugLog}) scope
    left join exercises e on e.author_id = scope.author_id and e.log_id = scope.log_id and e.id = ${p.id}`,
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
  (p) => sql`with scope as (select * from user_log(${p.tokenHash}, ${p.slugLog})),
    e as (
      insert into exercises (id, author_id, log_id, title, slug, kind)
      select ${p.id}, scope.author_id, scope.log_id, ${p.title}, ${p.slug}, ${p.kind} from scope
      where scope.log_id is not null
      returning *
    ),
    -- Its log moves to the top of the list (docs/api.md §7 "active").
    touch_log as (
      update logs x set active_at = now() from e src where x.author_id = src.author_id and x.id = src.log_id),
    -- The answer kept under the request's Idempotency-Key, if it has one (decision 0016).
    remembered as (
      insert into idempotency_keys (user_id, route, key, request_hash, status, body)
      select e.author_id, ${p.keyRoute}, ${p.keyValue}, ${p.keyHash}, 201, exercise_json(e::exercises, ${p.slugLog})::text
      from e where ${p.keyValue}::text is not null
    )
    select scope.*, case when e.id is not null then exercise_json(e::exercises, ${p.slugLog})::text end as json
    from scope left join e on true`,
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
  (p) => sql`with scope as (select * from user_log(${p.tokenHash}, ${p.slugLog})),
    e as (
      update exercises x set title = ${p.title}, slug = ${p.slug}, updated_at = now(), active_at = now()
      from scope where x.author_id = scope.author_id and x.log_id = scope.log_id and x.id = ${p.id} returning x.*
    ),
    -- Its log moves to the top of the list (docs/api.md §7 "active").
    touch_log as (
      update logs x set active_at = now() from e src where x.author_id = src.author_id and x.id = src.log_id)
    select scope.*, case when e.id is not null then exercise_json(e::exercises, ${p.slugLog})::text end as json
    from scope left join e on true`,
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

const deleteExerciseStatement = defineStatement<InLog & { slugExercise: string }, UserLogExerciseRow>(
  'delete_exercise',
  (p) => sql`with scope as (select * from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise})),
    target as (select x.* from exercises x, scope where x.author_id = scope.author_id and x.id = scope.exercise_id),
    -- It goes to the trash with its sessions (db/functions/trash-of.sql, decision 0034).
    binned as (insert into trash select b.* from target t cross join lateral trash_of_exercise(t::exercises) b on conflict do nothing),
    binned_sessions as (
      insert into trash_sessions select t.author_id, t.id, s.id, to_jsonb(s) - 'api_json'
      from target t cross join lateral sessions_of_exercise(t::exercises) s on conflict do nothing
    ),
    gone as (delete from exercises x using target t where x.author_id = t.author_id and x.id = t.id)
    select * from scope`,
  userLogExerciseRow.strict(),
);

/** Moves the exercise named in the path to the trash; its sessions go with it (ON DELETE CASCADE, one statement). */
export async function deleteExercise(db: object, where: InLog & { slugExercise: string }): Promise<void> {
  exerciseOf(await deleteExerciseStatement(db, where));
}
