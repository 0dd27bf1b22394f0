import { type Placeholder, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionKind } from '../../../contract/exercises';
import type { ExportPasession, ExportWlsession } from '../../../contract/data';
import { isUniqueViolation } from '../../db/errors';
import { isoExact, isoMs } from '../../db/json-sql';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { notFound } from '../../lib/app-error';
import { exerciseOf, userLogExerciseRow, type UserLogExerciseRow } from '../exercises/exercise-scope';
import type { KeyParams } from '../users/idempotency-keys';
import type { SessionValues } from './session-record';
import { recordsSetBy } from './session-records';
import { DateSlugs, SLUG_ATTEMPTS, skipOnAttempt } from './session-slugs';

// Every read and write of a session, both kinds, as one named statement each (db/statement.ts)
// that starts from the signed-in user and the exercise named in the path: `user_log_exercise`
// (db/functions/user-log-exercise.sql), its row read by exercises/exercise-scope.ts. A session's
// JSON is the `api_json` PostgreSQL stored with it (db/functions/session-api-json.sql, decision 0014).

export interface Scope {
  tokenHash: string;
  slugLog: string;
  slugExercise: string;
}
type Answer = UserLogExerciseRow & { json: string | null };
type ExportedSession = ExportWlsession | ExportPasession;
const answerRow = userLogExerciseRow.extend({ json: z.string().nullable() }).strict();
const newestFirst = sql.raw('created_date desc, created_at desc, id desc');
/**
 * An exercise page's item: the exercise `e` of exercise_page's statement (its fields as
 * db/functions/exercise-json.sql writes them) with one of its sessions `s` under its kind's key
 * (docs/api.md §7). The page repeats the exercise in every item, so its timestamps are formatted
 * once (`stamps`).
 */
const aggregateItem = (
  slugLog: Placeholder<'slugLog'>,
) => sql`json_build_object('_id', e.id, 'title', e.title,
  'slugExercise', e.slug, 'author', e.author_id, 'session', e.kind, 'log', e.log_id, 'slugLog', ${slugLog}::text,
  'createdAt', stamps.created_at, 'updatedAt', stamps.updated_at,
  case when e.kind = 'wlsession' then 'wlsessions' else 'pasessions' end, s.api_json)`;

// ---- Reads ----

/**
 * The exercise page (docs/api.md §7) as one JSON text: the exercise, a page of its sessions newest
 * first, its newest session (whichever the page) and the pagination.
 * Only the aggregates of the exercise's own kind have items.
 */
const exercisePage = defineStatement<
  Scope & { page: number; limit: number; offset: number },
  UserLogExerciseRow & { body: string | null }
>(
  'exercise_page',
  (p) => sql`select scope.*, case when e.id is not null then json_build_object(
      'exercise', exercise_json(e, ${p.slugLog}),
      'exerciseAggregate', case when e.kind = 'wlsession' then pg.items else '[]' end,
      'exerciseAggregatePa', case when e.kind = 'pasession' then pg.items else '[]' end,
      'latestWlsession', case when e.kind = 'wlsession' then coalesce(newest.items, '[]') else '[]' end,
      'latestPasession', case when e.kind = 'pasession' then coalesce(newest.items, '[]') else '[]' end,
      -- pagination_json's object (db/functions/pagination-json.sql), with the page count named
      -- once per session kind.
      'pagination', json_build_object('totalWlPages', (t.total + ${p.limit}::int - 1) / ${p.limit}::int,
        'totalPaPages', (t.total + ${p.limit}::int - 1) / ${p.limit}::int,
        'page', ${p.page}::bigint, 'limit', ${p.limit}::int, 'total', t.total)
    )::text end as body
    from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise}) scope
    left join exercises e on e.id = scope.exercise_id
    left join lateral (
      select count(*)::int as total from sessions x where x.author_id = scope.author_id and x.exercise_id = scope.exercise_id
    ) t on true
    cross join lateral (
      select ${sql.raw(isoMs('e.created_at'))} as created_at, ${sql.raw(isoMs('e.updated_at'))} as updated_at
    ) stamps
    left join lateral (
      select coalesce(json_agg(${aggregateItem(p.slugLog)} order by s.created_date desc, s.created_at desc, s.id desc), '[]') as items
      from (
        select * from sessions x where x.author_id = scope.author_id and x.exercise_id = scope.exercise_id
        order by ${newestFirst} limit ${p.limit} offset ${p.offset}
      ) s
    ) pg on true
    left join lateral (
      select json_build_array(${aggregateItem(p.slugLog)}) as items from sessions s
      where s.author_id = scope.author_id and s.exercise_id = scope.exercise_id order by ${newestFirst} limit 1
    ) newest on true
`,
  userLogExerciseRow.extend({ body: z.string().nullable() }).strict(),
);

/** The exercise page's JSON; 401 or 404 when the user, the log or the exercise is missing. */
export async function readExercisePage(
  db: object,
  scope: Scope,
  page: { page: number; limit: number; offset: number },
): Promise<string> {
  const row = await exercisePage(db, { ...scope, ...page });
  exerciseOf(row);
  return row.body as string;
}

/**
 * One session of the exercise named in the path, by its slug (the detail page's answer, in its
 * kind's envelope) or by its id (the edit form's answer): one statement each.
 */
const sessionBy = {
  slug: defineStatement<Scope & { kind: SessionKind; key: string }, Answer>(
    'session_by_slug',
    (p) => sql`select scope.*, case when s.id is not null
        then json_build_object(${p.kind}::text, s.api_json::jsonb || jsonb_build_object('records', ${recordsSetBy('s')}))::text end as json
      from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise}) scope
      left join sessions s on s.author_id = scope.author_id and s.exercise_id = scope.exercise_id
        and s.kind = ${p.kind} and s.slug = ${p.key}`,
    answerRow,
  ),
  id: defineStatement<Scope & { kind: SessionKind; key: string }, Answer>(
    'session_by_id',
    (p) => sql`select scope.*, s.api_json::text as json
      from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise}) scope
      left join sessions s on s.author_id = scope.author_id and s.exercise_id = scope.exercise_id
        and s.kind = ${p.kind} and s.id = ${p.key}`,
    answerRow,
  ),
};

/** The JSON of the exercise's session of this kind with this slug (or id), or null; 401/404 for a missing user, log or exercise. */
export async function findSession(
  db: object,
  by: keyof typeof sessionBy,
  where: Scope & { kind: SessionKind; key: string },
): Promise<string | null> {
  const row = await sessionBy[by](db, where);
  exerciseOf(row);
  return row.json;
}

/** An exported session and the workout it belongs to (id and title; null when none), for the CSV's columns. */
type ExportedRow = { session: ExportedSession; workout_id: string | null; workout_title: string | null };

/** Where a page of an export starts: just after this session or workout (its date, creation time and id). */
export interface SessionsAfter {
  date: string;
  at: string;
  id: string;
}

/** Before every session (or workout): the first page's start. */
export const FROM_THE_START: SessionsAfter = {
  date: '-infinity',
  at: '-infinity',
  id: '00000000-0000-0000-0000-000000000000',
};

const sessionsOldestFirst = defineRowsStatement<
  { authorId: string; exerciseId: string; limit: number } & SessionsAfter,
  ExportedRow
>(
  'sessions_oldest_first',
  // Its API JSON with every stored digit of its timestamps, without the ids the file's nesting
  // already gives (author, exercise), and without the pound volumes, which an import derives again
  // from the sets: docs/api.md §8. Its `workout` id stays, as on every session (docs/api.md §11;
  // the log's `workouts` list their sessions too); the CSV writes its id and title in columns.
  // Pages follow on from the last session read (the index's order), not by an offset, which built
  // every skipped session's JSON again: an exercise of 20,000 sessions took over 10 s to export.
  (p) => sql`select (s.api_json::jsonb - 'author' - 'exercise' - 'inPounds')
      || jsonb_build_object('createdAt', ${sql.raw(isoExact('s.created_at'))}, 'updatedAt', ${sql.raw(isoExact('s.updated_at'))}) as session,
      w.id as workout_id, w.title as workout_title
    from sessions s left join workouts w on w.author_id = s.author_id and w.id = s.workout_id
    where s.author_id = ${p.authorId} and s.exercise_id = ${p.exerciseId}
      and (s.created_date, s.created_at, s.id) > (${p.date}::date, ${p.at}::timestamptz, ${p.id}::uuid)
    order by s.created_date, s.created_at, s.id limit ${p.limit}`,
  z
    .object({
      session: z.custom<ExportedSession>((v) => typeof v === 'object' && v !== null),
      workout_id: z.string().nullable(),
      workout_title: z.string().nullable(),
    })
    .strict(),
);

/**
 * A page of an exercise's sessions in the order they were logged, as an export writes them, each
 * with its workout: the first page without `after`, then each from the last session of the one before.
 */
export async function pageSessionsOldestFirst(
  db: object,
  where: { authorId: string; exerciseId: string; limit: number; after: SessionsAfter | null },
): Promise<{ session: ExportedSession; workout: { id: string; title: string } | null }[]> {
  const { after, ...of } = where;
  return (await sessionsOldestFirst(db, { ...of, ...(after ?? FROM_THE_START) })).map((row) => ({
    session: row.session,
    workout: row.workout_id === null ? null : { id: row.workout_id, title: row.workout_title as string },
  }));
}

// ---- Writes: the slug is chosen in TypeScript (session-slugs.ts) and tried; a clash picks again ----

const takenSlugs = defineRowsStatement<Scope & { date: string }, { date: string; slug: string }>(
  'taken_session_slugs',
  (p) => sql`select ${p.date}::text as date, x.slug
    from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise}) scope
    join sessions x on x.author_id = scope.author_id and x.exercise_id = scope.exercise_id
      and (x.slug = ${p.date} or x.slug like ${p.date}::text || '-%')`,
  z.object({ date: z.string(), slug: z.string() }).strict(),
);

/**
 * An insert whose slug was taken: its statement skips the row (ON CONFLICT DO NOTHING) rather
 * than failing, because on the pg driver the query after a failed prepared statement waits
 * ≈ 40 ms, which made racing writers on one date five times slower.
 */
const SLUG_TAKEN = Symbol('slug taken');

/**
 * Runs `writeAs` with the date itself as the slug (a date's first session, the common case); when
 * the unique index refuses it, reads the slugs the date has and tries a free one, spread out
 * among racing writers as session-slugs.ts `skipOnAttempt` says.
 */
async function withFreeSlug<T>(
  db: object,
  scope: Scope,
  date: string,
  writeAs: (slug: string) => Promise<T>,
) {
  let slug = date;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeAs(slug);
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !(error === SLUG_TAKEN || isUniqueViolation(error))) throw error;
    }
    const free = new DateSlugs(await takenSlugs(db, { ...scope, date }));
    slug = free.take(date) as string;
    for (let skip = skipOnAttempt(attempt + 1); skip > 0; skip -= 1) slug = free.take(date) as string;
  }
}

type WriteParams = Scope & { kind: SessionKind; id: string; slug: string; date: string } & Omit<
    SessionValues,
    'sets'
  > & { sets: string | null } & Partial<KeyParams>;

type WriteInput = { kind: SessionKind; id: string; date: string; values: SessionValues };

/** Runs an insert or update statement with a free slug; the sets travel as JSON text. */
function write(
  statement: (db: object, values: WriteParams) => Promise<Answer>,
  db: object,
  scope: Scope & Partial<KeyParams>,
  { kind, id, date, values }: WriteInput,
): Promise<Answer> {
  const sets = values.sets && JSON.stringify(values.sets);
  return withFreeSlug(db, scope, date, (slug) =>
    statement(db, { ...scope, kind, id, slug, date, ...values, sets }),
  );
}

const valueColumns = sql.raw(
  'notes, sets, total_volume, junk_volume, working_volume, hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed, heaviest, e1rm, best_set_volume, exact_volume, total_volume_lb, junk_volume_lb, working_volume_lb, heaviest_lb, e1rm_lb, best_set_volume_lb, exact_volume_lb',
);

const insertSession = defineStatement<WriteParams & KeyParams, Answer>(
  'insert_session',
  (p) => sql`with scope as (select * from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise})),
    ins as (
      insert into sessions (id, author_id, exercise_id, kind, slug, created_date, ${valueColumns})
      select ${p.id}, scope.author_id, scope.exercise_id, scope.exercise_kind, ${p.slug}, ${p.date}, ${p.notes}, ${p.sets}::jsonb,
        ${p.totalVolume}, ${p.junkVolume}, ${p.workingVolume}, ${p.hours}, ${p.minutes}, ${p.seconds},
        ${p.distance}, ${p.paceMinutes}, ${p.paceSeconds}, ${p.speed}, ${p.heaviest}, ${p.e1rm}, ${p.bestSetVolume},
        ${p.exactVolume}, ${p.totalVolumeLb}, ${p.junkVolumeLb}, ${p.workingVolumeLb}, ${p.heaviestLb},
        ${p.e1rmLb}, ${p.bestSetVolumeLb}, ${p.exactVolumeLb}
      from scope where scope.exercise_kind = ${p.kind}
      on conflict (author_id, exercise_id, slug) do nothing
      returning *
    ),
    -- The exercise, then its log, move to the top of their lists (docs/api.md §7 "active"), locked
    -- in that order, the order every write takes: two writes taking them the other way round could deadlock.
    touch_exercise as (
      update exercises x set active_at = now() from ins src
      where x.author_id = src.author_id and x.id = src.exercise_id returning x.author_id, x.log_id),
    touch_log as (
      update logs x set active_at = now() from touch_exercise src where x.author_id = src.author_id and x.id = src.log_id),
    -- The answer kept under the request's Idempotency-Key, if it has one (decision 0016).
    remembered as (
      insert into idempotency_keys (user_id, route, key, request_hash, status, body)
      select s.author_id, ${p.keyRoute}, ${p.keyValue}, ${p.keyHash}, 201, (s.api_json)::text
      from ins s where ${p.keyValue}::text is not null
    )
    select scope.*, s.api_json::text as json from scope left join ins s on true`,
  answerRow,
);

/**
 * Creates a session in the exercise named in the path. 'wrong-kind' when the exercise records the
 * other kind. Its exercise and log become the most recently active, and its answer is kept under
 * the request's Idempotency-Key, in the same statement.
 */
export async function createSession(
  db: object,
  scope: Scope,
  input: WriteInput,
  key: KeyParams,
): Promise<string | { wrongKind: SessionKind }> {
  const row = await write(
    async (database, values) => {
      const inserted = await insertSession(database, { ...values, ...key });
      // The exercise records this kind but no row was added: the slug was taken.
      if (inserted.exercise_id !== null && inserted.exercise_kind === values.kind && !inserted.json)
        throw SLUG_TAKEN;
      return inserted;
    },
    db,
    scope,
    input,
  );
  const exercise = exerciseOf(row);
  return row.json ?? { wrongKind: exercise.kind };
}

/**
 * A new date takes a session out of its workout (docs/api.md §11); a workout left without
 * sessions is deleted by the trigger of db/functions/workouts-emptied.sql.
 */
const leavesWorkoutOnNewDate = (date: unknown) =>
  sql`workout_id = case when x.created_date = ${date}::date then x.workout_id end,
        workout_position = case when x.created_date = ${date}::date then x.workout_position end,
        workout_superset = case when x.created_date = ${date}::date then x.workout_superset end`;

const updateSessionStatement = defineStatement<WriteParams, Answer>(
  'update_session',
  // Only a new date moves the session to a new slug: SET reads the row's old values.
  (p) => sql`with scope as (select * from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise})),
    upd as (
      update sessions x set slug = case when x.created_date = ${p.date}::date then x.slug else ${p.slug} end,
        created_date = ${p.date}, notes = ${p.notes}, sets = ${p.sets}::jsonb, total_volume = ${p.totalVolume},
        junk_volume = ${p.junkVolume}, working_volume = ${p.workingVolume}, hours = ${p.hours},
        minutes = ${p.minutes}, seconds = ${p.seconds}, distance = ${p.distance},
        pace_minutes = ${p.paceMinutes}, pace_seconds = ${p.paceSeconds}, speed = ${p.speed},
        heaviest = ${p.heaviest}, e1rm = ${p.e1rm}, best_set_volume = ${p.bestSetVolume},
        exact_volume = ${p.exactVolume}, total_volume_lb = ${p.totalVolumeLb},
        junk_volume_lb = ${p.junkVolumeLb}, working_volume_lb = ${p.workingVolumeLb}, heaviest_lb = ${p.heaviestLb},
        e1rm_lb = ${p.e1rmLb}, best_set_volume_lb = ${p.bestSetVolumeLb}, exact_volume_lb = ${p.exactVolumeLb},
        ${leavesWorkoutOnNewDate(p.date)},
        updated_at = now()
      from scope where x.author_id = scope.author_id and x.exercise_id = scope.exercise_id and x.kind = ${p.kind}
        and x.id = ${p.id}
      returning x.*
    ),
    -- The exercise, then its log, move to the top of their lists (docs/api.md §7 "active"), locked
    -- in that order, the order every write takes: two writes taking them the other way round could deadlock.
    touch_exercise as (
      update exercises x set active_at = now() from upd src
      where x.author_id = src.author_id and x.id = src.exercise_id returning x.author_id, x.log_id),
    touch_log as (
      update logs x set active_at = now() from touch_exercise src where x.author_id = src.author_id and x.id = src.log_id)
    select scope.*, s.api_json::text as json from scope left join upd s on true`,
  answerRow,
);

/** Replaces a session's values; null when the exercise has no session of this kind with this id. */
export async function updateSession(db: object, scope: Scope, input: WriteInput): Promise<string | null> {
  const row = await write(updateSessionStatement, db, scope, input);

  exerciseOf(row);
  return row.json;
}

const deleteSessionStatement = defineStatement<
  Scope & { kind: SessionKind; slugSession: string },
  UserLogExerciseRow & { deleted: number }
>(
  'delete_session',
  (p) => sql`with scope as (select * from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise})),
    target as (
      select x.* from sessions x, scope where x.author_id = scope.author_id and x.exercise_id = scope.exercise_id
        and x.kind = ${p.kind} and x.slug = ${p.slugSession}
    ),
    -- It goes to the trash, with its workout when it was the last (db/functions/trash-of.sql, decision 0034).
    binned as (insert into trash select b.* from target t cross join lateral trash_of_session(t::sessions) b on conflict do nothing),
    binned_sessions as (
      insert into trash_sessions select t.author_id, t.id, t.id, to_jsonb(t::sessions) - 'api_json'
      from target t on conflict do nothing
    ),
    gone as (delete from sessions x using target t where x.author_id = t.author_id and x.id = t.id returning x.id)
    select scope.*, (select count(*)::int from gone) as deleted from scope`,
  userLogExerciseRow.extend({ deleted: z.number() }).strict(),
);

export async function deleteSession(
  db: object,
  where: Scope & { kind: SessionKind; slugSession: string },
): Promise<void> {
  const row = await deleteSessionStatement(db, where);
  exerciseOf(row);
  if (row.deleted === 0) throw notFound('Session');
}
