import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workout } from '../../../contract/workouts';
import {
  call,
  createGymLog,
  createWlsession,
  exerciseUrl,
  type GymLog,
  weightSets,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sampleCsv } from '../portability/sample-csv';

// A workout's stored JSON (decision 0038) after every write path that changes it: what the reads
// send must be what a fresh build gives (`workout_stored_json`), and show the change.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Gym = GymLog & { url: string };

async function gym(): Promise<Gym> {
  const g = await createGymLog(t.app);
  return { ...g, url: `${g.base}/workouts` };
}

const entries = () => [
  { slugExercise: 'squat', superset: 1, set: weightSets([5, 100], [5, 100]) },
  { slugExercise: 'bench', superset: 1, set: [{ repetitions: 5, pounds: 135 }] },
  { slugExercise: 'run', time: { hours: 0, minutes: 20, seconds: 0 }, distance: 4 },
];
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Legs',
  createdDate: '2026-05-01',
  startedAt: '2026-05-01T10:00:00Z',
  endedAt: '2026-05-01T11:00:00.25Z',
  notes: '',
  entries: entries(),
  ...overrides,
});

async function created(g: Gym, payload: unknown = body()): Promise<Workout> {
  const response = await call(t.app, 'POST', g.url, { cookie: g.cookie, body: payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().workout;
}

async function ok(method: 'PUT' | 'POST' | 'DELETE', url: string, g: Gym, payload?: unknown, status = 200) {
  const response = await call(t.app, method, url, { cookie: g.cookie, body: payload });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** The user's workouts whose stored JSON is not what a fresh build gives. */
async function stale(g: Gym): Promise<string[]> {
  const result = (await t.db.execute(
    sql`select w.id::text from workouts w where w.author_id = ${g.user._id}
      and w.api_json::text is distinct from workout_stored_json(w)::text`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** The workout as its detail route and the log's page send it, checked against a fresh build. */
async function read(g: Gym, id: string): Promise<Workout> {
  expect(await stale(g)).toEqual([]);
  const detail = await call(t.app, 'GET', `${g.url}/${id}`, { cookie: g.cookie });
  expect(detail.statusCode, detail.body).toBe(200);
  const page = (await call(t.app, 'GET', `${g.url}?limit=100`, { cookie: g.cookie })).json();
  expect(page.workouts.find((w: Workout) => w._id === id)).toEqual(detail.json().workout);
  return detail.json().workout;
}

const sessionIds = (workout: Workout) =>
  workout.entries.map((e) => ('wlsession' in e ? e.wlsession._id : e.pasession._id));

describe('a workout’s stored JSON', () => {
  it('is the create’s and the edit’s answer, byte for byte', async () => {
    const g = await gym();
    const response = await call(t.app, 'POST', g.url, { cookie: g.cookie, body: body() });
    const workout = response.json().workout as Workout;
    const detail = await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie });
    expect(detail.body).toBe(response.body);
    expect(await stale(g)).toEqual([]);

    const [squat, , run] = sessionIds(workout);
    const edit = await ok('PUT', `${g.url}/${workout._id}`, g, {
      ...body({ title: 'Legs 2', notes: 'n' }),
      entries: [
        { ...entries()[2], _id: run },
        { ...entries()[0], _id: squat, set: weightSets([3, 120]) },
        { slugExercise: 'bench', set: weightSets([8, 60]) },
      ],
    });
    const after = await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie });
    expect(after.body).toBe(edit.body);
    expect((await read(g, workout._id)).entries.map((e) => e.exercise.slugExercise)).toEqual([
      'run',
      'squat',
      'bench',
    ]);
  });

  it('follows its sessions edited, moved out and deleted through the session routes', async () => {
    const g = await gym();
    const workout = await created(g);
    const [squat] = sessionIds(workout);
    const squatUrl = `${exerciseUrl(g.log.slugLog, 'squat')}/wlsessions`;
    await ok('PUT', `${squatUrl}/edit/${squat}`, g, { createdDate: '2026-05-01', set: weightSets([2, 50]) });
    const edited = await read(g, workout._id);
    expect(edited.sets).toBe(2);
    // 2 × 50 kg, and the bench's 5 × 135 lb = 306.17 kg
    expect(edited.totalVolume).toBe(406.17);

    await ok('PUT', `${squatUrl}/edit/${squat}`, g, { createdDate: '2026-05-03', set: weightSets([2, 50]) });
    expect((await read(g, workout._id)).entries.map((e) => e.exercise.slugExercise)).toEqual([
      'bench',
      'run',
    ]);

    await ok('DELETE', `${exerciseUrl(g.log.slugLog, 'bench')}/wlsessions/2026-05-01`, g);
    const left = await read(g, workout._id);
    expect(left.entries.map((e) => e.exercise.slugExercise)).toEqual(['run']);
    expect(left.sets).toBe(0);
  });

  it('follows a renamed exercise and a renamed log', async () => {
    const g = await gym();
    const workout = await created(g);
    const squatId = workout.entries[0]?.exercise._id as string;
    await ok('PUT', `/api/logs/${g.log.slugLog}/exercises/edit/${squatId}`, g, { title: 'Back Squat' });
    expect((await read(g, workout._id)).entries[0]?.exercise).toMatchObject({
      title: 'Back Squat',
      slugExercise: 'back-squat',
    });

    await ok('PUT', `/api/logs/edit/${g.log._id}`, g, { title: 'Strength Block' });
    const renamed = { ...g, slugLog: 'strength-block', url: '/api/logs/strength-block/workouts' };
    expect((await read(renamed, workout._id)).entries.map((e) => e.exercise.slugLog)).toEqual([
      'strength-block',
      'strength-block',
      'strength-block',
    ]);
  });

  it('follows its routine deleted, and stays untouched by sessions outside it', async () => {
    const g = await gym();
    const routine = await ok(
      'POST',
      `/api/logs/${g.log.slugLog}/routines`,
      g,
      {
        title: 'R',
        entries: [{ slugExercise: 'squat' }],
      },
      201,
    );
    const routineId = routine.json().routine._id as string;
    const workout = await created(g, body({ routine: routineId }));
    expect(workout.routine).toBe(routineId);
    await ok('DELETE', `/api/logs/${g.log.slugLog}/routines/${routineId}`, g);
    expect((await read(g, workout._id)).routine).toBeNull();

    const before = (await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).body;
    await createWlsession(
      t.app,
      g.cookie,
      { slugLog: g.log.slugLog, slugExercise: 'squat' },
      { createdDate: '2026-05-01' },
    );
    expect((await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).body).toBe(before);
    expect(await stale(g)).toEqual([]);
  });

  it('comes back with a session and a workout restored from the trash', async () => {
    const g = await gym();
    const workout = await created(g);
    const whole = (await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).body;

    await ok('DELETE', `${exerciseUrl(g.log.slugLog, 'bench')}/wlsessions/2026-05-01`, g);
    expect((await read(g, workout._id)).entries).toHaveLength(2);
    const [benchSession] = sessionIds(workout).slice(1, 2);
    await ok('POST', `/api/trash/${benchSession}/restore`, g);
    expect(await stale(g)).toEqual([]);
    expect((await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).body).toBe(whole);

    await ok('DELETE', `${g.url}/${workout._id}`, g);
    await ok('POST', `/api/trash/${workout._id}/restore`, g);
    expect(await stale(g)).toEqual([]);
    expect((await call(t.app, 'GET', `${g.url}/${workout._id}`, { cookie: g.cookie })).body).toBe(whole);
  });

  it('is built once its sessions are all in after an import, sessions arriving in many statements', async () => {
    const g = await gym();
    // 3 workouts of 5 exercises in rotation and a run every seventh day: about 80 workouts whose
    // sessions the import writes exercise by exercise, 100 a statement.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/import?source=strong&unit=kg',
      headers: { 'content-type': 'text/csv', cookie: g.cookie },
      payload: sampleCsv('strong', 1500),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sessions).toBeGreaterThan(300);
    expect(await stale(g)).toEqual([]);
    const slugLog = 'push-heavy';
    const page = (
      await call(t.app, 'GET', `/api/logs/${slugLog}/workouts?limit=100`, { cookie: g.cookie })
    ).json();
    expect(page.workouts.length).toBeGreaterThan(10);
    for (const workout of page.workouts) expect(workout.entries).toHaveLength(5);
  });
});
