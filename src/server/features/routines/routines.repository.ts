import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionKind } from '../../../contract/exercises';
import { defineStatement } from '../../db/statement';
import { answerInLog, userLogRow } from '../exercises/exercise-scope';
import type { KeyParams } from '../users/idempotency-keys';

// A routine's reads and writes (docs/api.md §11, decision 0030), one named statement each, from
// the signed-in user and the log named in the path (`user_log`, db/functions/user-log.sql). Its JSON is `routine_json`
// (db/functions/routine-json.sql); a write answers from the entry rows it wrote.

type InLog = { tokenHash: string; slugLog: string };
const viaLogRow = userLogRow.extend({ json: z.string().nullable() }).strict();
type ViaLog = z.infer<typeof viaLogRow>;
const entriesOf = (r: string) =>
  sql.raw(
    `array(select x from routine_entries x where x.routine_id = ${r}.id and x.author_id = ${r}.author_id)`,
  );
const byTitle = sql.raw('lower(title), id');

const routinesList = defineStatement<InLog, ViaLog>(
  'routines_list',
  (p) => sql`select scope.*, case when l.id is not null then json_build_object('routines', coalesce((
        select json_agg(routine_json(r::routines, l.slug, ${entriesOf('r')}) order by ${byTitle})
        from (select * from routines x where x.author_id = l.author_id and x.log_id = l.id order by ${byTitle}) r
      ), '[]'))::text end as json
    from user_log(${p.tokenHash}, ${p.slugLog}) scope left join logs l on l.id = scope.log_id`,
  viaLogRow,
);

/** `{routines}` of the log, by title case-insensitively; 401/404 for a missing user or log. */
export async function readRoutines(db: object, where: InLog): Promise<string> {
  return answerInLog(await routinesList(db, where)) as string;
}

const routineById = defineStatement<InLog & { id: string }, ViaLog>(
  'routine_by_id',
  (p) => sql`select scope.*,
      case when r.id is not null then json_build_object('routine', routine_json(r, l.slug, ${entriesOf('r')}))::text end as json
    from user_log(${p.tokenHash}, ${p.slugLog}) scope left join logs l on l.id = scope.log_id left join routines r on r.author_id = l.author_id and r.log_id = l.id and r.id = ${p.id}`,
  viaLogRow,
);

/** `{routine}` as JSON text, or null when the log has no routine with this id. */
export async function findRoutine(db: object, where: InLog & { id: string }): Promise<string | null> {
  return answerInLog(await routineById(db, where));
}

const contextRow = userLogRow
  .extend({
    exercises: z.array(
      z.object({ slug: z.string(), id: z.string(), kind: z.enum(['wlsession', 'pasession']) }),
    ),
    routine_found: z.boolean(),
  })
  .strict();

const routineContext = defineStatement<
  InLog & { slugs: string; routineId: string },
  z.infer<typeof contextRow>
>(
  'routine_context',
  (p) => sql`select scope.*,
      exists (select from routines r where r.author_id = l.author_id and r.log_id = l.id and r.id = ${p.routineId}) as routine_found,
      (select coalesce(json_agg(json_build_object('slug', e.slug, 'id', e.id, 'kind', e.kind)), '[]')
        from exercises e where e.author_id = l.author_id and e.log_id = l.id
          and e.slug in (select jsonb_array_elements_text(${p.slugs}::jsonb))) as exercises
    from user_log(${p.tokenHash}, ${p.slugLog}) scope left join logs l on l.id = scope.log_id`,
  contextRow,
);

/**
 * The log's id, the exercises the entries name (by slug) and whether the edited routine is the
 * log's (`routineId`, the nil UUID on create); 401/404 for a missing user or log.
 */
export async function readRoutineContext(
  db: object,
  where: InLog & { slugs: string[]; routineId: string },
): Promise<{
  logId: string;
  exercises: Map<string, { id: string; kind: SessionKind }>;
  routineFound: boolean;
}> {
  const row = await routineContext(db, { ...where, slugs: JSON.stringify(where.slugs) });
  answerInLog({ ...row, json: null });
  return {
    logId: row.log_id as string,
    exercises: new Map(row.exercises.map((e) => [e.slug, { id: e.id, kind: e.kind }])),
    routineFound: row.routine_found,
  };
}

/** An entry's row, by column name (jsonb_populate_recordset fills a `routine_entries` row from it). */
export interface EntryRow {
  position: number;
  exercise_id: string;
  sets: number | null;
  reps_min: number | null;
  reps_max: number | null;
  rest_seconds: number;
  superset: number | null;
}

type WriteParams = InLog & { id: string; logId: string; title: string; notes: string; entries: string };
const pathOf = (p: { tokenHash: unknown; slugLog: unknown; logId: unknown }) =>
  sql`path as (select l.id, l.author_id, l.slug from user_log(${p.tokenHash}, ${p.slugLog}) scope join logs l on l.id = scope.log_id where l.id = ${p.logId})`;
const entryColumns = sql.raw('position, exercise_id, sets, reps_min, reps_max, rest_seconds, superset');
const entryValues = sql.raw(
  'v.position, v.exercise_id, v.sets, v.reps_min, v.reps_max, v.rest_seconds, v.superset',
);
/** The entries, each only while its exercise is still in the log. */
const writeEntries = (p: { entries: unknown }) => sql`written as (
      insert into routine_entries (routine_id, author_id, ${entryColumns})
      select r.id, r.author_id, ${entryValues}
      from r cross join jsonb_populate_recordset(null::routine_entries, ${p.entries}::jsonb) v
      join exercises e on e.author_id = r.author_id and e.log_id = r.log_id and e.id = v.exercise_id
      returning *
    ),
    answer as (
      select json_build_object('routine', routine_json(r, path.slug,
        (select array_agg(row(x.*)::routine_entries) from written x)))::text as json
      from r, path
    )`;

const insertRoutine = defineStatement<WriteParams & KeyParams, { json: string | null }>(
  'insert_routine',
  (p) => sql`with ${pathOf(p)},
    r as (
      insert into routines (id, author_id, log_id, title, notes)
      select ${p.id}, path.author_id, path.id, ${p.title}, ${p.notes} from path returning *
    ),
    ${writeEntries(p)},
    -- The answer kept under the request's Idempotency-Key, if it has one (decision 0016).
    remembered as (
      insert into idempotency_keys (user_id, route, key, request_hash, status, body)
      select r.author_id, ${p.keyRoute}, ${p.keyValue}, ${p.keyHash}, 201, answer.json
      from r, answer where ${p.keyValue}::text is not null
    )
    select (select json from answer) as json`,
  z.object({ json: z.string().nullable() }).strict(),
);

/** Writes a routine and its entries; `{routine}` as JSON text (null when the log went meanwhile). */
export async function createRoutine(
  db: object,
  input: InLog & { id: string; logId: string; title: string; notes: string; entries: EntryRow[] },
  key: KeyParams,
): Promise<string | null> {
  return (await insertRoutine(db, { ...input, entries: JSON.stringify(input.entries), ...key })).json;
}

const updateRoutineStatement = defineStatement<WriteParams, { json: string | null }>(
  'update_routine',
  // A full replace: the old entries go, the new ones are written (no unique key between them).
  (p) => sql`with ${pathOf(p)},
    r as (
      update routines x set title = ${p.title}, notes = ${p.notes}, updated_at = now()
      from path where x.author_id = path.author_id and x.log_id = path.id and x.id = ${p.id}
      returning x.*
    ),
    gone as (delete from routine_entries x using r where x.routine_id = r.id and x.author_id = r.author_id),
    ${writeEntries(p)}
    select (select json from answer) as json`,
  z.object({ json: z.string().nullable() }).strict(),
);

/** Replaces a routine; `{routine}` as JSON text, or null when the log has no routine with this id. */
export async function updateRoutine(
  db: object,
  input: InLog & { id: string; logId: string; title: string; notes: string; entries: EntryRow[] },
): Promise<string | null> {
  return (await updateRoutineStatement(db, { ...input, entries: JSON.stringify(input.entries) })).json;
}

const deleteRoutineStatement = defineStatement<InLog & { id: string }, ViaLog>(
  'delete_routine',
  // Its entries go with it; its workouts stay, without it (foreign keys, migration 0016).
  (
    p,
  ) => sql`with path as (select scope.*, scope.log_id as id from user_log(${p.tokenHash}, ${p.slugLog}) scope),
    gone as (
      delete from routines r using path where r.author_id = path.author_id and r.log_id = path.id and r.id = ${p.id}
      returning r.id
    )
    select path.signed_in, path.log_id, path.author_id, (select id::text from gone) as json from path`,
  viaLogRow,
);

/** Deletes a routine; false when the log has no routine with this id. */
export async function deleteRoutine(db: object, where: InLog & { id: string }): Promise<boolean> {
  return answerInLog(await deleteRoutineStatement(db, where)) !== null;
}
