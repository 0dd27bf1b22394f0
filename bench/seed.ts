import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client';
import {
  EXERCISE_POSITION,
  EXERCISES,
  FIRST_DATE,
  HEAVY_EXERCISE,
  HEAVY_FIRST_DATE,
  HEAVY_SESSIONS,
  HEAVY_USER,
  LOGS,
  PACE_EXERCISES,
  ROUTINE_TARGETS,
  SESSIONS_PER_EXERCISE,
  SESSIONS_PER_USER,
  TRASH_PER_USER,
  WEIGHT_EXERCISES,
  WORKOUT_FIRST_SESSION,
} from './dataset';

/**
 * Bulk seeding in SQL (INSERT … SELECT generate_series), never through the HTTP API.
 * The schema comes from the app's own migrations (openDatabase runs them).
 * Derived numbers follow docs/api.md §5: set volume = round2(reps × kg) and the session volumes are
 * round2 of their sums. Weights are multiples of 2.5 kg and reps whole numbers, so every volume
 * is a multiple of 0.5 and exact in both numeric and double precision: the rounding cannot differ
 * from src/contract/metrics.ts.
 */

const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
const b64url = (bytes: string) => `translate(rtrim(encode(${bytes}, 'base64'), '='), '+/', '-_')`;

const logValues = LOGS.map((l, i) => `(${i}, ${q(l.title)}, ${q(l.slug)})`).join(', ');
const exerciseValues = EXERCISES.map(
  (e, i) => `(${i}, ${e.log}, ${q(e.title)}, ${q(e.slug)}, ${q(e.kind)}, ${EXERCISE_POSITION[i]})`,
).join(', ');
const N = SESSIONS_PER_EXERCISE;
/** The newest session's time (+ its exercise's minute): logs and exercises were last active then. */
const LAST_ACTIVE = `(date ${q(FIRST_DATE)} + ${3 * N} + time '18:00')::timestamp at time zone 'UTC'`;

function usersSql(from: number, to: number, passwordHash: string): string {
  return `insert into users (id, username, email, password_hash, created_at, updated_at)
select md5('bench:u:' || u)::uuid, 'bench' || u, 'bench-' || u || '@bench.test', ${q(passwordHash)},
  timestamptz '2022-01-01 12:00:00+00', timestamptz '2022-01-01 12:00:00+00'
from generate_series(${from}, ${to - 1}) u`;
}

function authSessionsSql(from: number, to: number, salt: string): string {
  const token = b64url(`sha256(convert_to(${q(`bench-token:${salt}:`)} || u, 'UTF8'))`);
  return `insert into auth_sessions (token_hash, user_id, expires_at)
select ${b64url(`sha256(convert_to(${token}, 'UTF8'))`)}, md5('bench:u:' || u)::uuid, now() + interval '30 days'
from generate_series(${from}, ${to - 1}) u`;
}

function logsSql(from: number, to: number): string {
  return `insert into logs (id, author_id, title, slug, created_at, updated_at, active_at)
select md5('bench:l:' || u || ':' || l.i)::uuid, md5('bench:u:' || u)::uuid, l.title, l.slug,
  timestamptz '2022-01-01 12:00:00+00', timestamptz '2022-01-01 12:00:00+00',
  ${LAST_ACTIVE} + make_interval(mins => l.i)
from generate_series(${from}, ${to - 1}) u cross join (values ${logValues}) as l(i, title, slug)`;
}

function exercisesSql(from: number, to: number): string {
  return `insert into exercises (id, author_id, log_id, title, slug, kind, created_at, updated_at, active_at)
select md5('bench:x:' || u || ':' || x.i)::uuid, md5('bench:u:' || u)::uuid,
  md5('bench:l:' || u || ':' || x.l)::uuid, x.title, x.slug, x.kind,
  timestamptz '2022-01-01 12:00:00+00', timestamptz '2022-01-01 12:00:00+00',
  ${LAST_ACTIVE} + make_interval(mins => x.i)
from generate_series(${from}, ${to - 1}) u cross join (values ${exerciseValues}) as x(i, l, title, slug, kind, p)`;
}

function routinesSql(from: number, to: number): string {
  return `insert into routines (id, author_id, log_id, title, created_at, updated_at)
select md5('bench:r:' || u || ':' || l.i)::uuid, md5('bench:u:' || u)::uuid, md5('bench:l:' || u || ':' || l.i)::uuid,
  l.title || ' A', timestamptz '2022-01-01 12:00:00+00', timestamptz '2022-01-01 12:00:00+00'
from generate_series(${from}, ${to - 1}) u cross join (values ${logValues}) as l(i, title, slug)`;
}

/** Each routine's entries: its log's exercises in order; sets and reps are null for pace (docs/api.md §11). */
function routineEntriesSql(from: number, to: number): string {
  const t = ROUTINE_TARGETS;
  const weight = (n: number) => `case when x.kind = 'wlsession' then ${n} end`;
  return `insert into routine_entries (routine_id, position, author_id, exercise_id, sets, reps_min, reps_max, rest_seconds)
select md5('bench:r:' || u || ':' || x.l)::uuid, x.p, md5('bench:u:' || u)::uuid, md5('bench:x:' || u || ':' || x.i)::uuid,
  ${weight(t.sets)}, ${weight(t.repsMin)}, ${weight(t.repsMax)}, ${t.restSeconds}
from generate_series(${from}, ${to - 1}) u cross join (values ${exerciseValues}) as x(i, l, title, slug, kind, p)`;
}

/**
 * A workout per log and day from session WORKOUT_FIRST_SESSION on (dataset.ts): an hour and a
 * quarter from its start to its end, saved at its end, from the log's routine.
 */
function workoutsSql(from: number, to: number): string {
  return `insert into workouts (id, author_id, log_id, title, created_date, started_at, ended_at, routine_id,
  created_at, updated_at)
select md5('bench:w:' || u || ':' || l.i || ':' || j)::uuid, md5('bench:u:' || u)::uuid,
  md5('bench:l:' || u || ':' || l.i)::uuid, l.title, dd.d, tt.start, tt.start + interval '75 minutes',
  md5('bench:r:' || u || ':' || l.i)::uuid, tt.start + interval '75 minutes', tt.start + interval '75 minutes'
from generate_series(${from}, ${to - 1}) u cross join (values ${logValues}) as l(i, title, slug)
cross join generate_series(${WORKOUT_FIRST_SESSION}, ${N - 1}) j
cross join lateral (select date ${q(FIRST_DATE)} + (3 * j + l.i) as d) dd
cross join lateral (select (dd.d + time '17:00')::timestamp at time zone 'UTC' as start) tt`;
}

/** Each account's trash: TRASH_PER_USER deleted sessions of Bench Press, one every other day. */
function trashSql(from: number, to: number): string {
  return `insert into trash (author_id, id, kind, title, deleted_at, needs, exercises, sessions, rows)
select md5('bench:u:' || u)::uuid, md5('bench:t:' || u || ':' || i)::uuid, 'wlsession',
  'Bench Press, ' || to_char(date ${q(FIRST_DATE)} - i, 'YYYY-MM-DD'), now() - make_interval(days => 2 * i),
  '{}'::uuid[], 0, 0, '{"sessions": []}'::jsonb
from generate_series(${from}, ${to - 1}) u cross join generate_series(1, ${TRASH_PER_USER}) i`;
}

/** Which exercises of an account get sessions, how many each, and the day of session j of exercise x. */
interface History {
  exercises: number[];
  sessions: number;
  /** SQL: the date of session j of exercise x (its log is xl.l). */
  day: string;
  /** Sessions j ≥ WORKOUT_FIRST_SESSION belong to their log's workout of the day. */
  workouts: boolean;
}
/** Every seeded account's (see dataset.ts sessionDate): a log's exercises share their days. */
const REGULAR_WEIGHT: History = {
  exercises: WEIGHT_EXERCISES,
  sessions: N,
  day: `date ${q(FIRST_DATE)} + (3 * j + xl.l)`,
  workouts: true,
};
const REGULAR_PACE: History = { ...REGULAR_WEIGHT, exercises: PACE_EXERCISES };
/** The heavy account's one exercise: a session a day (dataset.ts HEAVY_SESSIONS). */
const HEAVY: History = {
  exercises: [HEAVY_EXERCISE],
  sessions: HEAVY_SESSIONS,
  day: `date ${q(HEAVY_FIRST_DATE)} + j`,
  workouts: false,
};

/** The exercises, and the dated slug, the times and the workout of each session j of exercise x. */
const sessionColumns = (h: History) => `cross join unnest(array[${h.exercises.join(', ')}]) x
cross join generate_series(0, ${h.sessions - 1}) j
cross join lateral (select (array[${EXERCISES.map((e) => e.log).join(', ')}])[x + 1] as l,
  (array[${EXERCISE_POSITION.join(', ')}])[x + 1] as p) xl
cross join lateral (select ${h.day} as d) dd
cross join lateral (select case when ${h.workouts} and j >= ${WORKOUT_FIRST_SESSION}
  then md5('bench:w:' || u || ':' || xl.l || ':' || j)::uuid end as id) ww
cross join lateral (select (dd.d + time '18:00' + make_interval(mins => x))::timestamp at time zone 'UTC' as ts) tt`;

function wlsessionsSql(from: number, to: number, history = REGULAR_WEIGHT): string {
  // 3–8 sets per session (a deterministic hash of u, x, j); the lateral subquery refers to the
  // outer row, so it is evaluated once per session.
  // Every set is a normal set without RPE (docs/api.md §11), as the app stores one, so every set
  // counts for the records.
  // The best set figures follow contract/metrics.ts setBests (migrations 0008, 0010): ≥ 1 rep, > 0 kg;
  // weights are multiples of 2.5 kg, so the exact volume is the unrounded sum. The pound figures
  // follow sessionValues (features/sessions/session-record.ts): each set's kilograms ÷ 0.45359237
  // rounded to 2 (the sets are entered in kilograms), volumes summed then rounded to 2.
  return `insert into sessions (id, author_id, exercise_id, kind, slug, created_date, sets,
  total_volume, junk_volume, working_volume, heaviest, e1rm, best_set_volume, exact_volume,
  total_volume_lb, junk_volume_lb, working_volume_lb, heaviest_lb, e1rm_lb, best_set_volume_lb, exact_volume_lb,
  created_at, updated_at, workout_id, workout_position)
select gen_random_uuid(), md5('bench:u:' || u)::uuid, md5('bench:x:' || u || ':' || x)::uuid, 'wlsession',
  to_char(dd.d, 'YYYY-MM-DD'), dd.d, agg.sets, agg.total, agg.junk, agg.working, agg.heaviest, agg.e1rm,
  agg.best_set_volume, agg.exact_volume, agg.total_lb, agg.junk_lb, agg.working_lb, agg.heaviest_lb,
  agg.e1rm_lb, agg.best_set_volume_lb, agg.exact_volume_lb, tt.ts, tt.ts, ww.id, case when ww.id is not null then xl.p end
from generate_series(${from}, ${to - 1}) u
${sessionColumns(history)}
cross join lateral (
  select jsonb_agg(jsonb_build_object('_id', gen_random_uuid()::text, 'repetitions', s.reps,
      'kilograms', s.kg::float8, 'pounds', null, 'isHard', s.hard, 'volume', s.vol::float8,
      'type', 'normal', 'rpe', null) order by s.k) as sets,
    coalesce(max(s.kg) filter (where s.reps >= 1 and s.kg > 0), 0)::float8 as heaviest,
    coalesce(max(case when s.reps = 1 then s.kg else s.kg * (1 + s.reps / 30.0) end)
      filter (where s.reps >= 1 and s.kg > 0), 0)::float8 as e1rm,
    coalesce(max(s.reps * s.kg) filter (where s.reps >= 1 and s.kg > 0), 0)::float8 as best_set_volume,
    sum(s.reps * s.kg)::float8 as exact_volume,
    round(sum(s.vol), 2)::float8 as total,
    round(coalesce(sum(s.vol) filter (where not s.hard), 0), 2)::float8 as junk,
    round(coalesce(sum(s.vol) filter (where s.hard), 0), 2)::float8 as working,
    coalesce(max(s.lb) filter (where s.reps >= 1 and s.kg > 0), 0)::float8 as heaviest_lb,
    coalesce(max(case when s.reps = 1 then s.lb else s.lb * (1 + s.reps / 30.0) end)
      filter (where s.reps >= 1 and s.kg > 0), 0)::float8 as e1rm_lb,
    coalesce(max(s.reps * s.lb) filter (where s.reps >= 1 and s.kg > 0), 0)::float8 as best_set_volume_lb,
    sum(s.reps * s.lb)::float8 as exact_volume_lb,
    round(sum(s.reps * s.lb), 2)::float8 as total_lb,
    round(coalesce(sum(s.reps * s.lb) filter (where not s.hard), 0), 2)::float8 as junk_lb,
    round(coalesce(sum(s.reps * s.lb) filter (where s.hard), 0), 2)::float8 as working_lb
  from (
    select k, r.reps, r.kg, r.hard, round(r.reps * r.kg, 2) as vol, round(r.kg / 0.45359237, 2) as lb
    from generate_series(1, 3 + (u * 7 + x * 13 + j * 5) % 6) k
    cross join lateral (
      select (3 + floor(random() * 10))::int as reps,
        (20 + 2.5 * floor(random() * 40 + k * 0))::numeric as kg,
        random() < 0.6 as hard
    ) r
  ) s
) agg`;
}

function pasessionsSql(from: number, to: number): string {
  // Pace figures per docs/api.md §5, in numeric: pace = minutes / km, seconds rounded half up and
  // carried into the minutes at 60, speed = round3(km / minutes).
  return `insert into sessions (id, author_id, exercise_id, kind, slug, created_date, hours, minutes, seconds,
  distance, pace_minutes, pace_seconds, speed, created_at, updated_at, workout_id, workout_position)
select gen_random_uuid(), md5('bench:u:' || u)::uuid, md5('bench:x:' || u || ':' || x)::uuid, 'pasession',
  to_char(dd.d, 'YYYY-MM-DD'), dd.d, 0, v.mins, v.secs, v.km,
  p.pm + (case when p.ps >= 60 then 1 else 0 end), (case when p.ps >= 60 then p.ps - 60 else p.ps end),
  round(v.km / v.total, 3)::float8, tt.ts, tt.ts, ww.id, case when ww.id is not null then xl.p end
from generate_series(${from}, ${to - 1}) u
${sessionColumns(REGULAR_PACE)}
cross join lateral (
  select m::float8 as mins, s::float8 as secs, km, m + s / 60.0 as total
  from (select (20 + floor(random() * 40 + j * 0))::numeric as m, floor(random() * 60)::numeric as s,
    round((3 + random() * 9)::numeric, 2) as km) r
) v
cross join lateral (select floor(v.total / v.km) as pm) f
cross join lateral (select f.pm::float8 as pm, round((v.total / v.km - f.pm) * 60)::float8 as ps) p`;
}

export interface SeedTarget {
  engine: 'postgres' | 'pglite';
  databaseUrl?: string;
  dataDir?: string;
}

/** Drops and recreates the bench database through the `postgres` maintenance database. */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unexpected bench database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export async function openTarget(target: SeedTarget): Promise<Database> {
  return openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? ':memory:' });
}

export interface SeedProgress {
  users: number;
  sessions: number;
  seconds: number;
}

/**
 * Seeds users [from, to): each with its logs, exercises, sessions and one sign-in session whose
 * cookie is dataset.ts sessionToken(salt, u). Chunks of users run `concurrency` at a time.
 */
export async function seedUsers(
  database: Database,
  range: { from: number; to: number },
  passwordHash: string,
  salt: string,
  concurrency: number,
): Promise<SeedProgress> {
  const started = performance.now();
  const run = (text: string) => database.db.execute(sql.raw(text));
  const chunk = 500;
  const chunks: Array<[number, number]> = [];
  for (let a = range.from; a < range.to; a += chunk) chunks.push([a, Math.min(range.to, a + chunk)]);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const [a, b] = chunks[next++];
      await run(usersSql(a, b, passwordHash));
      await run(authSessionsSql(a, b, salt));
      await run(logsSql(a, b));
      await run(exercisesSql(a, b));
      await run(routinesSql(a, b));
      await run(routineEntriesSql(a, b));
      await run(workoutsSql(a, b));
      await run(wlsessionsSql(a, b));
      await run(pasessionsSql(a, b));
      await run(trashSql(a, b));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  // Fresh bulk rows have no visibility map or statistics yet; autovacuum would fix both within
  // minutes on a real database, so do it now rather than measure a state no one runs in.
  await run('vacuum analyze');
  const users = range.to - range.from;
  return { users, sessions: users * SESSIONS_PER_USER, seconds: (performance.now() - started) / 1000 };
}

/**
 * The heavy account (dataset.ts HEAVY_USER): its user, sign-in session, logs and exercises as
 * every account's, and HEAVY_SESSIONS weight sessions in its one heavy exercise.
 */
export async function seedHeavyAccount(
  database: Database,
  passwordHash: string,
  salt: string,
): Promise<number> {
  const started = performance.now();
  const run = (text: string) => database.db.execute(sql.raw(text));
  const [a, b] = [HEAVY_USER, HEAVY_USER + 1];
  await run(usersSql(a, b, passwordHash));
  await run(authSessionsSql(a, b, salt));
  await run(logsSql(a, b));
  await run(exercisesSql(a, b));
  await run(wlsessionsSql(a, b, HEAVY));
  await run('vacuum analyze');
  return (performance.now() - started) / 1000;
}
