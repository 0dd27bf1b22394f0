import { randomUUID } from 'node:crypto';
import {
  BENCH_PASSWORD,
  EXERCISES,
  exerciseId,
  exercisePath,
  FIRST_DATE,
  HEAVY_EXERCISE,
  HEAVY_USER,
  logId,
  LOGS,
  routineId,
  SESSIONS_PER_EXERCISE,
  sessionDate,
  TRASH_PER_USER,
  sessionToken,
  userEmail,
  userId,
  WEIGHT_EXERCISES,
  WORKOUT_FIRST_SESSION,
  workoutId,
  WORKOUTS_PER_LOG,
} from './dataset';
import type { RequestSpec } from './load';

/** A year of training days from the first seeded session (every seeded session falls in it). */
const ACTIVITY_TO = new Date(Date.parse(`${FIRST_DATE}T00:00:00Z`) + 364 * 86_400_000)
  .toISOString()
  .slice(0, 10);

/** What one load sends: every request signed in as a random seeded account. */
export interface Scenario {
  key: string;
  label: string;
  expectStatus: number;
  next(): RequestSpec;
  /** Checks one answer before the load: a wrong figure from a fast 404 must not pass. */
  check(status: number, body: unknown): string | null;
}

export interface Population {
  /** Accounts 0 … users-1 exist, each with the shape of dataset.ts. */
  users: number;
  salt: string;
  /** Send a browser's Accept-Encoding (the app compresses what it can). */
  compressed: boolean;
}

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[rand(items.length)];

function headers(pop: Population, u: number, json = false): Record<string, string> {
  const h: Record<string, string> = {
    cookie: `sid=${sessionToken(pop.salt, u)}`,
    accept: 'application/json',
  };
  if (pop.compressed) h['accept-encoding'] = 'gzip, deflate, br';
  if (json) h['content-type'] = 'application/json';
  return h;
}

/** A weight session with 5 sets, dated before the seeded history (so slugs rarely collide). */
export function sessionBody(): string {
  const day = new Date(Date.UTC(2015, 0, 1) + rand(2500) * 86_400_000).toISOString().slice(0, 10);
  const set = Array.from({ length: 5 }, (_, i) => ({
    repetitions: 5 + rand(8),
    kilograms: 20 + 2.5 * rand(40),
    isHard: i > 0,
  }));
  return JSON.stringify({ createdDate: day, set });
}

/** The log a created workout goes to (its routine's), and its weight exercises: Push Day's three. */
const WORKOUT_LOG = 0;
const WORKOUT_EXERCISES = WEIGHT_EXERCISES.filter((x) => EXERCISES[x].log === WORKOUT_LOG);
/** docs/api.md §11 "Budgets": a workout of 6 entries × 4 sets (each of the log's three exercises twice). */
export const WORKOUT_ENTRIES = 6;
export const WORKOUT_SETS = 4;

/**
 * A finished workout as the web app sends it (docs/api.md §11): started from the log's routine,
 * dated before the seeded history like sessionBody, 6 entries of 4 weight sets.
 */
export function workoutBody(user: number): string {
  const day = new Date(Date.UTC(2015, 0, 1) + rand(2500) * 86_400_000).toISOString().slice(0, 10);
  const entries = Array.from({ length: WORKOUT_ENTRIES }, (_, i) => ({
    slugExercise: EXERCISES[WORKOUT_EXERCISES[i % WORKOUT_EXERCISES.length]].slug,
    superset: null,
    notes: '',
    set: Array.from({ length: WORKOUT_SETS }, (_, k) => ({
      repetitions: 5 + rand(8),
      kilograms: 20 + 2.5 * rand(40),
      isHard: k > 0,
    })),
  }));
  return JSON.stringify({
    title: LOGS[WORKOUT_LOG].title,
    createdDate: day,
    startedAt: `${day}T17:00:00.000Z`,
    endedAt: `${day}T18:15:00.000Z`,
    notes: '',
    routine: routineId(user, WORKOUT_LOG),
    entries,
  });
}

const obj = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {});
const len = (value: unknown) => (Array.isArray(value) ? value.length : -1);
const expectLen = (what: string, value: unknown, n: number) =>
  len(value) === n ? null : `${what}: expected ${n} items, got ${len(value)}`;

export function appScenarios(pop: Population): Record<string, Scenario> {
  const u = () => rand(pop.users);
  const get = (path: string, user: number): RequestSpec => ({
    method: 'GET',
    path,
    headers: headers(pop, user),
  });
  return {
    logs: {
      key: 'logs',
      label: 'GET /api/logs',
      expectStatus: 200,
      next: () => get('/api/logs', u()),
      check: (_s, b) => expectLen('logs', obj(b).logs, LOGS.length),
    },
    log: {
      key: 'log',
      label: 'log page',
      expectStatus: 200,
      next: () => get(`/api/logs/${pick(LOGS).slug}`, u()),
      check: (_s, b) => (len(obj(b).logAggregate) > 0 ? null : 'log page: no exercises'),
    },
    exercise: {
      key: 'exercise',
      label: 'exercise page',
      expectStatus: 200,
      next: () => get(exercisePath(pick(WEIGHT_EXERCISES)), u()),
      check: (_s, b) => expectLen('exercise page', obj(b).exerciseAggregate, 12),
    },
    progress: {
      key: 'progress',
      label: 'progress',
      expectStatus: 200,
      next: () => get(`${exercisePath(pick(WEIGHT_EXERCISES))}/progress`, u()),
      check: (_s, b) => (len(obj(b).points) >= SESSIONS_PER_EXERCISE ? null : 'progress: too few points'),
    },
    session: {
      key: 'session',
      label: 'session detail',
      expectStatus: 200,
      next: () => {
        const x = pick(WEIGHT_EXERCISES);
        const date = sessionDate(x, rand(SESSIONS_PER_EXERCISE));
        return get(`${exercisePath(x)}/wlsessions/${date}`, u());
      },
      check: (_s, b) => (obj(obj(b).wlsession).set ? null : 'session detail: no sets'),
    },
    records: {
      key: 'records',
      label: 'exercise records',
      expectStatus: 200,
      next: () => get(`${exercisePath(pick(WEIGHT_EXERCISES))}/records`, u()),
      check: (_s, b) => (obj(obj(b).records).heaviest ? null : 'records: no heaviest'),
    },
    activity: {
      key: 'activity',
      label: 'GET /api/activity (a year)',
      expectStatus: 200,
      next: () => get(`/api/activity?from=${FIRST_DATE}&to=${ACTIVITY_TO}`, u()),
      check: (_s, b) => (len(obj(b).days) > 0 ? null : 'activity: no days'),
    },
    day: {
      key: 'day',
      label: 'GET /api/days/:date (a day of one log)',
      expectStatus: 200,
      next: () => get(`/api/days/${sessionDate(pick(WEIGHT_EXERCISES), rand(SESSIONS_PER_EXERCISE))}`, u()),
      check: (_s, b) => (len(obj(b).sessions) > 0 ? null : 'day: no sessions'),
    },
    days: {
      key: 'days',
      label: 'GET /api/days (History: 12 days)',
      expectStatus: 200,
      next: () => get('/api/days', u()),
      check: (_s, b) => expectLen('days', obj(b).days, 12),
    },
    trash: {
      key: 'trash',
      label: `GET /api/trash (${TRASH_PER_USER} items)`,
      expectStatus: 200,
      next: () => get('/api/trash', u()),
      check: (_s, b) => expectLen('trash', obj(b).items, TRASH_PER_USER),
    },
    create: {
      key: 'create',
      label: 'create weight session (5 sets, Idempotency-Key)',
      expectStatus: 201,
      next: () => {
        const user = u();
        return {
          method: 'POST',
          path: `${exercisePath(pick(WEIGHT_EXERCISES))}/wlsessions`,
          // As the web app sends every create (docs/api.md §10): a new key per request.
          headers: { ...headers(pop, user, true), 'idempotency-key': randomUUID() },
          body: sessionBody(),
        };
      },
      check: (_s, b) => (len(obj(b).set) === 5 ? null : 'create: no 5 sets in the answer'),
    },
    workouts: {
      key: 'workouts',
      label: 'workouts page',
      expectStatus: 200,
      next: () => get(`/api/logs/${pick(LOGS).slug}/workouts`, u()),
      check: (_s, b) => expectLen('workouts page', obj(b).workouts, 12),
    },
    workout: {
      key: 'workout',
      label: 'workout detail',
      expectStatus: 200,
      next: () => {
        const [user, log] = [u(), rand(LOGS.length)];
        const id = workoutId(user, log, WORKOUT_FIRST_SESSION + rand(WORKOUTS_PER_LOG));
        return get(`/api/logs/${LOGS[log].slug}/workouts/${id}`, user);
      },
      check: (_s, b) => (len(obj(obj(b).workout).entries) >= 2 ? null : 'workout detail: no entries'),
    },
    createWorkout: {
      key: 'create-workout',
      label: `create workout (${WORKOUT_ENTRIES} × ${WORKOUT_SETS} sets, Idempotency-Key)`,
      expectStatus: 201,
      next: () => {
        const user = u();
        return {
          method: 'POST',
          path: `/api/logs/${LOGS[WORKOUT_LOG].slug}/workouts`,
          headers: { ...headers(pop, user, true), 'idempotency-key': randomUUID() },
          body: workoutBody(user),
        };
      },
      check: (_s, b) =>
        len(obj(obj(b).workout).entries) === WORKOUT_ENTRIES
          ? null
          : `create workout: no ${WORKOUT_ENTRIES} entries in the answer`,
    },
    login: {
      key: 'login',
      label: 'POST /api/users/login',
      expectStatus: 200,
      next: () => ({
        method: 'POST',
        path: '/api/users/login',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: userEmail(u()), password: BENCH_PASSWORD }),
      }),
      check: (_s, b) => (obj(b)._id ? null : 'login: no user in the answer'),
    },
  };
}

export function floorScenarios(pop: Population): Record<string, Scenario> {
  const scope = () => {
    const user = rand(pop.users);
    return { user, query: `a=${userId(user)}&e=${exerciseId(user, pick(WEIGHT_EXERCISES))}` };
  };
  return {
    json: {
      key: 'json',
      label: 'floor: bare Fastify JSON',
      expectStatus: 200,
      next: () => ({ method: 'GET', path: '/floor/json', headers: headers(pop, 0) }),
      check: (_s, b) => (obj(b).hello ? null : 'json floor: wrong body'),
    },
    exercise: {
      key: 'exercise',
      label: 'floor: raw SQL page + count',
      expectStatus: 200,
      next: () => {
        const s = scope();
        return { method: 'GET', path: `/floor/exercise?${s.query}`, headers: headers(pop, s.user) };
      },
      check: (_s, b) => expectLen('SQL floor', obj(b).sessions, 12),
    },
    exerciseOne: {
      key: 'exercise-one',
      label: 'floor: one SQL statement, page + count',
      expectStatus: 200,
      next: () => {
        const s = scope();
        return { method: 'GET', path: `/floor/exercise-one?${s.query}`, headers: headers(pop, s.user) };
      },
      check: (_s, b) => expectLen('one-statement floor', obj(b).sessions, 12),
    },
    insert: {
      key: 'insert',
      label: 'floor: raw insert transaction',
      expectStatus: 201,
      next: () => {
        const s = scope();
        return {
          method: 'POST',
          path: `/floor/wlsessions?${s.query}`,
          headers: headers(pop, s.user, true),
          body: sessionBody(),
        };
      },
      check: (_s, b) => (obj(b).id ? null : 'insert floor: no row'),
    },
    insertWorkout: {
      key: 'insert-workout',
      label: 'floor: raw workout insert transaction',
      expectStatus: 201,
      next: () => {
        const user = rand(pop.users);
        const ids = WORKOUT_EXERCISES.map((x) => exerciseId(user, x)).join(',');
        const query = `a=${userId(user)}&l=${logId(user, WORKOUT_LOG)}&r=${routineId(user, WORKOUT_LOG)}&e=${ids}`;
        return {
          method: 'POST',
          path: `/floor/workouts?${query}`,
          headers: headers(pop, user, true),
          body: workoutBody(user),
        };
      },
      check: (_s, b) =>
        len(obj(b).sessions) === WORKOUT_ENTRIES ? null : 'workout insert floor: no sessions',
    },
  };
}

/**
 * The heavy account's loads (dataset.ts HEAVY_USER): its heavy exercise's records and progress,
 * its export, and the light requests that must not wait behind them.
 */
export function heavyScenarios(pop: Population): Record<string, Scenario> {
  const exercise = exercisePath(HEAVY_EXERCISE);
  const get = (path: string): RequestSpec => ({ method: 'GET', path, headers: headers(pop, HEAVY_USER) });
  let turn = 0;
  return {
    records: {
      key: 'heavy-records',
      label: 'records of a 20k-session exercise',
      expectStatus: 200,
      next: () => get(`${exercise}/records`),
      check: (_s, b) => (obj(obj(b).records).heaviest ? null : 'heavy records: no heaviest'),
    },
    reader: {
      key: 'heavy-reader',
      label: 'progress and records of a 20k-session exercise',
      expectStatus: 200,
      next: () => get(`${exercise}/${(turn++ & 1) === 0 ? 'progress' : 'records'}`),
      check: (_s, b) => (len(obj(b).points) > 0 ? null : 'heavy progress: no points'),
    },
    export: {
      key: 'heavy-export',
      label: 'GET /api/export.json of that account',
      expectStatus: 200,
      next: () => get('/api/export.json'),
      check: (_s, b) => (len(obj(b).logs) > 0 ? null : 'heavy export: no logs'),
    },
    health: {
      key: 'heavy-health',
      label: 'GET /api/health beside the heavy reads',
      expectStatus: 200,
      next: () => ({ method: 'GET', path: '/api/health', headers: { accept: 'application/json' } }),
      check: (_s, b) => (obj(b).status === 'ok' ? null : 'health: not ok'),
    },
    config: {
      key: 'heavy-config',
      label: 'GET /api/config beside the heavy reads',
      expectStatus: 200,
      next: () => ({ method: 'GET', path: '/api/config', headers: { accept: 'application/json' } }),
      check: (_s, b) => (b && typeof b === 'object' ? null : 'config: no object'),
    },
  };
}
