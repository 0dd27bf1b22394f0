import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionKind } from '../../../contract/exercises';
import { defineStatement } from '../../db/statement';
import { answerInLog, userLogRow } from '../exercises/exercise-scope';
import type { SessionValues } from '../sessions/session-record';
import type { KeyParams } from '../users/idempotency-keys';

// A workout's reads and writes (docs/api.md §11, decision 0030), one named statement each
// (db/statement.ts), each starting from the signed-in user and the log named in the path
// (`user_log`, db/functions/user-log.sql). A write is one statement: the workout, its sessions, its parents' activity and
// the kept answer, so a refused request writes nothing. Its answer is built by `workout_json`
// (db/functions/workout-json.sql) from the rows the statement wrote; a read sends the JSON each
// workout row stores (`api_json`, kept by db/functions/workouts-api-json-trigger.sql, decision 0038).

type InLog = { tokenHash: string; slugLog: string };
const viaLogRow = userLogRow.extend({ json: z.string().nullable() }).strict();
type ViaLog = z.infer<typeof viaLogRow>;

const listOrder = sql.raw('created_date desc, started_at desc nulls last, created_at desc, id desc');

// ---- Reads ----

const workoutsPage = defineStatement<InLog & { page: number; limit: number; offset: number }, ViaLog>(
  'workouts_page',
  (p) => sql`select scope.*, case when l.id is not null then json_build_object(
      'workouts', pg.items, 'pagination', pagination_json(t.total, ${p.page}::bigint, ${p.limit}::int))::text end as json
    from user_log(${p.tokenHash}, ${p.slugLog}) scope left join logs l on l.id = scope.log_id
    left join lateral (select count(*)::int as total from workouts x where x.author_id = l.author_id and x.log_id = l.id) t on true
    left join lateral (
      select coalesce(json_agg(w.api_json order by ${listOrder}), '[]') as items
      from (
        select * from workouts x where x.author_id = l.author_id and x.log_id = l.id
        order by ${listOrder} limit ${p.limit} offset ${p.offset}
      ) w
    ) pg on true`,
  viaLogRow,
);

/** The log's workouts page (docs/api.md §11); 401/404 for a missing user or log. */
export async function readWorkoutsPage(
  db: object,
  where: InLog,
  page: { page: number; limit: number; offset: number },
): Promise<string> {
  return answerInLog(await workoutsPage(db, { ...where, ...page })) as string;
}

const workoutById = defineStatement<InLog & { id: string }, ViaLog>(
  'workout_by_id',
  (p) => sql`select scope.*,
      case when w.id is not null then json_build_object('workout', w.api_json)::text end as json
    from user_log(${p.tokenHash}, ${p.slugLog}) scope left join logs l on l.id = scope.log_id
    left join workouts w on w.author_id = l.author_id and w.log_id = l.id and w.id = ${p.id}`,
  viaLogRow,
);

/** `{workout}` as JSON text, or null when the log has no workout with this id. */
export async function findWorkout(db: object, where: InLog & { id: string }): Promise<string | null> {
  return answerInLog(await workoutById(db, where));
}

// ---- What a write needs to know first ----

export interface WorkoutContext {
  logId: string;
  /** The log's exercises the entries name, by slug. */
  exercises: Map<string, { id: string; kind: SessionKind }>;
  /** Per exercise, the slugs its sessions have on the workout's date (and `date-N`). */
  taken: { exercise: string; slug: string }[];
  routineFound: boolean;
  /** The edited workout's sessions; null when there is no such workout (or on create). */
  members: { id: string; exercise: string; slug: string; date: string }[] | null;
  /** The edited workout's `updated_at` as read: its edit applies only to the workout as it was then. */
  version: string | null;
}

const contextRow = userLogRow
  .extend({
    exercises: z.array(
      z.object({ slug: z.string(), id: z.string(), kind: z.enum(['wlsession', 'pasession']) }),
    ),
    taken: z.array(z.object({ exercise: z.string(), slug: z.string() })),
    routine_found: z.boolean(),
    members: z
      .array(z.object({ id: z.string(), exercise: z.string(), slug: z.string(), date: z.string() }))
      .nullable(),
    version: z.string().nullable(),
  })
  .strict();
type ContextRow = z.infer<typeof contextRow>;

const workoutContext = defineStatement<
  InLog & { slugs: string; date: string; routine: string; workoutId: string },
  ContextRow
>(
  'workout_context',
  (
    p,
  ) => sql`with path as (select scope.*, scope.log_id as id from user_log(${p.tokenHash}, ${p.slugLog}) scope),
    named as (
      select e.id, e.slug, e.kind from path join exercises e on e.author_id = path.author_id and e.log_id = path.id
      where e.slug in (select jsonb_array_elements_text(${p.slugs}::jsonb))
    ),
    w as (select x.id, x.author_id, x.updated_at from path join workouts x on x.author_id = path.author_id and x.log_id = path.id and x.id = ${p.workoutId})
    select path.signed_in, path.log_id, path.author_id,
      (select coalesce(json_agg(json_build_object('slug', n.slug, 'id', n.id, 'kind', n.kind)), '[]') from named n) as exercises,
      (select coalesce(json_agg(json_build_object('exercise', s.exercise_id, 'slug', s.slug)), '[]')
        from named n join sessions s on s.author_id = path.author_id and s.exercise_id = n.id
        where s.slug = ${p.date}::text or s.slug like ${p.date}::text || '-%') as taken,
      exists (select from routines r where r.author_id = path.author_id and r.log_id = path.id and r.id = ${p.routine}) as routine_found,
      (select coalesce(json_agg(json_build_object('id', s.id, 'exercise', s.exercise_id, 'slug', s.slug, 'date', s.created_date)), '[]')
        from w join sessions s on s.author_id = w.author_id and s.workout_id = w.id) as members,
      (select w.updated_at::text from w) as version
    from path`,
  contextRow,
);

/** What a workout write checks its body against; 401/404 for a missing user or log. */
export async function readWorkoutContext(
  db: object,
  where: InLog & { slugs: string[]; date: string; routine: string; workoutId: string | null },
): Promise<WorkoutContext> {
  const NIL = '00000000-0000-0000-0000-000000000000';
  const row = await workoutContext(db, {
    ...where,
    slugs: JSON.stringify(where.slugs),
    workoutId: where.workoutId ?? NIL,
  });
  answerInLog({ ...row, json: null });
  return {
    logId: row.log_id as string,
    exercises: new Map(row.exercises.map((e) => [e.slug, { id: e.id, kind: e.kind }])),
    taken: row.taken,
    routineFound: row.routine_found,
    members: where.workoutId === null ? null : row.members,
    version: row.version,
  };
}

// ---- Writes ----

/** A session of a write, by column name (jsonb_populate_recordset fills a `sessions` row from it). */
export type SessionRow = Record<string, unknown>;

/** The stored columns of a session written through a workout. */
export function sessionRow(input: {
  id: string;
  exerciseId: string;
  kind: SessionKind;
  slug: string;
  position: number;
  superset: number | null;
  values: SessionValues;
}): SessionRow {
  const v = input.values;
  return {
    id: input.id,
    exercise_id: input.exerciseId,
    kind: input.kind,
    slug: input.slug,
    workout_position: input.position,
    workout_superset: input.superset,
    notes: v.notes,
    sets: v.sets,
    total_volume: v.totalVolume,
    junk_volume: v.junkVolume,
    working_volume: v.workingVolume,
    hours: v.hours,
    minutes: v.minutes,
    seconds: v.seconds,
    distance: v.distance,
    pace_minutes: v.paceMinutes,
    pace_seconds: v.paceSeconds,
    speed: v.speed,
    heaviest: v.heaviest,
    e1rm: v.e1rm,
    best_set_volume: v.bestSetVolume,
    exact_volume: v.exactVolume,
    total_volume_lb: v.totalVolumeLb,
    junk_volume_lb: v.junkVolumeLb,
    working_volume_lb: v.workingVolumeLb,
    heaviest_lb: v.heaviestLb,
    e1rm_lb: v.e1rmLb,
    best_set_volume_lb: v.bestSetVolumeLb,
    exact_volume_lb: v.exactVolumeLb,
  };
}

/** The columns a session of a workout takes from its row (the rest from the workout). */
const ROW_COLUMNS = [
  'id',
  'exercise_id',
  'kind',
  'slug',
  'workout_position',
  'workout_superset',
  'notes',
  'sets',
  'total_volume',
  'junk_volume',
  'working_volume',
  'hours',
  'minutes',
  'seconds',
  'distance',
  'pace_minutes',
  'pace_seconds',
  'speed',
  'heaviest',
  'e1rm',
  'best_set_volume',
  'exact_volume',
  'total_volume_lb',
  'junk_volume_lb',
  'working_volume_lb',
  'heaviest_lb',
  'e1rm_lb',
  'best_set_volume_lb',
  'exact_volume_lb',
];
const insertColumns = sql.raw(ROW_COLUMNS.join(', '));
const insertValues = sql.raw(ROW_COLUMNS.map((c) => `v.${c}`).join(', '));
const updateSets = sql.raw(
  ROW_COLUMNS.filter((c) => c !== 'id' && c !== 'exercise_id' && c !== 'kind')
    .map((c) => `${c} = v.${c}`)
    .join(', '),
);

export interface WorkoutFields {
  title: string;
  date: string;
  startedAt: string | null;
  endedAt: string | null;
  notes: string;
  routine: string;
}

/** `planned`: how many sessions the statement must write (db/functions/as-planned.sql). */
type WriteParams = InLog & WorkoutFields & { id: string; logId: string; rows: string; planned: number };

/** The log named in the path, checked again by the write itself (the session may have ended). */
const pathOf = (p: { tokenHash: unknown; slugLog: unknown; logId: unknown }) =>
  sql`path as (select l.id, l.author_id, l.slug from user_log(${p.tokenHash}, ${p.slugLog}) scope join logs l on l.id = scope.log_id where l.id = ${p.logId})`;
const routineOf = (p: { routine: unknown }) =>
  sql`(select r.id from routines r where r.author_id = path.author_id and r.log_id = path.id and r.id = ${p.routine})`;
/** The exercises, then the log, become the most recently active (docs/api.md §7), in that order. */
const touchParents = sql`touch_exercise as (
      update exercises x set active_at = now() from (select distinct author_id, exercise_id from written) src
      where x.author_id = src.author_id and x.id = src.exercise_id returning x.author_id, x.log_id),
    touch_log as (
      update logs x set active_at = now() from (select distinct author_id, log_id from touch_exercise) src
      where x.author_id = src.author_id and x.id = src.log_id)`;

const insertWorkout = defineStatement<WriteParams & KeyParams, { json: string | null }>(
  'insert_workout',
  (p) => sql`with ${pathOf(p)},
    w as (
      insert into workouts (id, author_id, log_id, title, created_date, started_at, ended_at, notes, routine_id)
      select ${p.id}, path.author_id, path.id, ${p.title}, ${p.date}, ${p.startedAt}::timestamptz,
        ${p.endedAt}::timestamptz, ${p.notes}, ${routineOf(p)}
      from path returning *
    ),
    written as (
      insert into sessions (author_id, created_date, workout_id, ${insertColumns})
      select w.author_id, w.created_date, w.id, ${insertValues}
      from w cross join jsonb_populate_recordset(null::sessions, ${p.rows}::jsonb) v
      join exercises e on e.author_id = w.author_id and e.log_id = w.log_id and e.id = v.exercise_id and e.kind = v.kind
      returning *
    ),
    ${touchParents},
    answer as (
      select json_build_object('workout', workout_json(w, path.slug,
        (select array_agg(row(s.*)::sessions) from written s)))::text as json
      from w, path
    ),
    -- The answer kept under the request's Idempotency-Key, if it has one (decision 0016).
    remembered as (
      insert into idempotency_keys (user_id, route, key, request_hash, status, body)
      select w.author_id, ${p.keyRoute}, ${p.keyValue}, ${p.keyHash}, 201, answer.json
      from w, answer where ${p.keyValue}::text is not null
    )
    select (select json from answer) as json
    -- Every planned session, or nothing: an exercise deleted since the route's read drops its rows
    -- from the join above, and the route then plans again (db/functions/as-planned.sql).
    where case when exists (select from w) then as_planned((select count(*) from written), ${p.planned}) else true end`,
  z.object({ json: z.string().nullable() }).strict(),
);

/**
 * Writes a workout and its sessions; `{workout}` as JSON text, or null when the log went meanwhile.
 * Throws a stale write (db/errors.ts `isStaleWrite`) when an entry's exercise went since `rows` were planned.
 */
export async function createWorkout(
  db: object,
  input: InLog & WorkoutFields & { id: string; logId: string; rows: SessionRow[] },
  key: KeyParams,
): Promise<string | null> {
  const rows = JSON.stringify(input.rows);
  return (await insertWorkout(db, { ...input, rows, planned: input.rows.length, ...key })).json;
}

const updateWorkoutStatement = defineStatement<
  WriteParams & { kept: string; version: string | null },
  { json: string | null }
>(
  'update_workout',
  // `rows` are the new sessions, `kept` the workout's sessions the body names (same exercise);
  // the workout's other sessions are deleted. An empty workout is never left: its new and kept
  // sessions are in it when the trigger of db/functions/workouts-emptied.sql looks.
  (p) => sql`with ${pathOf(p)},
    w as (
      update workouts x set title = ${p.title}, created_date = ${p.date}, started_at = ${p.startedAt}::timestamptz,
        ended_at = ${p.endedAt}::timestamptz, notes = ${p.notes}, routine_id = ${routineOf(p)}, updated_at = now()
      from path where x.author_id = path.author_id and x.log_id = path.id and x.id = ${p.id}
        and x.updated_at::text = ${p.version}
      returning x.*
    ),
    kept as (select * from jsonb_populate_recordset(null::sessions, ${p.kept}::jsonb)),
    gone as (
      delete from sessions s using w where s.author_id = w.author_id and s.workout_id = w.id
        and not exists (select from kept v where v.id = s.id)
      returning s.id
    ),
    -- Read before any row is written, so the sessions left out are deleted first and a new or
    -- moved session may take one's slug (the unique index sees a row this statement deleted as gone).
    cleared as (select count(*) from gone),
    added as (
      insert into sessions (author_id, created_date, workout_id, ${insertColumns})
      select w.author_id, w.created_date, w.id, ${insertValues}
      from w cross join cleared cross join jsonb_populate_recordset(null::sessions, ${p.rows}::jsonb) v
      join exercises e on e.author_id = w.author_id and e.log_id = w.log_id and e.id = v.exercise_id and e.kind = v.kind
      returning *
    ),
    changed as (
      update sessions s set created_date = w.created_date, updated_at = now(), ${updateSets}
      from w, cleared, kept v
      where s.author_id = w.author_id and s.workout_id = w.id and s.id = v.id and s.exercise_id = v.exercise_id
      returning s.*
    ),
    written as (select * from added union all select * from changed),
    ${touchParents},
    answer as (
      select json_build_object('workout', workout_json(w, path.slug,
        (select array_agg(row(s.*)::sessions) from written s)))::text as json
      from w, path
    )
    select (select json from answer) as json
    -- Every planned session, or nothing (db/functions/as-planned.sql): a kept session deleted or
    -- moved out since the route's read is not changed; and a workout another edit changed since
    -- (its updated_at moved on) is not updated at all. The route then plans again.
    where case
      when exists (select from w) then as_planned((select count(*) from written), ${p.planned})
      when exists (select from path join workouts x on x.author_id = path.author_id and x.log_id = path.id
        and x.id = ${p.id}) then as_planned(0, 1)
      else true end`,
  z.object({ json: z.string().nullable() }).strict(),
);

/**
 * Replaces a workout's contents; `{workout}` as JSON text, or null when there is no such workout.
 * Throws a stale write (db/errors.ts `isStaleWrite`) when the workout or a kept session changed
 * since `version` was read.
 */
export async function updateWorkout(
  db: object,
  input: InLog &
    WorkoutFields & {
      id: string;
      logId: string;
      rows: SessionRow[];
      kept: SessionRow[];
      version: string | null;
    },
): Promise<string | null> {
  return (
    await updateWorkoutStatement(db, {
      ...input,
      rows: JSON.stringify(input.rows),
      kept: JSON.stringify(input.kept),
      planned: input.rows.length + input.kept.length,
    })
  ).json;
}

const deleteWorkoutStatement = defineStatement<InLog & { id: string }, ViaLog>(
  'delete_workout',
  // Its sessions go with it (sessions.workout_id, ON DELETE CASCADE), to the trash
  // (db/functions/trash-of.sql, decision 0034).
  (
    p,
  ) => sql`with path as (select scope.*, scope.log_id as id from user_log(${p.tokenHash}, ${p.slugLog}) scope),
    target as (
      select w.* from workouts w, path where w.author_id = path.author_id and w.log_id = path.id and w.id = ${p.id}
    ),
    binned as (insert into trash select b.* from target t cross join lateral trash_of_workout(t::workouts) b on conflict do nothing),
    binned_sessions as (
      insert into trash_sessions select t.author_id, t.id, s.id, to_jsonb(s) - 'api_json'
      from target t cross join lateral sessions_of_workout(t::workouts) s on conflict do nothing
    ),
    gone as (delete from workouts w using target t where w.author_id = t.author_id and w.id = t.id returning w.id)
    select path.signed_in, path.log_id, path.author_id, (select id::text from gone) as json from path`,
  viaLogRow,
);

/** Moves a workout and its sessions to the trash; false when the log has no workout with this id. */
export async function deleteWorkout(db: object, where: InLog & { id: string }): Promise<boolean> {
  return answerInLog(await deleteWorkoutStatement(db, where)) !== null;
}
