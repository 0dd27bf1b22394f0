import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../../contract/exercises';
import type { Log } from '../../contract/logs';
import type { Wlsession } from '../../contract/sessions';
import {
  call,
  createExercise,
  createLog,
  createPasession,
  createWlsession,
  exerciseUrl,
  registerUser,
  type TestUser,
} from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let me: TestUser;
let log: Log;
let wl: Exercise;
let pa: Exercise;
let wls: Wlsession;
let paId: string;

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app);
  log = await createLog(t.app, me.cookie, { title: 'Bad Input' });
  wl = await createExercise(t.app, me.cookie, log.slugLog, { title: 'Squat', session: 'wlsession' });
  pa = await createExercise(t.app, me.cookie, log.slugLog, { title: 'Run', session: 'pasession' });
  wls = await createWlsession(t.app, me.cookie, wl);
  paId = (await createPasession(t.app, me.cookie, pa))._id;
});
afterAll(async () => {
  await t?.close();
});

/** A 4xx with a JSON `{message}`: never a 5xx, never an HTML or empty body. */
function expectClientError(response: LightMyRequestResponse, label = '') {
  expect(response.statusCode, `${label} → ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.message, label).toBe('string');
  expect(body.message.length, label).toBeGreaterThan(0);
  expect(JSON.stringify(body), label).not.toMatch(/at .*\.(ts|js):\d+|select |insert |postgres|pglite/i);
}

const raw = (method: 'POST' | 'PUT', url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: me.cookie, 'content-type': 'application/json', ...headers },
  });

/** Every route that reads a JSON body, signed in where it needs to be. */
function writeRoutes(): { method: 'POST' | 'PUT'; url: string }[] {
  const wlBase = `${exerciseUrl(log.slugLog, wl.slugExercise)}/wlsessions`;
  const paBase = `${exerciseUrl(log.slugLog, pa.slugExercise)}/pasessions`;
  return [
    { method: 'POST', url: '/api/users' },
    { method: 'POST', url: '/api/users/login' },
    { method: 'POST', url: '/api/users/forgot-password' },
    { method: 'POST', url: '/api/users/reset-password/some-token' },
    { method: 'PUT', url: '/api/users/profile' },
    { method: 'POST', url: '/api/logs' },
    { method: 'PUT', url: `/api/logs/edit/${log._id}` },
    { method: 'POST', url: `/api/logs/${log.slugLog}/exercises` },
    { method: 'PUT', url: `/api/logs/${log.slugLog}/exercises/edit/${wl._id}` },
    { method: 'POST', url: wlBase },
    { method: 'PUT', url: `${wlBase}/edit/${wls._id}` },
    { method: 'POST', url: paBase },
    { method: 'PUT', url: `${paBase}/edit/${paId}` },
  ];
}

describe('malformed bodies', () => {
  it('answers 400 for malformed JSON', async () => {
    for (const { method, url } of writeRoutes()) {
      for (const payload of ['{"title":', '{title: "x"}', "{'a':1}", '[1,]', 'undefined', '{"a":1}}']) {
        const response = await raw(method, url, payload);
        expectClientError(response, `${method} ${url} ${payload}`);
        expect(response.statusCode).toBe(400);
      }
    }
  });

  it('answers 400 for an empty body sent as JSON', async () => {
    for (const { method, url } of writeRoutes()) {
      const response = await raw(method, url, '');
      expectClientError(response, `${method} ${url}`);
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers 400 for a body that is not an object: array, null, number, string, boolean', async () => {
    for (const { method, url } of writeRoutes()) {
      for (const payload of ['[]', '[{"title":"x"}]', 'null', '42', '"title"', 'true']) {
        const response = await raw(method, url, payload);
        expectClientError(response, `${method} ${url} ${payload}`);
        expect(response.statusCode, `${method} ${url} ${payload}`).toBe(400);
      }
    }
  });

  it('answers 415 for bodies that are not JSON', async () => {
    const cases: [string, string][] = [
      ['text/plain', '{"title":"Sneaky"}'],
      ['application/x-www-form-urlencoded', 'title=Sneaky'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nSneaky\r\n--x--',
      ],
      ['application/xml', '<title>Sneaky</title>'],
    ];
    for (const [type, payload] of cases) {
      for (const url of ['/api/logs', '/api/users/login', '/api/users']) {
        const response = await raw('POST', url, payload, { 'content-type': type });
        expectClientError(response, `${type} ${url}`);
        expect(response.statusCode, `${type} ${url}`).toBe(415);
      }
    }
    const list = (await call(t.app, 'GET', '/api/logs', { cookie: me.cookie })).json();
    expect(list.logs.map((l: Log) => l.title)).not.toContain('Sneaky');
  });

  it('answers 415 for a body without a content-type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { cookie: me.cookie },
      payload: Buffer.from('{"title":"No Type"}'),
    });
    expectClientError(response);
    expect(response.statusCode).toBe(415);
  });

  it('answers 413 for a body over 100 KB, and reads one just under it', async () => {
    const over = JSON.stringify({ title: 'x'.repeat(101 * 1024) });
    for (const url of ['/api/logs', '/api/users', '/api/users/login']) {
      const response = await raw('POST', url, over);
      expectClientError(response, url);
      expect(response.statusCode, url).toBe(413);
    }
    const under = await raw('POST', '/api/logs', JSON.stringify({ title: 'x'.repeat(99 * 1024) }));
    expectClientError(under);
    expect(under.statusCode).toBe(400);
    expect(under.json().errors).toEqual({ title: 'Title must be at most 100 characters' });
  });

  it('refuses prototype-poisoning keys', async () => {
    const response = await raw('POST', '/api/logs', '{"title":"Proto","__proto__":{"isAdmin":true}}');
    expectClientError(response);
    const constructor = await raw(
      'POST',
      '/api/logs',
      '{"title":"Proto2","constructor":{"prototype":{"x":1}}}',
    );
    expect(constructor.statusCode).toBeLessThan(500);
  });
});

describe('wrong types and absurd values', () => {
  const wlUrl = () => `${exerciseUrl(log.slugLog, wl.slugExercise)}/wlsessions`;
  const paUrl = () => `${exerciseUrl(log.slugLog, pa.slugExercise)}/pasessions`;
  const wlPost = (set: unknown, extra: object = {}) =>
    call(t.app, 'POST', wlUrl(), { cookie: me.cookie, body: { createdDate: '2026-03-01', set, ...extra } });

  it('refuses absurd weight-set numbers with a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [1e308, 'Repetitions must be at most 100000'],
      [100001, 'Repetitions must be at most 100000'],
      [100000.01, 'Repetitions must be at most 100000'],
      [-1, 'Repetitions must be at least 0'],
      [-0.01, 'Repetitions must be at least 0'],
      ['abc', 'Repetitions must be a number'],
      ['1e400', 'Repetitions must be a number'],
      ['0x10', 'Repetitions must be a number'],
      ['10 kg', 'Repetitions must be a number'],
      ['Infinity', 'Repetitions must be a number'],
      ['NaN', 'Repetitions must be a number'],
      [[], 'Repetitions must be a number'],
      [{}, 'Repetitions must be a number'],
      [false, 'Repetitions must be a number'],
      [1.234, 'Repetitions must have at most 2 decimals'],
      ['1.001', 'Repetitions must have at most 2 decimals'],
    ];
    for (const [repetitions, message] of cases) {
      const response = await wlPost([{ repetitions, kilograms: 1 }]);
      expectClientError(response, JSON.stringify(repetitions));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors, JSON.stringify(repetitions)).toEqual({ 'set.0.repetitions': message });
    }
  });

  it('refuses a number too large for JSON (1e999 parses as Infinity)', async () => {
    const response = await raw(
      'POST',
      wlUrl(),
      '{"createdDate":"2026-03-01","set":[{"repetitions":1e999,"kilograms":1}]}',
    );
    expectClientError(response);
    expect(response.json().errors).toEqual({ 'set.0.repetitions': 'Repetitions must be a number' });
  });

  it('accepts the boundaries: 0, 100000 and 2 decimals', async () => {
    const response = await wlPost([
      { repetitions: 0, kilograms: 100000 },
      { repetitions: '100000', kilograms: '0.01' },
      { repetitions: 99999.99, kilograms: 0.1 + 0.2 }, // 0.30000000000000004 is 0.3 typed in a form
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().set.map((s: { volume: number }) => s.volume)).toEqual([0, 1000, 30000]);
  });

  it('refuses more than 100 sets and wrong set shapes', async () => {
    const set = { repetitions: 1, kilograms: 1 };
    for (const sets of [Array(101).fill(set), Array(1000).fill(set), [null], [[]], ['set'], {}, 'many']) {
      const response = await wlPost(sets);
      expectClientError(response, JSON.stringify(sets).slice(0, 40));
      expect(response.statusCode).toBe(400);
    }
    const badHard = await wlPost([{ ...set, isHard: 'yes' }]);
    expectClientError(badHard);
    expect(badHard.json().errors).toHaveProperty(['set.0.isHard']);
  });

  it('refuses absurd pace numbers', async () => {
    const time = { hours: 0, minutes: 30, seconds: 0 };
    const cases: [object, string, string][] = [
      [{ time, distance: 1e308 }, 'distance', 'Distance must be at most 100000'],
      [{ time, distance: 'far' }, 'distance', 'Distance must be a number'],
      [{ time, distance: 5.555 }, 'distance', 'Distance must have at most 2 decimals'],
      [{ time: { ...time, hours: -1 }, distance: 5 }, 'time.hours', 'Hours must be at least 0'],
      [{ time: { ...time, seconds: 100001 }, distance: 5 }, 'time.seconds', 'Seconds must be at most 100000'],
      [{ time: { ...time, minutes: [] }, distance: 5 }, 'time.minutes', 'Minutes must be a number'],
      [{ time: '00:30:00', distance: 5 }, 'time', 'This field is required'],
      [{ time: [0, 30, 0], distance: 5 }, 'time', 'This field is required'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(t.app, 'POST', paUrl(), {
        cookie: me.cookie,
        body: { createdDate: '2026-03-01', ...body },
      });
      expectClientError(response, JSON.stringify(body));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('accepts numeric strings for pace numbers and answers numbers', async () => {
    const response = await call(t.app, 'POST', paUrl(), {
      cookie: me.cookie,
      body: {
        createdDate: '2026-03-01',
        time: { hours: '1', minutes: '0', seconds: '0.5' },
        distance: '10.25',
      },
    });
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(session.time).toEqual({ hours: 1, minutes: 0, seconds: 0.5 });
    expect(session.distance).toBe(10.25);
    for (const key of ['paceMinutes', 'paceSeconds', 'speed', 'distance'])
      expect(typeof session[key]).toBe('number');
  });

  it('refuses wrong types and huge strings in text fields', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/logs', { title: 123 }],
      ['POST', '/api/logs', { title: ['Leg Day'] }],
      ['POST', '/api/logs', { title: { $ne: '' } }],
      ['POST', '/api/logs', { title: 'x'.repeat(50_000) }],
      ['POST', `/api/logs/${log.slugLog}/exercises`, { title: 'Ok', session: ['wlsession'] }],
      ['POST', '/api/users', { username: 'u'.repeat(10_000), email: 'a@b.io', password: 'secret1' }],
      ['POST', '/api/users', { username: 'u', email: `${'a'.repeat(300)}@b.io`, password: 'secret1' }],
      ['POST', '/api/users', { username: 'u', email: 'a@b.io', password: 'p'.repeat(10_000) }],
      ['POST', '/api/users', { username: 'u', email: { $gt: '' }, password: 'secret1' }],
      ['POST', '/api/users/login', { email: 'a@b.io', password: 12345678 }],
      ['POST', '/api/users/login', { email: ['a@b.io'], password: 'x' }],
      ['POST', '/api/users/forgot-password', { email: null }],
      [
        'POST',
        `${exerciseUrl(log.slugLog, wl.slugExercise)}/wlsessions`,
        { createdDate: { y: 2026 }, set: [] },
      ],
    ];
    for (const [method, url, body] of cases) {
      const response = await call(t.app, method as 'POST', url, { cookie: me.cookie, body });
      expectClientError(response, `${url} ${JSON.stringify(body).slice(0, 60)}`);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
  });

  it('answers 4xx for absurd path segments and query values', async () => {
    const urls = [
      `/api/logs/${'%CE%B1'.repeat(2000)}`,
      `/api/logs/edit/${'9'.repeat(5000)}`,
      '/api/logs/%E0%A4%A',
      '/api/logs/%00',
      `/api/users/reset-password/${'t'.repeat(3000)}`,
    ];
    for (const url of urls) {
      const method = url.includes('reset-password') ? 'POST' : 'GET';
      const response = await call(t.app, method, url, {
        cookie: me.cookie,
        body: method === 'POST' ? { password: 'secret-password' } : undefined,
      });
      expectClientError(response, url.slice(0, 60));
    }
    for (const query of [
      'limit=1e309',
      'page=%00',
      'limit[]=5',
      'limit[a]=1',
      'page=99999999999999999999999',
      'limit=-0',
    ]) {
      const response = await call(t.app, 'GET', `/api/logs?${query}`, { cookie: me.cookie });
      expect(response.statusCode, query).toBe(200);
    }
  });

  it('answers 4xx, never 5xx, to NUL characters anywhere (PostgreSQL cannot store them)', async () => {
    const wlBase = `${exerciseUrl(log.slugLog, wl.slugExercise)}/wlsessions`;
    const cases: [string, string, unknown][] = [
      ['GET', '/api/logs/%00', undefined],
      ['GET', `/api/logs/a%00b`, undefined],
      ['DELETE', '/api/logs/%00', undefined],
      ['GET', `/api/logs/${log.slugLog}/exercises/%00`, undefined],
      ['GET', `/api/logs/${log.slugLog}/exercises/%00/progress`, undefined],
      ['DELETE', `/api/logs/${log.slugLog}/exercises/%00`, undefined],
      ['GET', `${wlBase}/%00`, undefined],
      ['DELETE', `${wlBase}/%00`, undefined],
      [
        'POST',
        '/api/users',
        { username: 'a\u0000b', email: `${crypto.randomUUID()}@x.io`, password: 'secret1' },
      ],
      [
        'POST',
        '/api/users',
        { username: 'ab', email: `a\u0000${crypto.randomUUID()}@x.io`, password: 'secret1' },
      ],
      ['POST', '/api/users/login', { email: 'a\u0000b@x.io', password: 'secret1' }],
      ['PUT', '/api/users/profile', { username: 'a\u0000', email: me.email, password: '' }],
      ['POST', '/api/users/reset-password/%00', { password: 'secret-password' }],
      ['POST', '/api/logs', { title: 'a\u0000' }],
    ];
    for (const [method, url, body] of cases) {
      const response = await call(t.app, method as 'GET', url, { cookie: me.cookie, body });
      expectClientError(response, `${method} ${url} ${JSON.stringify(body)}`);
    }
    const profile = (await call(t.app, 'GET', '/api/users/profile', { cookie: me.cookie })).json();
    expect(profile.username).not.toContain('\u0000');
  });

  it('never answers 5xx to any JSON body on any write route', async () => {
    const routes = writeRoutes();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.jsonValue({ maxDepth: 4 }), async (route, body) => {
        const response = await raw(route.method, route.url, JSON.stringify(body) ?? 'null');
        expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expectClientError(response, `${route.method} ${route.url}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('fields the client may not set', () => {
  it('are ignored on a log and never stored', async () => {
    const other = await registerUser(t.app);
    const fakeId = crypto.randomUUID();
    const response = await call(t.app, 'POST', '/api/logs', {
      cookie: me.cookie,
      body: {
        title: 'Honest Log',
        _id: fakeId,
        author: other.user._id,
        slugLog: 'fake-slug',
        isAdmin: true,
        createdAt: '2000-01-01T00:00:00.000Z',
        extra: { nested: 'junk' },
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created._id).not.toBe(fakeId);
    expect(created).toMatchObject({ author: me.user._id, slugLog: 'honest-log' });
    expect(created).not.toHaveProperty('extra');
    expect(created).not.toHaveProperty('isAdmin');
    expect(created.createdAt.startsWith('2000')).toBe(false);
    const stored = (await call(t.app, 'GET', `/api/logs/edit/${created._id}`, { cookie: me.cookie })).json();
    expect(stored).toEqual(created);
    expect((await call(t.app, 'GET', `/api/logs/edit/${fakeId}`, { cookie: me.cookie })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/api/logs', { cookie: other.cookie })).json().logs).toEqual([]);
  });

  it('are ignored on an exercise (the path names its log) and on sessions (numbers are derived)', async () => {
    const otherLog = await createLog(t.app, me.cookie);
    const exercise = await call(t.app, 'POST', `/api/logs/${log.slugLog}/exercises`, {
      cookie: me.cookie,
      body: {
        title: 'Placed',
        session: 'wlsession',
        log: otherLog._id,
        slugLog: otherLog.slugLog,
        author: 'x',
      },
    });
    expect(exercise.statusCode).toBe(201);
    expect(exercise.json()).toMatchObject({ log: log._id, slugLog: log.slugLog, author: me.user._id });

    const session = await call(t.app, 'POST', `${exerciseUrl(log.slugLog, 'placed')}/wlsessions`, {
      cookie: me.cookie,
      body: {
        createdDate: '2026-03-01',
        set: [{ repetitions: 2, kilograms: 10, isHard: true, volume: 999, _id: 'mine' }],
        totalVolume: 999,
        workingVolume: 999,
        junkVolume: 999,
        slugSession: 'custom',
        author: 'someone',
        exercise: crypto.randomUUID(),
      },
    });
    expect(session.statusCode).toBe(201);
    const stored = (
      await call(
        t.app,
        'GET',
        `${exerciseUrl(log.slugLog, 'placed')}/wlsessions/edit/${session.json()._id}`,
        {
          cookie: me.cookie,
        },
      )
    ).json();
    expect(stored).toMatchObject({
      totalVolume: 20,
      workingVolume: 20,
      junkVolume: 0,
      slugSession: '2026-03-01',
      author: me.user._id,
      exercise: exercise.json()._id,
    });
    expect(stored.set[0].volume).toBe(20);
    expect(stored.set[0]._id).not.toBe('mine');
  });
});

describe('cross-site requests', () => {
  const host = '127.0.0.1:3000';
  const post = (headers: Record<string, string>, title: string) =>
    call(t.app, 'POST', '/api/logs', { cookie: me.cookie, headers: { host, ...headers }, body: { title } });

  it('refuses a state-changing request from another origin with 403', async () => {
    const origins = [
      'https://evil.example',
      'null',
      'http://127.0.0.1:3001',
      'http://127.0.0.1:3000.evil.example',
      'http://localhost:3001',
      'not a url',
    ];
    for (const origin of origins) {
      const response = await post({ origin }, 'Forged');
      expect(response.statusCode, origin).toBe(403);
      expect(typeof response.json().message).toBe('string');
    }
    const del = await call(t.app, 'DELETE', `/api/logs/${log._id}`, {
      cookie: me.cookie,
      headers: { host, origin: 'https://evil.example' },
    });
    expect(del.statusCode).toBe(403);
    const put = await call(t.app, 'PUT', `/api/logs/edit/${log._id}`, {
      cookie: me.cookie,
      headers: { host, origin: 'https://evil.example' },
      body: { title: 'Forged' },
    });
    expect(put.statusCode).toBe(403);
    const loginCsrf = await call(t.app, 'POST', '/api/users/login', {
      headers: { host, origin: 'https://evil.example' },
      body: { email: me.email, password: me.password },
    });
    expect(loginCsrf.statusCode).toBe(403);
    expect(loginCsrf.headers['set-cookie']).toBeUndefined();

    const list = (await call(t.app, 'GET', '/api/logs?limit=100', { cookie: me.cookie })).json();
    expect(list.logs.map((l: Log) => l.title)).not.toContain('Forged');
    expect(list.logs.map((l: Log) => l._id)).toContain(log._id);
  });

  it("allows the request's own host, APP_URL's origin, and requests without an Origin", async () => {
    expect((await post({ origin: `http://${host}` }, 'Same Host')).statusCode).toBe(201);
    expect(
      (await post({ host: 'workouts.lan:8080', origin: 'http://workouts.lan:8080' }, 'Lan')).statusCode,
    ).toBe(201);
    // The default APP_URL is http://localhost:3000, whatever Host the request came in on.
    expect((await post({ origin: 'http://localhost:3000' }, 'App Url')).statusCode).toBe(201);
    expect((await post({}, 'No Origin')).statusCode).toBe(201);
  });

  it('does not block reads, and grants no CORS', async () => {
    const response = await call(t.app, 'GET', '/api/logs', {
      cookie: me.cookie,
      headers: { host, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('routing and headers', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/users'],
      ['GET', '/api/logs/a/b/c/d/e/f/g'],
    ] as const) {
      const response = await call(t.app, method, url, { cookie: me.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('answers GET /api/health once the database answers', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers on answers and errors, and no x-powered-by', async () => {
    for (const response of [
      await call(t.app, 'GET', '/api/health'),
      await call(t.app, 'GET', '/api/logs', { cookie: me.cookie }),
      await call(t.app, 'GET', '/api/nope'),
      await call(t.app, 'GET', '/api/logs'),
      await raw('POST', '/api/logs', '{'),
    ]) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/script-src 'self'(;|$| https:\/\/challenges\.cloudflare\.com)/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['referrer-policy']).toBeDefined();
    }
  });

  it('sends no HSTS over plain HTTP (cookieSecure off)', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
