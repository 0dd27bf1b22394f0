import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createExercise,
  createLog,
  createPasession,
  createWlsession,
  registerUser,
  type TestUser,
} from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** What a route names: B's 404 depends on which of those names B happens to own too. */
type Level =
  | 'log-id'
  | 'log-slug'
  | 'exercise-id'
  | 'exercise-slug'
  | 'session-create'
  | 'session'
  | 'workout'
  | 'routine'
  | 'trash';
interface Route {
  method: Method;
  url: string;
  body?: unknown;
  level: Level;
}

let t: TestApp;
let owner: TestUser;
let routes: Route[];
/** Everything the owner can read about their data, to prove nothing changed. */
let snapshotUrls: string[];

const wlBody = { createdDate: '2026-06-01', set: [{ repetitions: 1, kilograms: 1, isHard: false }] };
const paBody = { createdDate: '2026-06-01', time: { hours: 0, minutes: 1, seconds: 0 }, distance: 1 };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { username: 'Owner' });
  const log = await createLog(t.app, owner.cookie, { title: 'Private Log' });
  const wl = await createExercise(t.app, owner.cookie, log.slugLog, { title: 'Squat', session: 'wlsession' });
  const pa = await createExercise(t.app, owner.cookie, log.slugLog, { title: 'Run', session: 'pasession' });
  const wls = await createWlsession(t.app, owner.cookie, wl);
  const pas = await createPasession(t.app, owner.cookie, pa);

  const logBase = `/api/logs/${log.slugLog}`;
  const routineBody = { title: 'Hijacked', entries: [{ slugExercise: wl.slugExercise }] };
  const workoutBody = { createdDate: '2026-06-01', entries: [{ slugExercise: wl.slugExercise, ...wlBody }] };
  const routine = (
    await call(t.app, 'POST', `${logBase}/routines`, { cookie: owner.cookie, body: routineBody })
  ).json().routine;
  const workout = (
    await call(t.app, 'POST', `${logBase}/workouts`, { cookie: owner.cookie, body: workoutBody })
  ).json().workout;
  const wlBase = `${logBase}/exercises/${wl.slugExercise}`;
  // An item of the owner's trash (docs/api.md §14).
  const gone = await createExercise(t.app, owner.cookie, log.slugLog, { title: 'Gone' });
  await call(t.app, 'DELETE', `${logBase}/exercises/${gone.slugExercise}`, { cookie: owner.cookie });
  const paBase = `${logBase}/exercises/${pa.slugExercise}`;
  routes = [
    { method: 'GET', url: `/api/logs/edit/${log._id}`, level: 'log-id' },
    { method: 'PUT', url: `/api/logs/edit/${log._id}`, body: { title: 'Hijacked' }, level: 'log-id' },
    { method: 'DELETE', url: `/api/logs/${log._id}`, level: 'log-id' },
    { method: 'GET', url: logBase, level: 'log-slug' },
    { method: 'DELETE', url: logBase, level: 'log-slug' },
    {
      method: 'POST',
      url: `${logBase}/exercises`,
      body: { title: 'Planted', session: 'wlsession' },
      level: 'log-slug',
    },
    { method: 'GET', url: `${logBase}/exercises/edit/${wl._id}`, level: 'exercise-id' },
    {
      method: 'PUT',
      url: `${logBase}/exercises/edit/${wl._id}`,
      body: { title: 'Hijacked' },
      level: 'exercise-id',
    },
    { method: 'GET', url: `${logBase}/exercises/edit/${pa._id}`, level: 'exercise-id' },
    { method: 'GET', url: wlBase, level: 'exercise-slug' },
    { method: 'GET', url: `${wlBase}/progress`, level: 'exercise-slug' },
    { method: 'GET', url: `${wlBase}/records`, level: 'exercise-slug' },
    { method: 'DELETE', url: wlBase, level: 'exercise-slug' },
    { method: 'GET', url: paBase, level: 'exercise-slug' },
    { method: 'GET', url: `${paBase}/progress`, level: 'exercise-slug' },
    { method: 'GET', url: `${paBase}/records`, level: 'exercise-slug' },
    { method: 'DELETE', url: paBase, level: 'exercise-slug' },
    { method: 'POST', url: `${wlBase}/wlsessions`, body: wlBody, level: 'session-create' },
    { method: 'GET', url: `${wlBase}/wlsessions/${wls.slugSession}`, level: 'session' },
    { method: 'GET', url: `${wlBase}/wlsessions/edit/${wls._id}`, level: 'session' },
    { method: 'PUT', url: `${wlBase}/wlsessions/edit/${wls._id}`, body: wlBody, level: 'session' },
    { method: 'DELETE', url: `${wlBase}/wlsessions/${wls.slugSession}`, level: 'session' },
    { method: 'POST', url: `${paBase}/pasessions`, body: paBody, level: 'session-create' },
    { method: 'GET', url: `${paBase}/pasessions/${pas.slugSession}`, level: 'session' },
    { method: 'GET', url: `${paBase}/pasessions/edit/${pas._id}`, level: 'session' },
    { method: 'PUT', url: `${paBase}/pasessions/edit/${pas._id}`, body: paBody, level: 'session' },
    { method: 'DELETE', url: `${paBase}/pasessions/${pas.slugSession}`, level: 'session' },
    { method: 'GET', url: `${logBase}/workouts`, level: 'log-slug' },
    { method: 'POST', url: `${logBase}/workouts`, body: workoutBody, level: 'log-slug' },
    { method: 'GET', url: `${logBase}/workouts/${workout._id}`, level: 'workout' },
    { method: 'PUT', url: `${logBase}/workouts/${workout._id}`, body: workoutBody, level: 'workout' },
    { method: 'DELETE', url: `${logBase}/workouts/${workout._id}`, level: 'workout' },
    { method: 'GET', url: `${logBase}/routines`, level: 'log-slug' },
    { method: 'POST', url: `${logBase}/routines`, body: routineBody, level: 'log-slug' },
    { method: 'GET', url: `${logBase}/routines/${routine._id}`, level: 'routine' },
    { method: 'PUT', url: `${logBase}/routines/${routine._id}`, body: routineBody, level: 'routine' },
    { method: 'DELETE', url: `${logBase}/routines/${routine._id}`, level: 'routine' },
    { method: 'POST', url: `/api/trash/${gone._id}/restore`, level: 'trash' },
    { method: 'DELETE', url: `/api/trash/${gone._id}`, level: 'trash' },
  ];
  snapshotUrls = [
    '/api/logs',
    `/api/logs/edit/${log._id}`,
    logBase,
    `${logBase}/exercises/edit/${wl._id}`,
    `${logBase}/exercises/edit/${pa._id}`,
    wlBase,
    paBase,
    `${wlBase}/progress`,
    `${paBase}/progress`,
    `${wlBase}/records`,
    `${paBase}/records`,
    `${wlBase}/wlsessions/edit/${wls._id}`,
    `${paBase}/pasessions/edit/${pas._id}`,
    `${wlBase}/wlsessions/${wls.slugSession}`,
    `${paBase}/pasessions/${pas.slugSession}`,
    `${logBase}/workouts`,
    `${logBase}/routines`,
    '/api/trash',
    '/api/users/profile',
  ];
});
afterAll(async () => {
  await t?.close();
});

async function ownerView(): Promise<unknown[]> {
  return Promise.all(
    snapshotUrls.map(async (url) => {
      const response = await call(t.app, 'GET', url, { cookie: owner.cookie });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    }),
  );
}

/** Calls every route as `intruder`; `expected(level)` is the 404 message, or null to skip a route. */
async function probe(intruder: TestUser, expected: (level: Level) => string | null) {
  const before = await ownerView();
  let probed = 0;
  for (const route of routes) {
    const message = expected(route.level);
    if (message === null) continue;
    probed += 1;
    const response = await call(t.app, route.method, route.url, {
      cookie: intruder.cookie,
      body: route.body,
    });
    expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    expect(response.json(), `${route.method} ${route.url}`).toEqual({ message });
  }
  expect(await ownerView()).toEqual(before);
  return probed;
}

describe("another user's records", () => {
  it('are 404 Log not found on every route for a user with no logs, and nothing changes', async () => {
    const intruder = await registerUser(t.app, { username: 'Intruder' });
    expect(await probe(intruder, (level) => (level === 'trash' ? 'Item not found' : 'Log not found'))).toBe(
      routes.length,
    );
  });

  it('are 404 Exercise not found for a user who owns a log with the same slug', async () => {
    const intruder = await registerUser(t.app);
    const ownLog = await createLog(t.app, intruder.cookie, { title: 'Private Log' });
    const probed = await probe(intruder, (level) => {
      if (level === 'log-id') return 'Log not found';
      if (level === 'log-slug') return null; // names the intruder's own log
      if (level === 'workout') return 'Workout not found';
      if (level === 'routine') return 'Routine not found';
      if (level === 'trash') return 'Item not found';
      return 'Exercise not found';
    });
    expect(probed).toBe(routes.filter((r) => r.level !== 'log-slug').length);
    // Their own log with that slug shows only their own (no) exercises.
    const page = (await call(t.app, 'GET', '/api/logs/private-log', { cookie: intruder.cookie })).json();
    expect(page.log._id).toBe(ownLog._id);
    expect(page.logAggregate).toEqual([]);
  });

  it('are 404 Session not found for a user who owns the same log and exercise slugs', async () => {
    const intruder = await registerUser(t.app);
    const ownLog = await createLog(t.app, intruder.cookie, { title: 'Private Log' });
    await createExercise(t.app, intruder.cookie, ownLog.slugLog, { title: 'Squat', session: 'wlsession' });
    await createExercise(t.app, intruder.cookie, ownLog.slugLog, { title: 'Run', session: 'pasession' });
    const probed = await probe(intruder, (level) => {
      if (level === 'log-id') return 'Log not found';
      if (level === 'exercise-id') return 'Exercise not found';
      if (level === 'session') return 'Session not found';
      if (level === 'workout') return 'Workout not found';
      if (level === 'routine') return 'Routine not found';
      if (level === 'trash') return 'Item not found';
      return null; // the rest names the intruder's own log and exercises
    });
    expect(probed).toBe(
      routes.filter((r) =>
        ['log-id', 'exercise-id', 'session', 'workout', 'routine', 'trash'].includes(r.level),
      ).length,
    );
  });

  it("never appear in another user's lists", async () => {
    const other = await registerUser(t.app);
    await createLog(t.app, other.cookie, { title: 'Private Log' });
    const list = (await call(t.app, 'GET', '/api/logs', { cookie: other.cookie })).json();
    expect(list.logs).toHaveLength(1);
    expect(list.logs[0].author).toBe(other.user._id);
    expect(list.pagination.total).toBe(1);
  });
});

describe('the route table', () => {
  it('has every route that takes a slug or id probed by the matrix above', () => {
    const withParams = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url.includes(':'));
    const publicOnes = withParams.filter((r) => r.url.startsWith('/api/users/'));
    // A session's id names no record: another account's is 404 in users/devices.test.ts.
    expect(publicOnes.map((r) => r.url).sort()).toEqual([
      '/api/users/reset-password/:token',
      '/api/users/sessions/:id',
    ]);
    // A date names no record: another user's sessions are simply not in the day (days/days.test.ts).
    const mine = withParams.filter((r) => !publicOnes.includes(r) && r.url !== '/api/days/:date');
    for (const route of mine) {
      const pattern = new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`);
      const covered = routes.some((r) => r.method === route.method && pattern.test(r.url));
      expect(covered, `${route.method} ${route.url} is not probed by another user`).toBe(true);
    }
  });
});

describe('without a signed-in user', () => {
  const NOT_AUTHORIZED = { message: 'Not authorized, please log in' };
  /** The only API routes a stranger may call. */
  const PUBLIC = new Set([
    'GET /api/health',
    'GET /api/config',
    'POST /api/users',
    'POST /api/users/login',
    'POST /api/users/logout',
    'POST /api/users/forgot-password',
    'POST /api/users/reset-password/:token',
    // Login's second step answers 401 "Sign in again" without its pending cookie (two-factor.test.ts).
    'POST /api/users/login/2fa',
    // The provider's sign-in: a browser's navigations, answered by redirects (oidc.test.ts).
    'GET /api/auth/oidc/start',
    'GET /api/auth/oidc/callback',
  ]);
  /** The API's documentation (plugins/openapi.ts) is public too. */
  const isDocs = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

  const guardedRoutes = () =>
    t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !isDocs(r.url) && !PUBLIC.has(`${r.method} ${r.url}`),
    );
  const sampleUrl = (template: string) =>
    template.replace(/:(\w+)/g, (_, name: string) =>
      name === 'id' ? crypto.randomUUID() : `some-${name.toLowerCase()}`,
    );
  const hasBody = (method: string) => method === 'POST' || method === 'PUT';

  it('every other registered /api route answers 401 without a cookie, before reading the body', async () => {
    const guarded = guardedRoutes();
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/logs',
        'POST /api/logs',
        'GET /api/users/profile',
        'PUT /api/users/profile',
      ]),
    );
    for (const route of guarded) {
      const url = sampleUrl(route.url);
      const response = await call(t.app, route.method as Method, url, {
        body: hasBody(route.method) ? {} : undefined,
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      expect(response.json()).toEqual(NOT_AUTHORIZED);
    }
  });

  it('every other registered /api route answers 401 to an unknown cookie', async () => {
    for (const route of guardedRoutes()) {
      const url = sampleUrl(route.url);
      const response = await call(t.app, route.method as Method, url, {
        cookie: 'sid=forged-token',
        body: hasBody(route.method) ? {} : undefined,
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      expect(response.json()).toEqual(NOT_AUTHORIZED);
    }
  });

  // The session is checked before the body is read: an invalid body must still answer 401, not
  // reveal validation, to a stranger.
  it('writes answer 401 to an unknown cookie even with an invalid body', async () => {
    for (const route of guardedRoutes().filter((r) => hasBody(r.method))) {
      const response = await call(t.app, route.method as Method, sampleUrl(route.url), {
        cookie: 'sid=forged-token',
        body: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("every route of the matrix answers 401 on the owner's real records, which stay unchanged", async () => {
    const all: Route[] = [
      ...routes,
      { method: 'GET', url: '/api/logs', level: 'log-slug' },
      { method: 'POST', url: '/api/logs', body: { title: 'Anonymous' }, level: 'log-slug' },
      { method: 'GET', url: '/api/users/profile', level: 'log-slug' },
      {
        method: 'PUT',
        url: '/api/users/profile',
        body: { username: 'x', email: 'x@example.com', password: '' },
        level: 'log-slug',
      },
    ];
    const before = await ownerView();
    for (const cookie of [
      undefined,
      'sid=forged-token',
      owner.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ]) {
      for (const route of all) {
        const response = await call(t.app, route.method, route.url, { cookie, body: route.body });
        expect(response.statusCode, `${route.method} ${route.url} ${cookie}`).toBe(401);
        expect(response.json()).toEqual(NOT_AUTHORIZED);
      }
    }
    expect(await ownerView()).toEqual(before);
  });

  it('answers 401 before validating the body', async () => {
    const response = await call(t.app, 'POST', '/api/logs', { body: { title: '' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHORIZED);
  });
});
