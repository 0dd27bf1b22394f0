import { sql } from 'drizzle-orm';
import type { Exercise, SessionKind } from '../../../contract/exercises';
import { paceValue } from '../../../contract/metrics';
import type { PaPoint, Pasession, WlPoint, Wlsession } from '../../../contract/sessions';
import { isUniqueViolation } from '../../db/errors';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { notFound } from '../../lib/app-error';
import { touchExerciseOf } from '../exercises/activity';
import { exerciseOf, exerciseScope, scopeColumns, type ScopeRow } from '../exercises/exercise-scope';
import { sessionColumns, type SessionRow, type SessionValues, toSession } from './session-record';
import { DateSlugs } from './session-slugs';

// Every read and write of a session, both kinds, as one named statement each (db/statement.ts)
// that starts from the exercise named in the path (exercises/exercise-scope.ts). Rows come back in
// the table's column names and become the API's shape in session-record.ts only.

type Session = Wlsession | Pasession;
export interface Scope {
  authorId: string;
  slugLog: string;
  slugExercise: string;
}
type ScopedSession = ScopeRow & Partial<SessionRow>;

const newestFirst = sql.raw('created_date desc, created_at desc, id desc');
const ofExercise = sql.raw('x.author_id = e.author_id and x.exercise_id = e.id');

function sessionOf(row: Partial<SessionRow>): Session | null {
  return row.id ? toSession(row as SessionRow) : null;
}

// ---- Reads ----

/**
 * One row: the scope, the session count, and the page's sessions as one JSON array of rows
 * (`row_to_json` keeps the table's column names, so `toSession` reads them as it reads any row).
 * One JSON value parses in a fraction of the time the driver takes for twelve rows of 29 columns.
 */
const exercisePage = defineStatement<
  Scope & { limit: number; offset: number },
  ScopeRow & { total: number; sessions: SessionRow[] }
>(
  'exercise_page',
  (p) => sql`select ${scopeColumns}, t.total, coalesce(pg.sessions, '[]') as sessions
    from ${exerciseScope(p)}
    left join lateral (select count(*)::int as total from sessions x where ${ofExercise}) t on true
    left join lateral (
      select json_agg(s order by s.created_date desc, s.created_at desc, s.id desc) as sessions from (
        select ${sessionColumns} from sessions s where s.author_id = e.author_id and s.exercise_id = e.id
        order by ${newestFirst} limit ${p.limit} offset ${p.offset}
      ) s
    ) pg on true`,
);

const newestSession = defineStatement<{ authorId: string; exerciseId: string }, SessionRow | undefined>(
  'newest_session',
  (p) => sql`select ${sessionColumns} from sessions s
    where s.author_id = ${p.authorId} and s.exercise_id = ${p.exerciseId} order by ${newestFirst} limit 1`,
);

/**
 * The exercise page's parts (docs/api.md §7): the exercise, a page of its sessions newest first,
 * how many it has, and its newest session (page 1's first; read apart for later pages).
 */
export async function readExercisePage(
  db: object,
  scope: Scope,
  page: { limit: number; offset: number },
): Promise<{ exercise: Exercise; sessions: Session[]; total: number; latest: Session | null }> {
  const row = await exercisePage(db, { ...scope, ...page });
  const exercise = exerciseOf(row);
  const sessions = row.sessions.map((session) => toSession(session));
  let latest: Session | null = sessions[0] ?? null;
  if (page.offset > 0) {
    const newest = await newestSession(db, { authorId: scope.authorId, exerciseId: exercise._id });
    latest = newest ? toSession(newest) : null;
  }
  return { exercise, sessions, total: row.total, latest };
}

type PointRow = Pick<
  SessionRow,
  | 'kind'
  | 'created_date'
  | 'total_volume'
  | 'junk_volume'
  | 'working_volume'
  | 'pace_minutes'
  | 'pace_seconds'
  | 'speed'
>;

const progress = defineRowsStatement<Scope, ScopeRow & Partial<PointRow>>(
  'exercise_progress',
  (p) => sql`select ${scopeColumns}, s.kind, s.created_date, s.total_volume, s.junk_volume, s.working_volume,
      s.pace_minutes, s.pace_seconds, s.speed
    from ${exerciseScope(p)}
    left join lateral (
      select * from sessions x where ${ofExercise} order by created_date, created_at, id
    ) s on true
    order by s.created_date, s.created_at, s.id`,
);

/** Every session of the exercise, oldest first, as a chart point (docs/api.md §7). */
export async function readProgress(db: object, scope: Scope): Promise<(WlPoint | PaPoint)[]> {
  const rows = await progress(db, scope);
  exerciseOf(rows[0]);
  return rows
    .filter((row): row is ScopeRow & PointRow => row.kind != null)
    .map((row) =>
      row.kind === 'wlsession'
        ? {
            createdDate: row.created_date,
            totalVolume: row.total_volume as number,
            junkVolume: row.junk_volume as number,
            workingVolume: row.working_volume as number,
          }
        : {
            createdDate: row.created_date,
            pace: paceValue(row.pace_minutes as number, row.pace_seconds as number),
            speed: row.speed as number,
          },
    );
}

/** One session of the exercise named in the path, by its slug or by its id: one statement each. */
const sessionBy = {
  slug: defineStatement<Scope & { kind: SessionKind; key: string }, ScopedSession>(
    'session_by_slug',
    (p) => sql`select ${scopeColumns}, ${sessionColumns} from ${exerciseScope(p)}
      left join sessions s on s.author_id = e.author_id and s.exercise_id = e.id and s.kind = ${p.kind}
        and s.slug = ${p.key}`,
  ),
  id: defineStatement<Scope & { kind: SessionKind; key: string }, ScopedSession>(
    'session_by_id',
    (p) => sql`select ${scopeColumns}, ${sessionColumns} from ${exerciseScope(p)}
      left join sessions s on s.author_id = e.author_id and s.exercise_id = e.id and s.kind = ${p.kind}
        and s.id = ${p.key}`,
  ),
};

/** The exercise's session of this kind with this slug (or id), or null; 404 for a missing log or exercise. */
export async function findSession(
  db: object,
  by: keyof typeof sessionBy,
  where: Scope & { kind: SessionKind; key: string },
): Promise<Session | null> {
  const row = await sessionBy[by](db, where);
  exerciseOf(row);
  return sessionOf(row);
}

const sessionsOldestFirst = defineRowsStatement<
  { authorId: string; exerciseId: string; limit: number; offset: number },
  SessionRow
>(
  'sessions_oldest_first',
  (
    p,
  ) => sql`select ${sessionColumns} from sessions s where s.author_id = ${p.authorId} and s.exercise_id = ${p.exerciseId}
    order by s.created_date, s.created_at, s.id limit ${p.limit} offset ${p.offset}`,
);

/** A page of an exercise's sessions in the order they were logged (an export walks them so). */
export function pageSessionsOldestFirst(
  db: object,
  where: { authorId: string; exerciseId: string; limit: number; offset: number },
): Promise<SessionRow[]> {
  return sessionsOldestFirst(db, where);
}

// ---- Writes: the slug is chosen in TypeScript (session-slugs.ts) and tried; a clash picks again ----

const takenSlugs = defineRowsStatement<Scope & { date: string }, { date: string; slug: string }>(
  'taken_session_slugs',
  (p) => sql`select ${p.date}::text as date, x.slug from ${exerciseScope(p)}
    join sessions x on ${ofExercise} and (x.slug = ${p.date} or x.slug like ${p.date}::text || '-%')`,
);

/**
 * Runs `writeAs` with the date itself as the slug (a date's first session, the common case); when
 * the unique index refuses it, reads the slugs the date has and tries a free one. Writers racing
 * for one date would all read the same slugs and pick the same next one again: after the first
 * clash each picks at random among the first few free ones (more as the clashes go on), so they
 * spread out and nearly all win on the next try. Under such a race the later `-N` may be taken
 * before an earlier one, whose gap the other writers fill.
 */
/**
 * An insert whose slug was taken: its statement skips the row (ON CONFLICT DO NOTHING) rather
 * than failing, because on the pg driver the query after a failed prepared statement waits
 * ≈ 40 ms, which made racing writers on one date five times slower.
 */
const SLUG_TAKEN = Symbol('slug taken');

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
      if (attempt >= 20 || !(error === SLUG_TAKEN || isUniqueViolation(error))) throw error;
    }
    const free = new DateSlugs(await takenSlugs(db, { ...scope, date }));
    slug = free.take(date) as string;
    for (let skip = Math.floor(Math.random() * Math.min(attempt, 16)); skip > 0; skip -= 1)
      slug = free.take(date) as string;
  }
}

type WriteParams = Scope & { kind: SessionKind; id: string; slug: string; date: string } & Omit<
    SessionValues,
    'sets'
  > & { sets: string | null };

type WriteInput = { kind: SessionKind; id: string; date: string; values: SessionValues };

/** Runs an insert or update statement with a free slug; the sets travel as JSON text. */
function write(
  statement: (db: object, values: WriteParams) => Promise<ScopedSession>,
  db: object,
  scope: Scope,
  { kind, id, date, values }: WriteInput,
): Promise<ScopedSession> {
  const sets = values.sets && JSON.stringify(values.sets);
  return withFreeSlug(db, scope, date, (slug) =>
    statement(db, { ...scope, kind, id, slug, date, ...values, sets }),
  );
}

const valueColumns = sql.raw(
  'sets, total_volume, junk_volume, working_volume, hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed',
);

const insertSession = defineStatement<WriteParams, ScopedSession>(
  'insert_session',
  (p) => sql`with sc as (select ${scopeColumns} from ${exerciseScope(p)}),
    ins as (
      insert into sessions (id, author_id, exercise_id, kind, slug, created_date, ${valueColumns})
      select ${p.id}, sc.scope_author_id, sc.scope_id, sc.scope_kind, ${p.slug}, ${p.date}, ${p.sets}::jsonb,
        ${p.totalVolume}, ${p.junkVolume}, ${p.workingVolume}, ${p.hours}, ${p.minutes}, ${p.seconds},
        ${p.distance}, ${p.paceMinutes}, ${p.paceSeconds}, ${p.speed}
      from sc where sc.scope_kind = ${p.kind}
      on conflict (author_id, exercise_id, slug) do nothing
      returning *
    ),
    ${touchExerciseOf('ins')}
    select sc.*, ${sessionColumns} from sc left join ins s on true`,
);

/**
 * Creates a session in the exercise named in the path. 'wrong-kind' when the exercise records the
 * other kind. Its exercise and log become the most recently active, in the same statement.
 */
export async function createSession(
  db: object,
  scope: Scope,
  input: WriteInput,
): Promise<Session | { wrongKind: SessionKind }> {
  const row = await write(
    async (database, values) => {
      const inserted = await insertSession(database, values);
      // The exercise records this kind but no row was added: the slug was taken.
      if (inserted.scope_id !== null && inserted.scope_kind === values.kind && !inserted.id) throw SLUG_TAKEN;
      return inserted;
    },
    db,
    scope,
    input,
  );
  const exercise = exerciseOf(row);
  return sessionOf(row) ?? { wrongKind: exercise.session };
}

const updateSessionStatement = defineStatement<WriteParams, ScopedSession>(
  'update_session',
  // Only a new date moves the session to a new slug: SET reads the row's old values.
  (p) => sql`with sc as (select ${scopeColumns} from ${exerciseScope(p)}),
    upd as (
      update sessions x set slug = case when x.created_date = ${p.date}::date then x.slug else ${p.slug} end,
        created_date = ${p.date}, sets = ${p.sets}::jsonb, total_volume = ${p.totalVolume},
        junk_volume = ${p.junkVolume}, working_volume = ${p.workingVolume}, hours = ${p.hours},
        minutes = ${p.minutes}, seconds = ${p.seconds}, distance = ${p.distance},
        pace_minutes = ${p.paceMinutes}, pace_seconds = ${p.paceSeconds}, speed = ${p.speed}, updated_at = now()
      from sc where x.author_id = ${p.authorId} and x.exercise_id = sc.scope_id and x.kind = ${p.kind} and x.id = ${p.id}
      returning x.*
    ),
    ${touchExerciseOf('upd')}
    select sc.*, ${sessionColumns} from sc left join upd s on true`,
);

/** Replaces a session's values; null when the exercise has no session of this kind with this id. */
export async function updateSession(db: object, scope: Scope, input: WriteInput): Promise<Session | null> {
  const row = await write(updateSessionStatement, db, scope, input);

  exerciseOf(row);
  return sessionOf(row);
}

const deleteSessionStatement = defineStatement<
  Scope & { kind: SessionKind; slugSession: string },
  ScopeRow & { deleted: number }
>(
  'delete_session',
  (p) => sql`with sc as (select ${scopeColumns} from ${exerciseScope(p)}),
    gone as (
      delete from sessions x using sc where x.author_id = ${p.authorId} and x.exercise_id = sc.scope_id
        and x.kind = ${p.kind} and x.slug = ${p.slugSession}
      returning x.id
    )
    select sc.*, (select count(*)::int from gone) as deleted from sc`,
);

export async function deleteSession(
  db: object,
  where: Scope & { kind: SessionKind; slugSession: string },
): Promise<void> {
  const row = await deleteSessionStatement(db, where);
  exerciseOf(row);
  if (row.deleted === 0) throw notFound('Session');
}
