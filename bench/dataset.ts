import { createHash } from 'node:crypto';
import { hashToken } from '../src/server/lib/tokens';

/**
 * The shape of every seeded account, shared by the SQL that seeds it (seed.ts) and the load
 * generator that addresses it: ids, slugs, dates and session tokens are all derived from the
 * user's index, so nothing has to be read back from the database.
 *
 * Each user has 3 logs and 8 exercises (6 weight, 2 pace) with SESSIONS_PER_EXERCISE sessions
 * each: 120 sessions per account. A scale of N sessions is N / 120 accounts of the same shape,
 * so pages cost the same per request at every scale unless something scans the whole table.
 *
 * Gym mode (docs/api.md §11): a log's exercises are trained on the same days, and from its
 * WORKOUT_FIRST_SESSION-th day on, each day's sessions of a log form one workout (the entries in
 * the log's exercise order), started from the log's one routine: WORKOUTS_PER_LOG workouts per
 * log, more than a page of 12. The first days' sessions stay on their own, as logged before gym mode.
 */

export const SESSIONS_PER_EXERCISE = 15;
export const BENCH_PASSWORD = 'bench-password-1';

export interface LogSpec {
  title: string;
  slug: string;
}
export interface ExerciseSpec {
  log: number;
  title: string;
  slug: string;
  kind: 'wlsession' | 'pasession';
}

export const LOGS: LogSpec[] = [
  { title: 'Push Day', slug: 'push-day' },
  { title: 'Pull Day', slug: 'pull-day' },
  { title: 'Leg Day', slug: 'leg-day' },
];

export const EXERCISES: ExerciseSpec[] = [
  { log: 0, title: 'Bench Press', slug: 'bench-press', kind: 'wlsession' },
  { log: 0, title: 'Overhead Press', slug: 'overhead-press', kind: 'wlsession' },
  { log: 0, title: 'Dips', slug: 'dips', kind: 'wlsession' },
  { log: 1, title: 'Deadlift', slug: 'deadlift', kind: 'wlsession' },
  { log: 1, title: 'Barbell Row', slug: 'barbell-row', kind: 'wlsession' },
  { log: 1, title: 'Rowing Machine', slug: 'rowing-machine', kind: 'pasession' },
  { log: 2, title: 'Squat', slug: 'squat', kind: 'wlsession' },
  { log: 2, title: 'Easy Run', slug: 'easy-run', kind: 'pasession' },
];

/** Each exercise's place among its log's exercises (its routine entry's and workout entry's position). */
export const EXERCISE_POSITION = EXERCISES.map(
  (e, i) => EXERCISES.slice(0, i).filter((o) => o.log === e.log).length,
);

export const WEIGHT_EXERCISES = EXERCISES.map((_, i) => i).filter((i) => EXERCISES[i].kind === 'wlsession');
export const PACE_EXERCISES = EXERCISES.map((_, i) => i).filter((i) => EXERCISES[i].kind === 'pasession');
export const SESSIONS_PER_USER = EXERCISES.length * SESSIONS_PER_EXERCISE;

/** First session date; session j of exercise x is on FIRST_DATE + 3j + (x's log) days. */
export const FIRST_DATE = '2022-01-03';

/** Sessions j ≥ this of every exercise belong to their log's workout of that day. */
export const WORKOUT_FIRST_SESSION = 2;
export const WORKOUTS_PER_LOG = SESSIONS_PER_EXERCISE - WORKOUT_FIRST_SESSION;
/**
 * What each account's trash holds (docs/api.md §14): deleted sessions of the last weeks, as
 * snapshots that only GET /api/trash reads (the bench never restores them).
 */
export const TRASH_PER_USER = 8;
/** What the seeded routines' weight entries ask for, and their rest (docs/api.md §11). */
export const ROUTINE_TARGETS = { sets: 3, repsMin: 6, repsMax: 10, restSeconds: 90 };

/**
 * The heavy history (docs/benchmarks.md "Heavy histories"): one more account, outside every
 * scale's range of accounts, shaped like the others but for its first exercise (Bench Press), which
 * holds HEAVY_SESSIONS sessions, one a day from HEAVY_FIRST_DATE; its other exercises are empty.
 */
export const HEAVY_USER = 10_000_000;
export const HEAVY_EXERCISE = 0;
export const HEAVY_SESSIONS = 20_000;
export const HEAVY_FIRST_DATE = '1970-01-01';

export function usersForScale(sessions: number): number {
  return Math.max(1, Math.round(sessions / SESSIONS_PER_USER));
}

/** `md5(text)::uuid` in SQL: a deterministic id both sides can compute. */
export function md5Uuid(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const userId = (u: number) => md5Uuid(`bench:u:${u}`);
export const logId = (u: number, l: number) => md5Uuid(`bench:l:${u}:${l}`);
export const exerciseId = (u: number, x: number) => md5Uuid(`bench:x:${u}:${x}`);
export const routineId = (u: number, l: number) => md5Uuid(`bench:r:${u}:${l}`);
/** The workout of log l on its sessions' day j (j ≥ WORKOUT_FIRST_SESSION). */
export const workoutId = (u: number, l: number, j: number) => md5Uuid(`bench:w:${u}:${l}:${j}`);
export const userEmail = (u: number) => `bench-${u}@bench.test`;

/** The raw session cookie of user u: base64url(sha256(`bench-token:<salt>:<u>`)), 43 characters. */
export function sessionToken(salt: string, u: number): string {
  return createHash('sha256').update(`bench-token:${salt}:${u}`).digest('base64url');
}
export { hashToken };

export function sessionDate(x: number, j: number): string {
  const start = Date.parse(`${FIRST_DATE}T00:00:00Z`);
  return new Date(start + (3 * j + EXERCISES[x].log) * 86_400_000).toISOString().slice(0, 10);
}

export function exercisePath(x: number): string {
  const e = EXERCISES[x];
  return `/api/logs/${LOGS[e.log].slug}/exercises/${e.slug}`;
}
