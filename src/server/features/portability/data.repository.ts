import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ExportRoutine, ExportWorkout } from '../../../contract/data';
import { forgetPlans } from '../../db/client';
import { isoExact } from '../../db/json-sql';
import type {
  exercises,
  logs,
  routineEntries,
  routines,
  sessions,
  StoredSet,
  workouts,
} from '../../db/schema';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { FROM_THE_START, type SessionsAfter } from '../sessions/sessions.repository';
import type { Turns } from './import-limits';

/**
 * Reads and writes of export and import, one named statement each (db/statement.ts). Every
 * statement filters on the author (docs/api.md §1). Lists travel as one JSON parameter.
 */

const IN_CHUNK = 1000;
/**
 * Rows per INSERT (one JSON parameter each). An import is not one transaction (decision 0017):
 * between two of its statements other requests get the database, so this bounds how long they
 * wait for it: 20–60 ms for 100 sessions on PGlite (docs/api.md §9: ~100 ms at most).
 */
const INSERT_CHUNK = 100;
/**
 * …and characters of that JSON per INSERT: a statement's cost follows its sets and notes more
 * than its rows. 100 sessions of 100 sets (about 1 MB) held PGlite for 200 ms, so a file of many
 * sets a day stalled every other request by that much at each statement.
 */
const INSERT_CHARS = 64 * 1024;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let k = 0; k < items.length; k += size) out.push(items.slice(k, k + size));
  return out;
}

// ---- Export: pages in a stable order, so a large history is read a page at a time ----

type ExportedRecord = {
  id: string;
  title: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  activeAt: string;
};

const logsPage = defineRowsStatement<{ authorId: string; limit: number; offset: number }, ExportedRecord>(
  'export_logs_page',
  (p) => sql`select id, title, slug, ${sql.raw(isoExact('created_at'))} as "createdAt",
      ${sql.raw(isoExact('updated_at'))} as "updatedAt", ${sql.raw(isoExact('active_at'))} as "activeAt"
    from logs where author_id = ${p.authorId}
    order by created_at, id limit ${p.limit} offset ${p.offset}`,
  z
    .object({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      activeAt: z.string(),
    })
    .strict(),
);

export async function pageLogs(db: object, authorId: string, limit: number, offset: number) {
  return logsPage(db, { authorId, limit, offset });
}

const exercisesOf = defineRowsStatement<
  { authorId: string; logId: string },
  ExportedRecord & { kind: 'wlsession' | 'pasession' }
>(
  'export_exercises_of_log',
  (p) => sql`select id, title, slug, kind, ${sql.raw(isoExact('created_at'))} as "createdAt",
      ${sql.raw(isoExact('updated_at'))} as "updatedAt", ${sql.raw(isoExact('active_at'))} as "activeAt"
    from exercises where author_id = ${p.authorId} and log_id = ${p.logId}
    order by created_at, id`,
  z
    .object({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      activeAt: z.string(),
    })
    .extend({ kind: z.enum(['wlsession', 'pasession']) })
    .strict(),
);

export async function exercisesOfLog(db: object, authorId: string, logId: string) {
  return exercisesOf(db, { authorId, logId });
}

// ---- Import: what the account already holds, then bulk inserts ----

const logsBySlugs = defineRowsStatement<{ authorId: string; slugs: string }, { id: string; slug: string }>(
  'import_logs_by_slugs',
  (p) => sql`select id, slug from logs
    where author_id = ${p.authorId} and slug in (select jsonb_array_elements_text(${p.slugs}::jsonb))`,
  z.object({ id: z.string(), slug: z.string() }).strict(),
);

export async function findLogsBySlugs(tx: object, authorId: string, slugs: string[]) {
  const found: { id: string; slug: string }[] = [];
  for (const part of chunks(slugs, IN_CHUNK))
    for (const row of await logsBySlugs(tx, { authorId, slugs: JSON.stringify(part) })) found.push(row);
  return found;
}

const exercisesOfLogs = defineRowsStatement<
  { authorId: string; logIds: string },
  { id: string; logId: string; slug: string; kind: 'wlsession' | 'pasession' }
>(
  'import_exercises_of_logs',
  (p) => sql`select id, log_id as "logId", slug, kind from exercises
    where author_id = ${p.authorId} and log_id in (select jsonb_array_elements_text(${p.logIds}::jsonb)::uuid)`,
  z
    .object({ id: z.string(), logId: z.string(), slug: z.string(), kind: z.enum(['wlsession', 'pasession']) })
    .strict(),
);

export async function findExercisesOfLogs(tx: object, authorId: string, logIds: string[]) {
  const found: { id: string; logId: string; slug: string; kind: 'wlsession' | 'pasession' }[] = [];
  for (const part of chunks(logIds, IN_CHUNK))
    for (const row of await exercisesOfLogs(tx, { authorId, logIds: JSON.stringify(part) })) found.push(row);
  return found;
}

/**
 * Sessions read per statement by `sessionContentPages`. An account that already held 200,000
 * sessions answered one statement with all of them: 2.7 s without an answer to anyone else on
 * PGlite, then a 500 (`push(...rows)` past the call stack's limit).
 */
const READ_PAGE = 1000;
/** Exercises whose dates are looked up together, in one statement when their sessions there fit a page. */
export const RANGE_CHUNK = 100;

/** The dates of an exercise an import adds sessions on, first to last. */
export interface DateRange {
  exerciseId: string;
  from: string;
  to: string;
}

const number = z.number().nullable();
const contentRow = z
  .object({
    exerciseId: z.string(),
    slug: z.string(),
    createdDate: z.string(),
    sets: z.array(z.custom<StoredSet>((set) => typeof set === 'object' && set !== null)).nullable(),
    hours: number,
    minutes: number,
    seconds: number,
    distance: number,
  })
  .strict();

type ContentRow = {
  exerciseId: string;
  slug: string;
  createdDate: string;
  sets: NewSession['sets'];
  hours: number | null;
  minutes: number | null;
  seconds: number | null;
  distance: number | null;
};

/**
 * The sessions of RANGE_CHUNK exercises on their dates, READ_PAGE + 1 at most: one index range
 * per exercise (author, exercise, date), joined from the list. As 100 ORs this took 15–30 ms
 * on PGlite to plan and run, for no row at all.
 */
const contentsOnDates = defineRowsStatement<{ authorId: string; ranges: string }, ContentRow>(
  'import_session_contents',
  (p) => sql`select s.exercise_id as "exerciseId", s.slug, s.created_date as "createdDate", s.sets,
      s.hours, s.minutes, s.seconds, s.distance
    from jsonb_to_recordset(${p.ranges}::jsonb) as r(exercise_id uuid, date_from date, date_to date)
    join sessions s on s.author_id = ${p.authorId}::uuid and s.exercise_id = r.exercise_id
      and s.created_date between r.date_from and r.date_to
    limit ${sql.raw(String(READ_PAGE + 1))}`,
  contentRow,
);

/** One exercise's sessions on its dates, by slug after `after`: a page of READ_PAGE on the unique index. */
const contentPage = defineRowsStatement<
  { authorId: string; exerciseId: string; from: string; to: string; after: string },
  ContentRow
>(
  'import_session_contents_page',
  (p) => sql`select exercise_id as "exerciseId", slug, created_date as "createdDate", sets, hours, minutes,
      seconds, distance
    from sessions
    where author_id = ${p.authorId} and exercise_id = ${p.exerciseId}
      and created_date between ${p.from}::date and ${p.to}::date and slug > ${p.after}
    order by slug limit ${sql.raw(String(READ_PAGE))}`,
  contentRow,
);

/**
 * The sessions an import must know of (duplicate detection and slug choice): those of its
 * exercises on the dates it adds to, nothing else. RANGE_CHUNK exercises are read in one
 * statement; when their sessions there are more than a page, each of those exercises is read in
 * pages of READ_PAGE by slug, on the unique index (author, exercise, slug), so no statement reads
 * more than a page. Each statement is followed by a turn for other requests: without them, reading
 * 200 pages held every other request for 26 s on PGlite (and without the batch's sign of life
 * that comes with each turn, a long read let the sweep take the batch back, 503).
 */
export async function* sessionContentPages(tx: object, authorId: string, ranges: DateRange[], turns: Turns) {
  for (const part of chunks(ranges, RANGE_CHUNK)) {
    const list = part.map((r) => ({ exercise_id: r.exerciseId, date_from: r.from, date_to: r.to }));
    const together = await contentsOnDates(tx, { authorId, ranges: JSON.stringify(list) });
    await turns.take();
    if (together.length <= READ_PAGE) {
      if (together.length > 0) yield together;
      continue;
    }
    for (const range of part) {
      let after = '';
      for (;;) {
        const page = await contentPage(tx, { authorId, ...range, after });
        await turns.take();
        if (page.length > 0) yield page;
        if (page.length < READ_PAGE) break;
        after = page[page.length - 1].slug;
      }
    }
  }
}

/** The titles (lowercased) of the routines the account's logs have: an import does not add one twice. */
const routineTitlesOf = defineRowsStatement<
  { authorId: string; logIds: string },
  { logId: string; title: string }
>(
  'import_routine_titles',
  (p) => sql`select log_id as "logId", lower(title) as title from routines
    where author_id = ${p.authorId} and log_id in (select jsonb_array_elements_text(${p.logIds}::jsonb)::uuid)`,
  z.object({ logId: z.string(), title: z.string() }).strict(),
);

export async function findRoutineTitles(tx: object, authorId: string, logIds: string[]) {
  const found: { logId: string; title: string }[] = [];
  for (const part of chunks(logIds, IN_CHUNK))
    for (const row of await routineTitlesOf(tx, { authorId, logIds: JSON.stringify(part) })) found.push(row);
  return found;
}

export type NewLog = typeof logs.$inferInsert;
export type NewRoutine = typeof routines.$inferInsert;
export type NewRoutineEntry = typeof routineEntries.$inferInsert;
export type NewWorkout = typeof workouts.$inferInsert;
export type NewExercise = typeof exercises.$inferInsert;
export type NewSession = typeof sessions.$inferInsert;

/**
 * The inserts of an import, one per table: a chunk of rows travels as one JSON array (the rows'
 * own camelCase keys) that PostgreSQL unpacks (jsonb_to_recordset), each row marked with its
 * import batch (import-batches.ts). A VALUES list of 15 parameters per row costs more than the
 * insert itself at tens of thousands of rows. A timestamp or notes a row leaves out gets the
 * column's default.
 */
type InsertChunk = { importId: string; rows: string };
const insertChunk = {
  logs: defineStatement<InsertChunk, undefined>(
    'import_insert_logs',
    (p) => sql`insert into logs (id, author_id, title, slug, created_at, updated_at, active_at, import_id)
      select r.id, r."authorId", r.title, r.slug, coalesce(r."createdAt", now()), coalesce(r."updatedAt", now()),
        coalesce(r."activeAt", now()), ${p.importId}::uuid
      from jsonb_to_recordset(${p.rows}::jsonb) as r(id uuid, "authorId" uuid, title text, slug text,
        "createdAt" timestamptz, "updatedAt" timestamptz, "activeAt" timestamptz)`,
  ),
  exercises: defineStatement<InsertChunk, undefined>(
    'import_insert_exercises',
    (
      p,
    ) => sql`insert into exercises (id, author_id, log_id, title, slug, kind, created_at, updated_at, active_at,
        import_id)
      select r.id, r."authorId", r."logId", r.title, r.slug, r.kind, coalesce(r."createdAt", now()),
        coalesce(r."updatedAt", now()), coalesce(r."activeAt", now()), ${p.importId}::uuid
      from jsonb_to_recordset(${p.rows}::jsonb) as r(id uuid, "authorId" uuid, "logId" uuid, title text,
        slug text, kind text, "createdAt" timestamptz, "updatedAt" timestamptz, "activeAt" timestamptz)`,
  ),
  routines: defineStatement<InsertChunk, undefined>(
    'import_insert_routines',
    (p) => sql`insert into routines (id, author_id, log_id, title, notes, created_at, updated_at, import_id)
      select r.id, r."authorId", r."logId", r.title, r.notes, coalesce(r."createdAt", now()),
        coalesce(r."updatedAt", now()), ${p.importId}::uuid
      from jsonb_to_recordset(${p.rows}::jsonb) as r(id uuid, "authorId" uuid, "logId" uuid, title text,
        notes text, "createdAt" timestamptz, "updatedAt" timestamptz)`,
  ),
  routineEntries: defineStatement<InsertChunk, undefined>(
    'import_insert_routine_entries',
    // Taken back with their routine (ON DELETE CASCADE): the batch is the routine's.
    (
      p,
    ) => sql`insert into routine_entries (routine_id, position, author_id, exercise_id, sets, reps_min, reps_max,
        rest_seconds, superset)
      select r."routineId", r.position, r."authorId", r."exerciseId", r.sets, r."repsMin", r."repsMax",
        r."restSeconds", r.superset
      from jsonb_to_recordset(${p.rows}::jsonb) as r("routineId" uuid, position int, "authorId" uuid,
        "exerciseId" uuid, sets int, "repsMin" int, "repsMax" int, "restSeconds" int, superset int)
      where ${p.importId}::uuid is not null`,
  ),
  workouts: defineStatement<InsertChunk, undefined>(
    'import_insert_workouts',
    (p) => sql`insert into workouts (id, author_id, log_id, title, created_date, started_at, ended_at, notes,
        routine_id, created_at, updated_at, import_id)
      select r.id, r."authorId", r."logId", r.title, r."createdDate", r."startedAt", r."endedAt", r.notes,
        r."routineId", coalesce(r."createdAt", now()), coalesce(r."updatedAt", now()), ${p.importId}::uuid
      from jsonb_to_recordset(${p.rows}::jsonb) as r(id uuid, "authorId" uuid, "logId" uuid, title text,
        "createdDate" date, "startedAt" timestamptz, "endedAt" timestamptz, notes text, "routineId" uuid,
        "createdAt" timestamptz, "updatedAt" timestamptz)`,
  ),
  sessions: defineStatement<InsertChunk, undefined>(
    'import_insert_sessions',
    (p) => sql`insert into sessions (id, author_id, exercise_id, kind, slug, created_date, notes, sets,
        total_volume, junk_volume, working_volume, hours, minutes, seconds, distance, pace_minutes,
        pace_seconds, speed, heaviest, e1rm, best_set_volume, exact_volume, total_volume_lb, junk_volume_lb,
        working_volume_lb, heaviest_lb, e1rm_lb, best_set_volume_lb, exact_volume_lb, created_at, updated_at, import_id,
        workout_id, workout_position, workout_superset)
      select r.id, r."authorId", r."exerciseId", r.kind, r.slug, r."createdDate", coalesce(r.notes, ''), r.sets,
        r."totalVolume", r."junkVolume", r."workingVolume", r.hours, r.minutes, r.seconds, r.distance,
        r."paceMinutes", r."paceSeconds", r.speed, r.heaviest, r.e1rm, r."bestSetVolume", r."exactVolume",
        r."totalVolumeLb", r."junkVolumeLb", r."workingVolumeLb", r."heaviestLb", r."e1rmLb", r."bestSetVolumeLb",
        r."exactVolumeLb", coalesce(r."createdAt", now()), coalesce(r."updatedAt", now()), ${p.importId}::uuid,
        r."workoutId", r."workoutPosition", r."workoutSuperset"
      from jsonb_to_recordset(${p.rows}::jsonb) as r(id uuid, "authorId" uuid, "exerciseId" uuid, kind text,
        slug text, "createdDate" date, notes text, sets jsonb, "totalVolume" float8, "junkVolume" float8,
        "workingVolume" float8, hours float8, minutes float8, seconds float8, distance float8,
        "paceMinutes" float8, "paceSeconds" float8, speed float8, heaviest float8, e1rm float8,
        "bestSetVolume" float8, "exactVolume" float8, "totalVolumeLb" float8, "junkVolumeLb" float8,
        "workingVolumeLb" float8, "heaviestLb" float8, "e1rmLb" float8, "bestSetVolumeLb" float8,
        "exactVolumeLb" float8, "createdAt" timestamptz, "updatedAt" timestamptz, "workoutId" uuid,
        "workoutPosition" int, "workoutSuperset" int)`,
  ),
};

/**
 * Inserts many rows into `table`, a chunk per statement (INSERT_CHUNK rows or INSERT_CHARS of
 * JSON), with a turn for other requests after each. `items` may make each row as it is read, so
 * a plan's derived values (a session's sets and volumes) are held a chunk at a time, not for the
 * whole file at once.
 */
async function insertMany(
  db: object,
  table: keyof typeof insertChunk,
  importId: string,
  items: Iterable<object>,
  turns: Turns,
): Promise<void> {
  let chunk: string[] = [];
  let chars = 0;
  const flush = async () => {
    const rows = `[${chunk.join(',')}]`;
    chunk = [];
    chars = 0;
    await insertChunk[table](db, { importId, rows });
    await turns.take();
  };
  for (const item of items) {
    const text = JSON.stringify(item);
    chunk.push(text);
    chars += text.length;
    if (chunk.length === INSERT_CHUNK || chars >= INSERT_CHARS) await flush();
  }
  if (chunk.length > 0) await flush();
}

/**
 * Parents before children, so the foreign keys hold. Sessions may come from a generator that
 * makes each row as it is written (import-diff.ts: a whole file's rows at once would not fit).
 */
export async function insertImported(
  db: Parameters<typeof forgetPlans>[0],
  importId: string,
  rows: {
    logs: NewLog[];
    exercises: NewExercise[];
    routines?: NewRoutine[];
    routineEntries?: NewRoutineEntry[];
    workouts?: NewWorkout[];
    sessions: Iterable<NewSession>;
  },
  turns: Turns,
): Promise<void> {
  // Each table's foreign-key checks are planned for its parents as they are now, not as they
  // were when the server first checked them (db/client.ts `forgetPlans`).
  for (const table of ['logs', 'exercises', 'routines', 'routineEntries', 'workouts', 'sessions'] as const) {
    const items = rows[table] ?? [];
    if (table !== 'sessions' && (items as unknown[]).length === 0) continue;
    await forgetPlans(db);
    await insertMany(db, table, importId, items, turns);
  }
  const workouts = rows.workouts ?? [];
  if (workouts.length === 0) return;
  await dropEmpty(db, { importId });
  // Each workout's JSON once, now that its sessions are all in (the sessions' insert trigger
  // leaves an open import's workouts be: db/functions/workouts-api-json-trigger-sessions.sql).
  // INSERT_CHUNK workouts a statement, a turn after each: a file of one-session workouts has
  // as many workouts as sessions.
  for (const part of chunks(workouts, INSERT_CHUNK)) {
    await buildWorkouts(db, { importId, ids: JSON.stringify(part.map((w) => w.id)) });
    await turns.take();
  }
}

/**
 * Has the import's workouts of `ids` build their JSON (workouts-api-json-trigger.sql); those
 * dropped are gone. Found by their ids alone: the import's id names its author's rows, and a
 * filter on the author let the planner scan all of the author's workouts for each statement (it
 * guesses a few dozen an author), 25 % more time for a file of 30,000 one-set workouts.
 */
const buildWorkouts = defineStatement<{ importId: string; ids: string }, undefined>(
  'import_build_workouts',
  (p) => sql`update workouts w set api_json = null
    where w.id = any(array(select value::uuid from jsonb_array_elements_text(${p.ids}::jsonb)))
      and w.import_id = ${p.importId}::uuid`,
);

/**
 * A workout of the file whose sessions were all already in the account (a file imported again)
 * received none: it goes, so a re-import creates no workout twice (docs/api.md §11).
 */
const dropEmpty = defineStatement<{ importId: string }, undefined>(
  'import_drop_empty_workouts',
  (p) => sql`delete from workouts w where w.import_id = ${p.importId}
    and not exists (select from sessions s where s.author_id = w.author_id and s.workout_id = w.id)`,
);

/**
 * Existing logs and exercises that received sessions move up their lists (docs/api.md §7
 * "active"): INSERT_CHUNK of them per statement, a turn for other requests after each. One
 * update each, in the import's final transaction, held PGlite (and every other request) for 30 s
 * when a later export added a day to each of 50,000 exercises.
 */
type Activity = { authorId: string; rows: string };
const setActive = {
  logs: defineStatement<Activity, undefined>(
    'import_logs_active_at',
    (p) => sql`update logs x set active_at = v.active_at
      from jsonb_to_recordset(${p.rows}::jsonb) as v(id uuid, active_at timestamptz)
      where x.author_id = ${p.authorId} and x.id = v.id`,
  ),
  exercises: defineStatement<Activity, undefined>(
    'import_exercises_active_at',
    (p) => sql`update exercises x set active_at = v.active_at
      from jsonb_to_recordset(${p.rows}::jsonb) as v(id uuid, active_at timestamptz)
      where x.author_id = ${p.authorId} and x.id = v.id`,
  ),
};

export async function setActiveAt(
  db: object,
  authorId: string,
  touched: { logs: { id: string; activeAt: string }[]; exercises: { id: string; activeAt: string }[] },
  turns: Turns,
): Promise<void> {
  for (const table of ['logs', 'exercises'] as const)
    for (const part of chunks(touched[table], INSERT_CHUNK)) {
      const rows = JSON.stringify(part.map((row) => ({ id: row.id, active_at: row.activeAt })));
      await setActive[table](db, { authorId, rows });
      await turns.take();
    }
}

// ---- Export of workouts and routines (docs/api.md §11) ----

/**
 * A log's workouts oldest first, a page at a time: workout_json's fields (db/functions/) without
 * the ids the file's nesting gives, with every digit of the stamps and entries naming sessions.
 * Pages follow on from the last workout read, as the sessions' do (sessions.repository.ts): an
 * offset would build every skipped workout's JSON again.
 */
const workoutsOfLog = defineRowsStatement<
  { authorId: string; logId: string; limit: number } & SessionsAfter,
  { workout: ExportWorkout }
>(
  'export_workouts_of_log',
  (
    p,
  ) => sql`select (workout_json(w, '', array(select s from sessions s where s.author_id = w.author_id and s.workout_id = w.id))::jsonb
        - 'author' - 'log')
      || jsonb_build_object('createdAt', ${sql.raw(isoExact('w.created_at'))}, 'updatedAt', ${sql.raw(isoExact('w.updated_at'))},
        'entries', (select coalesce(jsonb_agg(jsonb_build_object('session', s.id, 'superset', s.workout_superset)
          order by s.workout_position, s.id), '[]') from sessions s where s.author_id = w.author_id and s.workout_id = w.id)) as workout
    from workouts w where w.author_id = ${p.authorId} and w.log_id = ${p.logId}
      and (w.created_date, w.created_at, w.id) > (${p.date}::date, ${p.at}::timestamptz, ${p.id}::uuid)
    order by w.created_date, w.created_at, w.id limit ${p.limit}`,
  z.object({ workout: z.custom<ExportWorkout>((v) => typeof v === 'object' && v !== null) }).strict(),
);

/** A page of a log's workouts: the first without `after`, then each from the last of the one before. */
export async function pageWorkoutsOfLog(
  db: object,
  where: { authorId: string; logId: string; limit: number; after: SessionsAfter | null },
): Promise<ExportWorkout[]> {
  const { after, ...of } = where;
  return (await workoutsOfLog(db, { ...of, ...(after ?? FROM_THE_START) })).map((row) => row.workout);
}

/** A log's routines (at most 100) by title: entries name their exercise by slug. */
const routinesOfLog = defineRowsStatement<{ authorId: string; logId: string }, { routine: ExportRoutine }>(
  'export_routines_of_log',
  (p) => sql`select jsonb_build_object('_id', r.id, 'title', r.title, 'notes', r.notes,
      'createdAt', ${sql.raw(isoExact('r.created_at'))}, 'updatedAt', ${sql.raw(isoExact('r.updated_at'))},
      'entries', (select coalesce(jsonb_agg(jsonb_build_object('slugExercise', e.slug, 'sets', x.sets,
          'repsMin', x.reps_min, 'repsMax', x.reps_max, 'restSeconds', x.rest_seconds, 'superset', x.superset)
        order by x.position), '[]')
        from routine_entries x join exercises e on e.author_id = x.author_id and e.id = x.exercise_id
        where x.routine_id = r.id and x.author_id = r.author_id)) as routine
    from routines r where r.author_id = ${p.authorId} and r.log_id = ${p.logId}
    order by lower(r.title), r.id`,
  z.object({ routine: z.custom<ExportRoutine>((v) => typeof v === 'object' && v !== null) }).strict(),
);

export async function routinesOfLogForExport(
  db: object,
  authorId: string,
  logId: string,
): Promise<ExportRoutine[]> {
  return (await routinesOfLog(db, { authorId, logId })).map((row) => row.routine);
}
