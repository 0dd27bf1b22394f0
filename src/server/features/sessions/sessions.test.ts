import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../../../contract/exercises';
import type { Pasession, Wlsession } from '../../../contract/sessions';
import {
  call,
  createExercise,
  createLog,
  createPasession,
  createWlsession,
  exerciseUrl,
  registerUser,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in user with one exercise of the given kind. */
async function setup(session: 'wlsession' | 'pasession' = 'wlsession') {
  const user = await registerUser(t.app);
  const log = await createLog(t.app, user.cookie);
  const exercise = await createExercise(t.app, user.cookie, log.slugLog, { session });
  const base = `${exerciseUrl(exercise.slugLog, exercise.slugExercise)}/${session}s`;
  return { cookie: user.cookie, user: user.user, log, exercise, base };
}

const post = (base: string, cookie: string, body: unknown) => call(t.app, 'POST', base, { cookie, body });

async function listed(exercise: Exercise, cookie: string, kind: 'wl' | 'pa' = 'wl') {
  const body = (
    await call(t.app, 'GET', `${exerciseUrl(exercise.slugLog, exercise.slugExercise)}?limit=100`, { cookie })
  ).json();
  return kind === 'wl'
    ? body.exerciseAggregate.map((i: { wlsessions: Wlsession }) => i.wlsessions.slugSession)
    : body.exerciseAggregatePa.map((i: { pasessions: Pasession }) => i.pasessions.slugSession);
}

describe('weight sessions: create and read', () => {
  it('answers 201 with the session, its sets and the derived volumes', async () => {
    const { cookie, user, exercise, base } = await setup();
    const response = await post(base, cookie, {
      createdDate: '2026-03-01',
      set: [
        { repetitions: 10, kilograms: 50, isHard: true },
        { repetitions: 3, kilograms: 33.33, isHard: false },
        { repetitions: 7, kilograms: 0.15, isHard: true },
      ],
    });
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(Object.keys(session).sort()).toEqual([
      '_id',
      'author',
      'createdAt',
      'createdDate',
      'exercise',
      'inPounds',
      'junkVolume',
      'notes',
      'set',
      'slugSession',
      'totalVolume',
      'updatedAt',
      'workingVolume',
      'workout',
    ]);
    expect(session).toMatchObject({
      author: user._id,
      exercise: exercise._id,
      createdDate: '2026-03-01',
      slugSession: '2026-03-01',
      totalVolume: 601.04, // 500 + 99.99 + 1.05
      workingVolume: 501.05,
      junkVolume: 99.99,
      // From each set's pounds: 50 kg = 110.23 lb, 33.33 kg = 73.48 lb, 0.15 kg = 0.33 lb.
      inPounds: { totalVolume: 1325.05, workingVolume: 1104.61, junkVolume: 220.44 },
    });
    expect(session.set).toHaveLength(3);
    expect(session.set.map((s: { volume: number }) => s.volume)).toEqual([500, 99.99, 1.05]);
    expect(session.set[1]).toMatchObject({ repetitions: 3, kilograms: 33.33, isHard: false });
    for (const set of session.set) expect(set._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(session.set.map((s: { _id: string }) => s._id)).size).toBe(3);
    // Timestamps as every record writes them (db/json-sql.ts isoMs), within this request's time.
    for (const stamp of [session.createdAt, session.updatedAt]) {
      expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Math.abs(Date.parse(stamp) - Date.now())).toBeLessThan(60_000);
    }

    const bySlug = await call(t.app, 'GET', `${base}/2026-03-01`, { cookie });
    expect(bySlug.statusCode).toBe(200);
    // By slug it also names the records it set: the first session sets every one it counts for.
    expect(bySlug.json()).toEqual({
      wlsession: { ...session, records: ['heaviest', 'e1rm', 'bestSetVolume', 'bestSessionVolume'] },
    });
    const byId = await call(t.app, 'GET', `${base}/edit/${session._id}`, { cookie });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(session);
  });

  it('rounds sums to 2 decimals and treats a missing isHard as not hard', async () => {
    const { cookie, base } = await setup();
    const response = await post(base, cookie, {
      createdDate: '2026-03-01',
      set: [
        { repetitions: 1, kilograms: 0.1 },
        { repetitions: 1, kilograms: 0.2, isHard: null },
        { repetitions: 2.5, kilograms: 2.25, isHard: true },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ totalVolume: 5.93, junkVolume: 0.3, workingVolume: 5.63 });
    expect(response.json().set.map((s: { isHard: boolean }) => s.isHard)).toEqual([false, false, true]);
  });

  it('accepts numeric strings and answers numbers', async () => {
    const { cookie, base } = await setup();
    const response = await post(base, cookie, {
      createdDate: '2026-03-01',
      set: [{ repetitions: '10', kilograms: ' 2.5 ', isHard: true }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().set[0]).toMatchObject({ repetitions: 10, kilograms: 2.5, volume: 25 });
    expect(response.json().totalVolume).toBe(25);
  });

  it('accepts 100 sets of the largest numbers, and refuses 101 sets', async () => {
    const { cookie, base } = await setup();
    const big = Array.from({ length: 100 }, () => ({ repetitions: 100000, kilograms: 100000, isHard: true }));
    const response = await post(base, cookie, { createdDate: '2026-03-01', set: big });
    expect(response.statusCode).toBe(201);
    expect(response.json().totalVolume).toBe(1e12);
    const tooMany = await post(base, cookie, { createdDate: '2026-03-02', set: [...big, big[0]] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toEqual(expect.any(String));
  });

  it('gives the second and third session of a day -2 and -3', async () => {
    const { cookie, exercise, base } = await setup();
    const slugs = [];
    for (let i = 0; i < 3; i += 1) slugs.push((await createWlsession(t.app, cookie, exercise)).slugSession);
    expect(slugs).toEqual(['2026-03-01', '2026-03-01-2', '2026-03-01-3']);
    expect((await createWlsession(t.app, cookie, exercise, { createdDate: '2026-03-02' })).slugSession).toBe(
      '2026-03-02',
    );
    const third = await call(t.app, 'GET', `${base}/2026-03-01-3`, { cookie });
    expect(third.statusCode).toBe(200);
    // Another exercise starts its own numbering.
    const other = await createExercise(t.app, cookie, exercise.slugLog);
    expect((await createWlsession(t.app, cookie, other)).slugSession).toBe('2026-03-01');
  });

  it('gives distinct slugs to sessions created at the same moment', async () => {
    const { cookie, exercise } = await setup();
    const sessions = await Promise.all(
      Array.from({ length: 4 }, () => createWlsession(t.app, cookie, exercise)),
    );
    expect(sessions.map((s) => s.slugSession).sort()).toEqual([
      '2026-03-01',
      '2026-03-01-2',
      '2026-03-01-3',
      '2026-03-01-4',
    ]);
  });

  it('keeps the written date of an ISO date-time', async () => {
    const { cookie, exercise } = await setup();
    const cases: [string, string][] = [
      ['2026-03-01T23:30:00-08:00', '2026-03-01'],
      ['2026-03-02T00:30:00+14:00', '2026-03-02'],
      ['2026-03-03T00:00:00.000Z', '2026-03-03'],
      ['2026-03-04T23:59:59.999Z', '2026-03-04'],
    ];
    for (const [createdDate, expected] of cases) {
      const session = await createWlsession(t.app, cookie, exercise, { createdDate });
      expect(session.createdDate, createdDate).toBe(expected);
      expect(session.slugSession).toBe(expected);
    }
  });

  it('refuses impossible or missing dates with Must be a valid date', async () => {
    const { cookie, base } = await setup();
    const set = [{ repetitions: 1, kilograms: 1 }];
    for (const createdDate of [
      '2026-02-30',
      '2026-13-45',
      '2023-02-29',
      '1899-12-31',
      '2101-01-01',
      'yesterday',
      '',
      null,
      20260301,
      undefined,
    ]) {
      const response = await post(base, cookie, { createdDate, set });
      expect(response.statusCode, String(createdDate)).toBe(400);
      expect(response.json(), String(createdDate)).toEqual({
        message: 'Must be a valid date',
        errors: { createdDate: 'Must be a valid date' },
      });
    }
    expect((await post(base, cookie, { createdDate: '2024-02-29', set })).statusCode).toBe(201);
  });

  it('validates sets with docs/product.md §5 messages, per field path', async () => {
    const { cookie, base, exercise } = await setup();
    const cases: [unknown, Record<string, string>][] = [
      [{ kilograms: 1 }, { 'set.0.repetitions': 'This field is required' }],
      [{ repetitions: '', kilograms: 1 }, { 'set.0.repetitions': 'This field is required' }],
      [{ repetitions: 'abc', kilograms: 1 }, { 'set.0.repetitions': 'Repetitions must be a number' }],
      [{ repetitions: true, kilograms: 1 }, { 'set.0.repetitions': 'Repetitions must be a number' }],
      [{ repetitions: -1, kilograms: 1 }, { 'set.0.repetitions': 'Repetitions must be at least 0' }],
      [{ repetitions: 1 }, { 'set.0.kilograms': 'This field is required' }],
      [{ repetitions: 1, kilograms: 'heavy' }, { 'set.0.kilograms': 'Kilograms must be a number' }],
      [{ repetitions: 1, kilograms: -0.5 }, { 'set.0.kilograms': 'Kilograms must be at least 0' }],
    ];
    for (const [set, errors] of cases) {
      const response = await post(base, cookie, { createdDate: '2026-03-01', set: [set] });
      expect(response.statusCode, JSON.stringify(set)).toBe(400);
      expect(response.json(), JSON.stringify(set)).toEqual({ message: Object.values(errors)[0], errors });
    }
    const second = await post(base, cookie, {
      createdDate: '2026-03-01',
      set: [
        { repetitions: 1, kilograms: 1 },
        { repetitions: 1, kilograms: 'x' },
      ],
    });
    expect(second.json().errors).toEqual({ 'set.1.kilograms': 'Kilograms must be a number' });
    for (const set of [undefined, [], 'sets', null]) {
      const response = await post(base, cookie, { createdDate: '2026-03-01', set });
      expect(response.statusCode, JSON.stringify(set)).toBe(400);
      expect(response.json().errors).toHaveProperty('set');
    }
    expect(await listed(exercise, cookie)).toEqual([]);
  });

  it('answers 404 Session not found for an unknown slug or id', async () => {
    const { cookie, base } = await setup();
    for (const url of [`${base}/2026-01-01`, `${base}/edit/${crypto.randomUUID()}`, `${base}/edit/nope`]) {
      const response = await call(t.app, 'GET', url, { cookie });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Session not found' });
    }
  });
});

describe('weight sessions: order, edit, delete', () => {
  it('lists newest createdDate first, ties by creation time, newest first', async () => {
    const { cookie, exercise } = await setup();
    await createWlsession(t.app, cookie, exercise, { createdDate: '2026-03-01' });
    await createWlsession(t.app, cookie, exercise, { createdDate: '2026-03-05' });
    await createWlsession(t.app, cookie, exercise, { createdDate: '2026-03-01' });
    await createWlsession(t.app, cookie, exercise, { createdDate: '2026-02-01' });
    await createWlsession(t.app, cookie, exercise, { createdDate: '2025-12-31' });
    expect(await listed(exercise, cookie)).toEqual([
      '2026-03-05',
      '2026-03-01-2',
      '2026-03-01',
      '2026-02-01',
      '2025-12-31',
    ]);
  });

  it('recomputes volumes on edit and ignores client-sent derived values', async () => {
    const { cookie, base, exercise } = await setup();
    const session = await createWlsession(t.app, cookie, exercise);
    const response = await call(t.app, 'PUT', `${base}/edit/${session._id}`, {
      cookie,
      body: {
        ...session,
        totalVolume: 999999,
        workingVolume: 1,
        junkVolume: 2,
        slugSession: 'hacked',
        set: [
          { _id: 'x', repetitions: 5, kilograms: 100, isHard: true, volume: 1 },
          { repetitions: 12, kilograms: 20.5, isHard: false },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      _id: session._id,
      slugSession: '2026-03-01', // same date: same address
      createdDate: '2026-03-01',
      totalVolume: 746,
      workingVolume: 500,
      junkVolume: 246,
      createdAt: session.createdAt,
    });
    expect(updated.set.map((s: { volume: number }) => s.volume)).toEqual([500, 246]);
    expect(updated.set[0]._id).not.toBe('x');
    expect((await call(t.app, 'GET', `${base}/2026-03-01`, { cookie })).json()).toEqual({
      wlsession: { ...updated, records: ['heaviest', 'e1rm', 'bestSetVolume', 'bestSessionVolume'] },
    });
  });

  it('recomputes the slug when the date changes', async () => {
    const { cookie, base, exercise } = await setup();
    const first = await createWlsession(t.app, cookie, exercise, { createdDate: '2026-03-01' });
    const second = await createWlsession(t.app, cookie, exercise, { createdDate: '2026-03-01' });
    expect(second.slugSession).toBe('2026-03-01-2');
    const set = [{ repetitions: 1, kilograms: 1, isHard: false }];

    const moved = await call(t.app, 'PUT', `${base}/edit/${second._id}`, {
      cookie,
      body: { createdDate: '2026-03-09', set },
    });
    expect(moved.json()).toMatchObject({ createdDate: '2026-03-09', slugSession: '2026-03-09' });
    expect((await call(t.app, 'GET', `${base}/2026-03-01-2`, { cookie })).statusCode).toBe(404);

    const onto = await call(t.app, 'PUT', `${base}/edit/${first._id}`, {
      cookie,
      body: { createdDate: '2026-03-09T08:00:00Z', set },
    });
    expect(onto.json()).toMatchObject({ createdDate: '2026-03-09', slugSession: '2026-03-09-2' });
    // Same date: ties go by creation time, newest first — `second` was created after `first`.
    expect(await listed(exercise, cookie)).toEqual(['2026-03-09', '2026-03-09-2']);

    // The freed date is used again by the next session of that day.
    expect((await createWlsession(t.app, cookie, exercise, { createdDate: '2026-03-01' })).slugSession).toBe(
      '2026-03-01',
    );
  });

  it('validates an edit like a create and changes nothing on failure', async () => {
    const { cookie, base, exercise } = await setup();
    const session = await createWlsession(t.app, cookie, exercise);
    const response = await call(t.app, 'PUT', `${base}/edit/${session._id}`, {
      cookie,
      body: { createdDate: '2026-02-30', set: [{ repetitions: -1, kilograms: 1 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      createdDate: 'Must be a valid date',
      'set.0.repetitions': 'Repetitions must be at least 0',
    });
    expect((await call(t.app, 'GET', `${base}/edit/${session._id}`, { cookie })).json()).toEqual(session);
    const missing = await call(t.app, 'PUT', `${base}/edit/${crypto.randomUUID()}`, {
      cookie,
      body: { createdDate: '2026-03-01', set: [{ repetitions: 1, kilograms: 1 }] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Session not found' });
  });

  it('deletes by slug', async () => {
    const { cookie, base, exercise } = await setup();
    await createWlsession(t.app, cookie, exercise);
    const kept = await createWlsession(t.app, cookie, exercise);
    const response = await call(t.app, 'DELETE', `${base}/2026-03-01`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Session deleted' });
    expect(await listed(exercise, cookie)).toEqual([kept.slugSession]);
    const again = await call(t.app, 'DELETE', `${base}/2026-03-01`, { cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Session not found' });
  });
});

describe('pace sessions', () => {
  it('answers 201 with pace and speed derived from time and distance', async () => {
    const { cookie, user, exercise, base } = await setup('pasession');
    const response = await post(base, cookie, {
      createdDate: '2026-03-01',
      time: { hours: 0, minutes: 47, seconds: 13 },
      distance: 10,
    });
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(Object.keys(session).sort()).toEqual([
      '_id',
      'author',
      'createdAt',
      'createdDate',
      'distance',
      'exercise',
      'notes',
      'paceMinutes',
      'paceSeconds',
      'slugSession',
      'speed',
      'time',
      'updatedAt',
      'workout',
    ]);
    expect(session).toMatchObject({
      author: user._id,
      exercise: exercise._id,
      createdDate: '2026-03-01',
      slugSession: '2026-03-01',
      time: { hours: 0, minutes: 47, seconds: 13 },
      distance: 10,
      paceMinutes: 4,
      paceSeconds: 43,
      speed: 0.212,
    });
    expect((await call(t.app, 'GET', `${base}/2026-03-01`, { cookie })).json()).toEqual({
      pasession: { ...session, records: ['fastestPace', 'longestDistance', 'longestDuration'] },
    });
    expect((await call(t.app, 'GET', `${base}/edit/${session._id}`, { cookie })).json()).toEqual(session);
  });

  it('counts hours, carries seconds that round to 60, and gives 0s for zero distance or time', async () => {
    const { cookie, exercise } = await setup('pasession');
    const cases: [object, number, object][] = [
      [{ hours: 1, minutes: 45, seconds: 30 }, 21.1, { paceMinutes: 5, paceSeconds: 0, speed: 0.2 }],
      [{ hours: 0, minutes: 4, seconds: 59.99 }, 1, { paceMinutes: 5, paceSeconds: 0, speed: 0.2 }],
      [{ hours: 0, minutes: 30, seconds: 0 }, 0, { paceMinutes: 0, paceSeconds: 0, speed: 0 }],
      [{ hours: 0, minutes: 0, seconds: 0 }, 5, { paceMinutes: 0, paceSeconds: 0, speed: 0 }],
      [{ hours: 100000, minutes: 0, seconds: 0 }, 0.01, { paceMinutes: 600000000, paceSeconds: 0, speed: 0 }],
    ];
    for (const [time, distance, expected] of cases) {
      const session = await createPasession(t.app, cookie, exercise, {
        time: time as never,
        distance,
      });
      expect(session, JSON.stringify({ time, distance })).toMatchObject(expected);
    }
  });

  it('accepts numeric strings and answers numbers', async () => {
    const { cookie, base } = await setup('pasession');
    const response = await post(base, cookie, {
      createdDate: '2026-03-01',
      time: { hours: '0', minutes: '25', seconds: '0' },
      distance: '5',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      time: { hours: 0, minutes: 25, seconds: 0 },
      distance: 5,
      paceMinutes: 5,
      paceSeconds: 0,
      speed: 0.2,
    });
  });

  it('validates with docs/product.md §5 messages per field path', async () => {
    const { cookie, base } = await setup('pasession');
    const time = { hours: 0, minutes: 25, seconds: 0 };
    const cases: [object, Record<string, string>][] = [
      [{ time, distance: undefined }, { distance: 'This field is required' }],
      [{ time, distance: 'far' }, { distance: 'Distance must be a number' }],
      [{ time, distance: -1 }, { distance: 'Distance must be at least 0' }],
      [{ time: { ...time, hours: 'x' }, distance: 5 }, { 'time.hours': 'Hours must be a number' }],
      [{ time: { ...time, minutes: -2 }, distance: 5 }, { 'time.minutes': 'Minutes must be at least 0' }],
      [{ time: { hours: 0, minutes: 1 }, distance: 5 }, { 'time.seconds': 'This field is required' }],
      [{ time: { ...time, seconds: null }, distance: 5 }, { 'time.seconds': 'This field is required' }],
      [{ distance: 5 }, { time: 'This field is required' }],
    ];
    for (const [body, errors] of cases) {
      const response = await post(base, cookie, { createdDate: '2026-03-01', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ message: Object.values(errors)[0], errors });
    }
  });

  it('recomputes pace on edit, ignores client-sent pace and speed, and moves the slug with the date', async () => {
    const { cookie, base, exercise } = await setup('pasession');
    const session = await createPasession(t.app, cookie, exercise);
    await createPasession(t.app, cookie, exercise, { createdDate: '2026-03-02' });
    const response = await call(t.app, 'PUT', `${base}/edit/${session._id}`, {
      cookie,
      body: {
        ...session,
        createdDate: '2026-03-02',
        time: { hours: 0, minutes: 55, seconds: 0 },
        distance: 10,
        paceMinutes: 1,
        paceSeconds: 1,
        speed: 99,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: session._id,
      createdDate: '2026-03-02',
      slugSession: '2026-03-02-2',
      paceMinutes: 5,
      paceSeconds: 30,
      speed: 0.182,
      distance: 10,
    });
    expect(await listed(exercise, cookie, 'pa')).toEqual(['2026-03-02', '2026-03-02-2']); // by creation time
  });

  it('deletes by slug', async () => {
    const { cookie, base, exercise } = await setup('pasession');
    await createPasession(t.app, cookie, exercise);
    const response = await call(t.app, 'DELETE', `${base}/2026-03-01`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Session deleted' });
    expect(await listed(exercise, cookie, 'pa')).toEqual([]);
  });
});

describe('session kind must match the exercise', () => {
  it('answers 400 for a weight session posted to a pace exercise and the reverse; nothing is stored', async () => {
    const pace = await setup('pasession');
    const wlUrl = `${exerciseUrl(pace.exercise.slugLog, pace.exercise.slugExercise)}/wlsessions`;
    const wrongWl = await post(wlUrl, pace.cookie, {
      createdDate: '2026-03-01',
      set: [{ repetitions: 1, kilograms: 1 }],
    });
    expect(wrongWl.statusCode).toBe(400);
    expect(wrongWl.json().message).toEqual(expect.any(String));

    const weights = await setup('wlsession');
    const paUrl = `${exerciseUrl(weights.exercise.slugLog, weights.exercise.slugExercise)}/pasessions`;
    const wrongPa = await post(paUrl, weights.cookie, {
      createdDate: '2026-03-01',
      time: { hours: 0, minutes: 25, seconds: 0 },
      distance: 5,
    });
    expect(wrongPa.statusCode).toBe(400);
    expect(wrongPa.json().message).toEqual(expect.any(String));

    const pacePage = (
      await call(t.app, 'GET', exerciseUrl(pace.exercise.slugLog, pace.exercise.slugExercise), {
        cookie: pace.cookie,
      })
    ).json();
    expect(pacePage.pagination.total).toBe(0);
    const wlPage = (
      await call(t.app, 'GET', exerciseUrl(weights.exercise.slugLog, weights.exercise.slugExercise), {
        cookie: weights.cookie,
      })
    ).json();
    expect(wlPage.pagination.total).toBe(0);
  });

  it('does not find a session through the other kind of path', async () => {
    const { cookie, exercise } = await setup('wlsession');
    const session = await createWlsession(t.app, cookie, exercise);
    const paBase = `${exerciseUrl(exercise.slugLog, exercise.slugExercise)}/pasessions`;
    for (const url of [`${paBase}/${session.slugSession}`, `${paBase}/edit/${session._id}`]) {
      const response = await call(t.app, 'GET', url, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Session not found' });
    }
    const remove = await call(t.app, 'DELETE', `${paBase}/${session.slugSession}`, { cookie });
    expect(remove.statusCode).toBe(404);
    expect(await listed(exercise, cookie)).toEqual([session.slugSession]);
  });
});
