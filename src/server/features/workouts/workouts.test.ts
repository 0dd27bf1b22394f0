import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../../../contract/exercises';
import type { Workout, WorkoutEntry } from '../../../contract/workouts';
import {
  call,
  createGymLog,
  createWlsession,
  exerciseUrl,
  registerUser,
  type GymLog,
  weightSets,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Workouts through HTTP (docs/api.md §11 "Workouts" and its precise rules).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Gym = GymLog & { url: string };

/** An entry's session, of either kind. */
const sessionOf = (e: WorkoutEntry) => ('wlsession' in e ? e.wlsession : e.pasession);

async function gym(): Promise<Gym> {
  const g = await createGymLog(t.app);
  return { ...g, url: `${g.base}/workouts` };
}

function body(g: Gym, overrides: Record<string, unknown> = {}) {
  return {
    title: '  Leg day ',
    createdDate: '2026-05-01',
    startedAt: '2026-05-01T10:00:00Z',
    endedAt: '2026-05-01T11:05:30.9Z',
    notes: 'felt strong',
    entries: [
      { slugExercise: g.squat.slugExercise, superset: 1, set: weightSets([5, 100], [5, 100]) },
      { slugExercise: g.bench.slugExercise, superset: 1, set: [{ repetitions: 5, pounds: 135 }] },
      { slugExercise: g.run.slugExercise, time: { hours: 0, minutes: 20, seconds: 0 }, distance: 4 },
    ],
    ...overrides,
  };
}

async function post(g: Gym, payload: unknown = body(g), headers?: Record<string, string>) {
  return call(t.app, 'POST', g.url, { cookie: g.cookie, body: payload, headers });
}

async function created(g: Gym, payload: unknown = body(g)): Promise<Workout> {
  const response = await post(g, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().workout;
}

describe('POST …/workouts', () => {
  it('writes the workout and its sessions, answering the §11 shape', async () => {
    const g = await gym();
    const workout = await created(g);
    expect(workout).toMatchObject({
      author: g.user._id,
      log: g.log._id,
      title: 'Leg day',
      createdDate: '2026-05-01',
      startedAt: '2026-05-01T10:00:00.000Z',
      endedAt: '2026-05-01T11:05:30.900Z',
      // 3930.9 s, rounded down
      duration: 3930,
      notes: 'felt strong',
      routine: null,
      sets: 3,
    });
    // 1000 + 5 × 61.2349… = 1306.17 (the bench set's unrounded kilograms)
    expect(workout.totalVolume).toBe(1306.17);
    expect(workout.entries.map((e) => [e.exercise.slugExercise, e.superset])).toEqual([
      ['squat', 1],
      ['bench', 1],
      ['run', null],
    ]);
    const [first, , third] = workout.entries;
    expect(first && 'wlsession' in first && first.wlsession).toMatchObject({
      workout: workout._id,
      slugSession: '2026-05-01',
      createdDate: '2026-05-01',
    });
    expect(third && 'pasession' in third && third.pasession).toMatchObject({
      workout: workout._id,
      distance: 4,
    });
    // Each stays a session of its exercise.
    const page = await call(t.app, 'GET', exerciseUrl(g.log.slugLog, 'squat'), { cookie: g.cookie });
    expect(page.json().exerciseAggregate[0].wlsessions.workout).toBe(workout._id);
  });

  it('sums volumes unrounded and rounds once', async () => {
    const g = await gym();
    const workout = await created(
      g,
      body(g, {
        entries: [
          { slugExercise: 'squat', set: [{ repetitions: 1, pounds: 135 }] },
          { slugExercise: 'bench', set: [{ repetitions: 1, pounds: 135 }] },
        ],
      }),
    );
    // 2 × 61.2349… = 122.47 (not 2 × 61.23 = 122.46)
    expect(workout.totalVolume).toBe(122.47);
  });

  it('defaults the title, leaves times and duration null, and takes one exercise twice with its own slug', async () => {
    const g = await gym();
    const workout = await created(g, {
      createdDate: '2026-05-02',
      entries: [
        { slugExercise: 'squat', set: weightSets([1, 1]) },
        { slugExercise: 'SQUAT', set: weightSets([2, 2]) },
      ],
    });
    expect(workout).toMatchObject({
      title: 'Workout',
      startedAt: null,
      endedAt: null,
      duration: null,
      notes: '',
    });
    expect(workout.entries.map((e) => 'wlsession' in e && e.wlsession.slugSession)).toEqual([
      '2026-05-02',
      '2026-05-02-2',
    ]);
    // A later session on that date takes the next free slug.
    const session = await createWlsession(t.app, g.cookie, g.squat, { createdDate: '2026-05-02' });
    expect(session.slugSession).toBe('2026-05-02-3');
    expect(session.workout).toBeNull();
  });

  it('keys each entry error under the entry and writes nothing', async () => {
    const g = await gym();
    const response = await post(
      g,
      body(g, {
        routine: 'nope',
        entries: [
          { slugExercise: 'squat', set: [{ repetitions: 5, kilograms: 'x' }] },
          { slugExercise: 'missing', set: weightSets([1, 1]) },
          { slugExercise: 'run', time: { hours: 0, minutes: 1, seconds: 0 } },
          { slugExercise: 'bench', superset: 2, set: [] },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'No such routine in this log',
      errors: {
        routine: 'No such routine in this log',
        'entries.0.set.0.kilograms': 'Kilograms must be a number',
        'entries.1.slugExercise': 'No such exercise in this log',
        'entries.2.distance': expect.any(String),
        'entries.3.set': 'Add at least one set',
      },
    });
    const list = await call(t.app, 'GET', g.url, { cookie: g.cookie });
    expect(list.json().pagination.total).toBe(0);
    const page = await call(t.app, 'GET', exerciseUrl(g.log.slugLog, 'squat'), { cookie: g.cookie });
    expect(page.json().pagination.total).toBe(0);
  });

  it.each([
    [{ entries: [] }, 'entries', 'Add at least one exercise'],
    [{ entries: [null] }, 'entries.0', 'Each entry must be an object naming its exercise'],
    // First step (the route's schema): its messages come alone (decision 0023).
    [
      { entries: [{ slugExercise: 'squat', superset: 21 }] },
      'entries.0.superset',
      'Superset must be between 1 and 20',
    ],
    [{ title: 'x'.repeat(101) }, 'title', 'Title can be at most 100 characters'],
    [{ endedAt: '2026-05-01T09:00:00Z' }, 'endedAt', 'End must not be before start'],
    [{ startedAt: '2026-05-01' }, 'startedAt', 'Must be a valid date'],
    [{ createdDate: '2026-02-30' }, 'createdDate', 'Must be a valid date'],
  ])('refuses %j', async (overrides, field, message) => {
    const g = await gym();
    const response = await post(g, body(g, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('honours an Idempotency-Key: the same answer, one workout', async () => {
    const g = await gym();
    const headers = { 'idempotency-key': 'workout-1' };
    const [a, b] = [await post(g, body(g), headers), await post(g, body(g), headers)];
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body).toBe(a.body);
    const list = await call(t.app, 'GET', g.url, { cookie: g.cookie });
    expect(list.json().pagination.total).toBe(1);
  });

  it('answers 401 without a session and 404 for a log that is not the caller’s', async () => {
    const g = await gym();
    const other = await registerUser(t.app);
    expect((await call(t.app, 'POST', g.url, { body: body(g) })).statusCode).toBe(401);
    const stranger = await call(t.app, 'POST', g.url, { cookie: other.cookie, body: body(g) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Log not found');
  });
});

describe('GET …/workouts and …/workouts/:id', () => {
  it('lists newest date first, then start (nulls last), then creation, paginated', async () => {
    const g = await gym();
    const one = (createdDate: string, startedAt: string | null) =>
      created(g, { createdDate, startedAt, entries: [{ slugExercise: 'squat', set: weightSets([1, 1]) }] });
    const a = await one('2026-01-01', null);
    const b = await one('2026-01-02', null);
    const c = await one('2026-01-02', '2026-01-02T08:00:00Z');
    const d = await one('2026-01-02', '2026-01-02T09:00:00Z');
    const e = await one('2026-01-02', null);
    const all = await call(t.app, 'GET', g.url, { cookie: g.cookie });
    expect(all.json().workouts.map((w: Workout) => w._id)).toEqual([d._id, c._id, e._id, b._id, a._id]);
    const page = await call(t.app, 'GET', `${g.url}?limit=2&page=3`, { cookie: g.cookie });
    expect(page.json()).toMatchObject({
      workouts: [{ _id: a._id }],
      pagination: { totalPages: 3, page: 3, limit: 2, total: 5 },
    });
    expect((await call(t.app, 'GET', `${g.url}?page=9`, { cookie: g.cookie })).json().workouts).toEqual([]);
  });

  it('answers one workout, and 404 Workout not found for an unknown or another user’s', async () => {
    const g = await gym();
    const workout = await created(g);
    const one = await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ workout });
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const missing = await call(t.app, 'GET', `${g.url}/${id}`, { cookie: g.cookie });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Workout not found');
    }
    const other = await gym();
    const theirs = await call(t.app, 'GET', `${other.url}/${workout._id}`, { cookie: other.cookie });
    expect(theirs.json()).toEqual({ message: 'Workout not found' });
    const noLog = await call(t.app, 'GET', `/api/logs/nope/workouts/${workout._id}`, { cookie: g.cookie });
    expect(noLog.json()).toEqual({ message: 'Log not found' });
  });
});

describe('PUT …/workouts/:id', () => {
  it('updates named sessions, creates new ones, deletes the absent, in the body’s order', async () => {
    const g = await gym();
    const workout = await created(g);
    const [squat, bench, run] = workout.entries;
    const squatId = squat && 'wlsession' in squat ? squat.wlsession._id : '';
    const runId = run && 'pasession' in run ? run.pasession._id : '';
    const response = await call(t.app, 'PUT', `${g.url}/${workout._id}`, {
      cookie: g.cookie,
      body: body(g, {
        title: 'Edited',
        entries: [
          { slugExercise: 'run', _id: runId, time: { hours: 0, minutes: 30, seconds: 0 }, distance: 6 },
          { slugExercise: 'squat', _id: squatId, superset: 2, set: weightSets([3, 120]) },
          { slugExercise: 'squat', set: weightSets([1, 10]) },
        ],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited: Workout = response.json().workout;
    expect(edited).toMatchObject({ _id: workout._id, title: 'Edited', totalVolume: 370, sets: 2 });
    expect(edited.entries.map((e) => sessionOf(e)._id).slice(0, 2)).toEqual([runId, squatId]);
    expect(edited.entries[1]).toMatchObject({ superset: 2, wlsession: { slugSession: '2026-05-01' } });
    expect(edited.entries[2]).toMatchObject({ wlsession: { slugSession: '2026-05-01-2' } });
    // The bench session was left out: deleted.
    const benchPage = await call(t.app, 'GET', exerciseUrl(g.log.slugLog, 'bench'), { cookie: g.cookie });
    expect(benchPage.json().pagination.total).toBe(0);
    expect(bench).toBeDefined();
  });

  it('gives a new session the slug of a session of its exercise the edit leaves out', async () => {
    const g = await gym();
    const workout = await created(g);
    const [, bench, run] = workout.entries;
    const response = await call(t.app, 'PUT', `${g.url}/${workout._id}`, {
      cookie: g.cookie,
      body: body(g, {
        entries: [
          { slugExercise: 'bench', _id: sessionOf(bench)._id, set: weightSets([5, 60]) },
          { slugExercise: 'squat', set: weightSets([3, 120]) },
          { slugExercise: 'run', time: { hours: 0, minutes: 25, seconds: 0 }, distance: 5 },
        ],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited: Workout = response.json().workout;
    expect(edited.entries.map((e) => sessionOf(e).slugSession)).toEqual([
      '2026-05-01',
      '2026-05-01',
      '2026-05-01',
    ]);
    expect(sessionOf(edited.entries[2])._id).not.toBe(sessionOf(run)._id);
    const squat = await call(t.app, 'GET', `${exerciseUrl(g.log.slugLog, 'squat')}/wlsessions/2026-05-01`, {
      cookie: g.cookie,
    });
    expect(squat.statusCode, squat.body).toBe(200);
    expect(squat.json().wlsession.set).toHaveLength(1);
  });

  it('moves every session to a new date, slugs recomputed', async () => {
    const g = await gym();
    await createWlsession(t.app, g.cookie, g.squat, { createdDate: '2026-06-01' });
    const workout = await created(g);
    const entries = workout.entries.map((e) => ({
      slugExercise: e.exercise.slugExercise,
      ...sessionOf(e),
    }));
    const response = await call(t.app, 'PUT', `${g.url}/${workout._id}`, {
      cookie: g.cookie,
      body: { ...body(g), createdDate: '2026-06-01', entries },
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited: Workout = response.json().workout;
    expect(edited.entries.map((e) => sessionOf(e).slugSession)).toEqual([
      '2026-06-01-2',
      '2026-06-01',
      '2026-06-01',
    ]);
    expect(edited.totalVolume).toBe(workout.totalVolume);
  });

  it('refuses an _id of another exercise or not of this workout', async () => {
    const g = await gym();
    const workout = await created(g);
    const loose = await createWlsession(t.app, g.cookie, g.squat);
    const squatId =
      workout.entries[0] && 'wlsession' in workout.entries[0] ? workout.entries[0].wlsession._id : '';
    const response = await call(t.app, 'PUT', `${g.url}/${workout._id}`, {
      cookie: g.cookie,
      body: body(g, {
        entries: [
          { slugExercise: 'bench', _id: squatId, set: weightSets([1, 1]) },
          { slugExercise: 'squat', _id: loose._id, set: weightSets([1, 1]) },
        ],
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'entries.0._id': 'This session belongs to another exercise',
      'entries.1._id': 'No such session in this workout',
    });
    const after = await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie });
    expect(after.json().workout).toEqual(workout);
  });

  it('answers 404 for an unknown workout', async () => {
    const g = await gym();
    const response = await call(t.app, 'PUT', `${g.url}/00000000-0000-4000-8000-000000000000`, {
      cookie: g.cookie,
      body: body(g),
    });
    expect(response.json()).toEqual({ message: 'Workout not found' });
  });
});

describe('deleting', () => {
  it('DELETE removes the workout and its sessions', async () => {
    const g = await gym();
    const workout = await created(g);
    const response = await call(t.app, 'DELETE', `${g.url}/${workout._id}`, { cookie: g.cookie });
    expect(response.json()).toEqual({ message: 'Workout deleted' });
    const page = await call(t.app, 'GET', exerciseUrl(g.log.slugLog, 'squat'), { cookie: g.cookie });
    expect(page.json().pagination.total).toBe(0);
    const again = await call(t.app, 'DELETE', `${g.url}/${workout._id}`, { cookie: g.cookie });
    expect(again.statusCode).toBe(404);
  });

  it('a session route may edit and delete; a new date takes the session out; the last one takes the workout', async () => {
    const g = await gym();
    const workout = await created(
      g,
      body(g, {
        entries: [
          { slugExercise: 'squat', set: weightSets([1, 1]) },
          { slugExercise: 'bench', set: weightSets([1, 1]) },
        ],
      }),
    );
    const squatUrl = `${exerciseUrl(g.log.slugLog, 'squat')}/wlsessions`;
    const benchUrl = `${exerciseUrl(g.log.slugLog, 'bench')}/wlsessions`;
    const squatId =
      workout.entries[0] && 'wlsession' in workout.entries[0] ? workout.entries[0].wlsession._id : '';
    // Same date: still in the workout.
    const same = await call(t.app, 'PUT', `${squatUrl}/edit/${squatId}`, {
      cookie: g.cookie,
      body: { createdDate: '2026-05-01', set: weightSets([2, 2]) },
    });
    expect(same.json().workout).toBe(workout._id);
    const moved = await call(t.app, 'PUT', `${squatUrl}/edit/${squatId}`, {
      cookie: g.cookie,
      body: { createdDate: '2026-05-03', set: weightSets([2, 2]) },
    });
    expect(moved.json().workout).toBeNull();
    const left = (await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).json().workout;
    expect(left.entries.map((e: { exercise: Exercise }) => e.exercise.slugExercise)).toEqual(['bench']);
    const gone = await call(t.app, 'DELETE', `${benchUrl}/2026-05-01`, { cookie: g.cookie });
    expect(gone.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).statusCode).toBe(404);
  });

  it('a new date on the last session deletes the workout', async () => {
    const g = await gym();
    const workout = await created(
      g,
      body(g, { entries: [{ slugExercise: 'squat', set: weightSets([1, 1]) }] }),
    );
    const id =
      workout.entries[0] && 'wlsession' in workout.entries[0] ? workout.entries[0].wlsession._id : '';
    await call(t.app, 'PUT', `${exerciseUrl(g.log.slugLog, 'squat')}/wlsessions/edit/${id}`, {
      cookie: g.cookie,
      body: { createdDate: '2026-05-09', set: weightSets([2, 2]) },
    });
    expect((await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).statusCode).toBe(404);
  });

  it('deleting an exercise deletes a workout it leaves empty and keeps the others', async () => {
    const g = await gym();
    const solo = await created(g, body(g, { entries: [{ slugExercise: 'squat', set: weightSets([1, 1]) }] }));
    const mixed = await created(g);
    await call(t.app, 'DELETE', exerciseUrl(g.log.slugLog, 'squat'), { cookie: g.cookie });
    expect((await call(t.app, 'GET', `${g.url}/${solo._id}`, { cookie: g.cookie })).statusCode).toBe(404);
    const kept = (await call(t.app, 'GET', `${g.url}/${mixed._id}`, { cookie: g.cookie })).json().workout;
    expect(kept.entries).toHaveLength(2);
  });

  it('deleting the log deletes its workouts', async () => {
    const g = await gym();
    await created(g);
    const response = await call(t.app, 'DELETE', `/api/logs/${g.log.slugLog}`, { cookie: g.cookie });
    expect(response.statusCode).toBe(200);
    const rows = await t.db.execute(
      (await import('drizzle-orm'))
        .sql`select count(*)::int as n from workouts where author_id = ${g.user._id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
