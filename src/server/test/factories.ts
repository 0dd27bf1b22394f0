import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomInt, randomUUID } from 'node:crypto';
import type { Exercise, ExerciseCreateBody } from '../../contract/exercises';
import type { Log } from '../../contract/logs';
import type { Pasession, PasessionBody, Wlsession, WlsessionBody } from '../../contract/sessions';
import type { UserInfo } from '../../contract/users';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address: the per-IP rate limits key on it. */
  ip?: string;
}

/**
 * When the last write answered. PGlite's clock counts whole milliseconds, so two writes within one
 * share their timestamps and their order (most recently active, ties by creation time) falls to
 * their random ids. A person's writes are further apart: a write sent after another has answered
 * starts in a later millisecond, so the orders the tests check are the server's, not chance's.
 * Writes sent together (Promise.all) are not held back.
 */
let lastWriteAnswered = 0;

/** One JSON request through the app, as a browser on the same origin would send it. */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const request: InjectOptions = { method, url, headers };
  if (options.ip) request.remoteAddress = options.ip;
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  if (method === 'GET') return app.inject(request);
  while (Date.now() <= lastWriteAnswered) await new Promise((resolve) => setTimeout(resolve, 1));
  const response = await app.inject(request);
  lastWriteAnswered = Date.now();
  return response;
}

/** `sid=<token>` from a response's Set-Cookie, ready to send back. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const sid = response.cookies.find((c) => c.name === 'sid');
  if (!sid?.value) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `sid=${sid.value}`;
}

export const uniqueEmail = (): string => `${randomUUID()}@test.io`;

/** A fresh address per new user, so the per-IP register limit (20 an hour) never couples tests. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

export interface TestUser {
  cookie: string;
  user: UserInfo;
  email: string;
  password: string;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: { username?: string; email?: string; password?: string; ip?: string } = {},
): Promise<TestUser> {
  const body = {
    username: overrides.username ?? 'Test User',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'secret-password',
  };
  const response = await call(app, 'POST', '/api/users', { body, ip: overrides.ip ?? randomIp() });
  expectStatus(response, 201, 'register');
  return {
    cookie: sessionCookie(response),
    user: response.json(),
    email: body.email,
    password: body.password,
  };
}

let counter = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${(counter += 1)} ${randomInt(1_000_000)}`;

export async function createLog(
  app: FastifyInstance,
  cookie: string,
  overrides: { title?: string } = {},
): Promise<Log> {
  const response = await call(app, 'POST', '/api/logs', {
    cookie,
    body: { title: overrides.title ?? uniqueTitle('Log') },
  });
  expectStatus(response, 201, 'create log');
  return response.json();
}

export async function createExercise(
  app: FastifyInstance,
  cookie: string,
  slugLog: string,
  overrides: Partial<ExerciseCreateBody> = {},
): Promise<Exercise> {
  const response = await call(app, 'POST', `/api/logs/${encodeURIComponent(slugLog)}/exercises`, {
    cookie,
    body: { title: uniqueTitle('Exercise'), session: 'wlsession', ...overrides },
  });
  expectStatus(response, 201, 'create exercise');
  return response.json();
}

export const exerciseUrl = (slugLog: string, slugExercise: string): string =>
  `/api/logs/${encodeURIComponent(slugLog)}/exercises/${encodeURIComponent(slugExercise)}`;

/**
 * A new signed-in user with one log and one exercise of `session`'s kind: `page` is the exercise
 * page's path, `base` its sessions' (…/wlsessions or …/pasessions).
 */
export async function userWithExercise(
  app: FastifyInstance,
  session: 'wlsession' | 'pasession' = 'wlsession',
): Promise<TestUser & { log: Log; exercise: Exercise; page: string; base: string }> {
  const user = await registerUser(app);
  const log = await createLog(app, user.cookie);
  const exercise = await createExercise(app, user.cookie, log.slugLog, { session });
  const page = exerciseUrl(exercise.slugLog, exercise.slugExercise);
  return { ...user, log, exercise, page, base: `${page}/${session}s` };
}

export interface GymLog extends TestUser {
  log: Log;
  squat: Exercise;
  bench: Exercise;
  run: Exercise;
  base: string;
}

/** A new signed-in user with a gym log: Squat and Bench (weights), Run (pace); `base` is the log's path. */
export async function createGymLog(app: FastifyInstance): Promise<GymLog> {
  const user = await registerUser(app);
  const log = await createLog(app, user.cookie);
  const squat = await createExercise(app, user.cookie, log.slugLog, { title: 'Squat' });
  const bench = await createExercise(app, user.cookie, log.slugLog, { title: 'Bench' });
  const run = await createExercise(app, user.cookie, log.slugLog, { title: 'Run', session: 'pasession' });
  return { ...user, log, squat, bench, run, base: `/api/logs/${log.slugLog}` };
}

/** Hard weight sets from [repetitions, kilograms] pairs. */
export const weightSets = (...sets: [number, number][]) =>
  sets.map(([repetitions, kilograms]) => ({ repetitions, kilograms, isHard: true }));

export async function createWlsession(
  app: FastifyInstance,
  cookie: string,
  exercise: Pick<Exercise, 'slugLog' | 'slugExercise'>,
  overrides: Partial<WlsessionBody> = {},
): Promise<Wlsession> {
  const response = await call(
    app,
    'POST',
    `${exerciseUrl(exercise.slugLog, exercise.slugExercise)}/wlsessions`,
    {
      cookie,
      body: {
        createdDate: '2026-03-01',
        set: [
          { repetitions: 10, kilograms: 50, isHard: true },
          { repetitions: 8, kilograms: 40, isHard: false },
        ],
        ...overrides,
      },
    },
  );
  expectStatus(response, 201, 'create wlsession');
  return response.json();
}

export async function createPasession(
  app: FastifyInstance,
  cookie: string,
  exercise: Pick<Exercise, 'slugLog' | 'slugExercise'>,
  overrides: Partial<PasessionBody> = {},
): Promise<Pasession> {
  const response = await call(
    app,
    'POST',
    `${exerciseUrl(exercise.slugLog, exercise.slugExercise)}/pasessions`,
    {
      cookie,
      body: {
        createdDate: '2026-03-01',
        time: { hours: 0, minutes: 25, seconds: 0 },
        distance: 5,
        ...overrides,
      },
    },
  );
  expectStatus(response, 201, 'create pasession');
  return response.json();
}
