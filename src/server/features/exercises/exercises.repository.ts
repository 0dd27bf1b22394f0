import { sql } from 'drizzle-orm';
import type { Exercise, SessionKind } from '../../../contract/exercises';
import type { Log } from '../../../contract/logs';
import { isUniqueViolation } from '../../db/errors';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { notFound } from '../../lib/app-error';
import { type LogRow, toLog } from '../logs/log-record';
import { touchLogOf } from './activity';
import { exerciseColumns, type ExerciseRow, toExercise } from './exercise-record';
import { exerciseOf, exerciseScope, scopeColumns, type ScopeRow } from './exercise-scope';

// Every function is one named statement (db/statement.ts) under the author (docs/api.md §1).
// A log named in the path that is not the author's is a 404 "Log not found", thrown here.

type InLog = { authorId: string; slugLog: string };
/** A row that went through the log named in the path: `log_slug` is null when there is no such log. */
type ViaLog = Partial<ExerciseRow> & { log_slug: string | null };

function exerciseViaLog(row: ViaLog | undefined): Exercise | null {
  if (!row || row.log_slug === null) throw notFound('Log');
  return row.id ? toExercise(row as ExerciseRow, row.log_slug) : null;
}

/** The log comes with each row under `parent_` names: the exercise columns have a `log_id` of their own. */
const logPage = defineRowsStatement<
  InLog & { limit: number; offset: number },
  Partial<ExerciseRow> & { [K in keyof LogRow as `parent_${K}`]: LogRow[K] } & { total: number }
>(
  'log_page',
  (p) => sql`select l.id as parent_id, l.author_id as parent_author_id, l.title as parent_title,
      l.slug as parent_slug, l.created_at as parent_created_at, l.updated_at as parent_updated_at, t.total,
      ${exerciseColumns}
    from logs l
    cross join lateral (select count(*)::int as total from exercises where author_id = l.author_id and log_id = l.id) t
    left join lateral (
      select * from exercises where author_id = l.author_id and log_id = l.id
      order by active_at desc, id limit ${p.limit} offset ${p.offset}
    ) e on true
    where l.author_id = ${p.authorId} and l.slug = ${p.slugLog}
    order by e.active_at desc, e.id`,
);

/** The log page (docs/api.md §7): the log, a page of its exercises most recently active first, and their count. */
export async function readLogPage(
  db: object,
  where: InLog,
  page: { limit: number; offset: number },
): Promise<{ log: Log; exercises: Exercise[]; total: number }> {
  const rows = await logPage(db, { ...where, ...page });
  if (rows.length === 0) throw notFound('Log');
  const r = rows[0];
  const log = toLog({
    id: r.parent_id,
    author_id: r.parent_author_id,
    title: r.parent_title,
    slug: r.parent_slug,
    created_at: r.parent_created_at,
    updated_at: r.parent_updated_at,
  });
  const exercises = rows.filter((row) => row.id).map((row) => toExercise(row as ExerciseRow, log.slugLog));
  return { log, exercises, total: r.total };
}

const exerciseById = defineStatement<InLog & { id: string }, ViaLog | undefined>(
  'exercise_by_id',
  (p) => sql`select l.slug as log_slug, ${exerciseColumns}
    from logs l left join exercises e on e.author_id = l.author_id and e.log_id = l.id and e.id = ${p.id}
    where l.author_id = ${p.authorId} and l.slug = ${p.slugLog}`,
);

export async function findExerciseById(db: object, where: InLog & { id: string }): Promise<Exercise | null> {
  return exerciseViaLog(await exerciseById(db, where));
}

const insertExercise = defineStatement<
  InLog & { id: string; title: string; slug: string; kind: SessionKind },
  ViaLog | undefined
>(
  'insert_exercise',
  (
    p,
  ) => sql`with l as (select id, author_id, slug from logs where author_id = ${p.authorId} and slug = ${p.slugLog}),
    e as (
      insert into exercises (id, author_id, log_id, title, slug, kind)
      select ${p.id}, l.author_id, l.id, ${p.title}, ${p.slug}, ${p.kind} from l returning *
    ),
    ${touchLogOf('e')}
    select l.slug as log_slug, ${exerciseColumns} from l left join e on true`,
);

/** 'taken' when the log has an exercise with this slug. */
export async function createExercise(
  db: object,
  input: InLog & { id: string; title: string; slug: string; kind: SessionKind },
): Promise<Exercise | 'taken'> {
  try {
    return exerciseViaLog(await insertExercise(db, input)) as Exercise;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const updateExerciseStatement = defineStatement<
  InLog & { id: string; title: string; slug: string },
  ViaLog | undefined
>(
  'update_exercise',
  (
    p,
  ) => sql`with l as (select id, author_id, slug from logs where author_id = ${p.authorId} and slug = ${p.slugLog}),
    e as (
      update exercises x set title = ${p.title}, slug = ${p.slug}, updated_at = now(), active_at = now()
      from l where x.author_id = l.author_id and x.log_id = l.id and x.id = ${p.id} returning x.*
    ),
    ${touchLogOf('e')}
    select l.slug as log_slug, ${exerciseColumns} from l left join e on true`,
);

/** null when the log has no exercise with this id; 'taken' when another has the slug. */
export async function updateExercise(
  db: object,
  input: InLog & { id: string; title: string; slug: string },
): Promise<Exercise | null | 'taken'> {
  try {
    return exerciseViaLog(await updateExerciseStatement(db, input));
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const deleteExerciseStatement = defineStatement<InLog & { slugExercise: string }, ScopeRow>(
  'delete_exercise',
  (p) => sql`with sc as (select ${scopeColumns} from ${exerciseScope(p)}),
    gone as (delete from exercises x using sc where x.author_id = ${p.authorId} and x.id = sc.scope_id)
    select * from sc`,
);

/** Deletes the exercise named in the path; its sessions go with it (ON DELETE CASCADE, one statement). */
export async function deleteExercise(db: object, where: InLog & { slugExercise: string }): Promise<void> {
  exerciseOf(await deleteExerciseStatement(db, where));
}
