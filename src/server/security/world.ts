import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Exercise } from '../../contract/exercises';
import type { Log } from '../../contract/logs';
import type { Routine } from '../../contract/routines';
import type { Pasession, Wlsession } from '../../contract/sessions';
import type { Workout } from '../../contract/workouts';
import {
  call,
  createExercise,
  createLog,
  createPasession,
  createWlsession,
  registerUser,
  type TestUser,
} from '../test/factories';

/**
 * One user's records: a log holding a weight exercise and a pace exercise, one session each, and
 * a routine and a workout (of one earlier weight session) of that log.
 */
export interface World {
  user: TestUser;
  log: Log;
  wl: Exercise;
  pa: Exercise;
  wls: Wlsession;
  pas: Pasession;
  workout: Workout;
  routine: Routine;
  /** An exercise of the log, deleted: an item of the user's trash (docs/api.md §14). */
  trashed: Exercise;
}

let worldCounter = 0;

/** Builds a world for `user` (a new user when omitted); titles are unique unless given. */
export async function createWorld(
  app: FastifyInstance,
  user?: TestUser,
  titles: { log?: string; wl?: string; pa?: string } = {},
): Promise<World> {
  const owner = user ?? (await registerUser(app));
  worldCounter += 1;
  const log = await createLog(app, owner.cookie, { title: titles.log ?? `World Log ${worldCounter}` });
  const wl = await createExercise(app, owner.cookie, log.slugLog, {
    title: titles.wl ?? `Squat ${worldCounter}`,
    session: 'wlsession',
  });
  const pa = await createExercise(app, owner.cookie, log.slugLog, {
    title: titles.pa ?? `Run ${worldCounter}`,
    session: 'pasession',
  });
  const wls = await createWlsession(app, owner.cookie, wl);
  const pas = await createPasession(app, owner.cookie, pa);
  const routine = await created(app, owner.cookie, `/api/logs/${log.slugLog}/routines`, {
    title: 'Legs',
    entries: [{ slugExercise: wl.slugExercise }],
  });
  // Before the weight session's date, so that session stays the exercise's newest.
  const workout = await created(app, owner.cookie, `/api/logs/${log.slugLog}/workouts`, {
    createdDate: '2026-02-01',
    routine: routine.routine._id,
    entries: [{ slugExercise: wl.slugExercise, set: [{ repetitions: 3, kilograms: 60 }] }],
  });
  const trashed = await createExercise(app, owner.cookie, log.slugLog, { title: `Gone ${worldCounter}` });
  const gone = await call(app, 'DELETE', `/api/logs/${log.slugLog}/exercises/${trashed.slugExercise}`, {
    cookie: owner.cookie,
  });
  if (gone.statusCode !== 200)
    throw new Error(`delete ${trashed.slugExercise}: ${gone.statusCode} ${gone.body}`);
  return { user: owner, log, wl, pa, wls, pas, workout: workout.workout, routine: routine.routine, trashed };
}

async function created(app: FastifyInstance, cookie: string, url: string, body: unknown) {
  const response = await call(app, 'POST', url, { cookie, body });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Every id a world's records carry: none of them may appear in another user's responses. */
export function worldIds(world: World): string[] {
  return [
    world.user.user._id,
    world.log._id,
    world.wl._id,
    world.pa._id,
    world.wls._id,
    world.pas._id,
    world.workout._id,
    world.routine._id,
    world.trashed._id,
    ...world.wls.set.map((s) => s._id),
  ];
}

/**
 * Everything a user can read about their own data, in one comparable value: the full JSON
 * export (minus its timestamp) and the profile.
 */
export async function accountSnapshot(app: FastifyInstance, cookie: string): Promise<unknown> {
  const exported = await call(app, 'GET', '/api/export.json', { cookie });
  const profile = await call(app, 'GET', '/api/users/profile', { cookie });
  if (exported.statusCode !== 200 || profile.statusCode !== 200) {
    throw new Error(`snapshot failed: export ${exported.statusCode}, profile ${profile.statusCode}`);
  }
  const { exportedAt: _ignored, ...rest } = exported.json() as { exportedAt: string };
  return { export: rest, profile: profile.json() };
}

/** A stack frame or database error text in a response body. */
const LEAKS =
  /\bat .+\.(ts|js):\d+|duplicate key|violates .+ constraint|syntax error at|pglite|drizzle|node_modules/i;

/** A client error as docs/api.md §3 fixes it: 4xx, JSON, a non-empty string `message`, no internals. */
export function clientErrorProblem(response: LightMyRequestResponse): string | null {
  const { statusCode } = response;
  if (statusCode < 400 || statusCode >= 500) return `status ${statusCode}`;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json'))
    return `content-type ${response.headers['content-type']}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'body is not JSON';
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message.length === 0) return 'no string message';
  if (LEAKS.test(response.body)) return 'body leaks internals';
  return null;
}
