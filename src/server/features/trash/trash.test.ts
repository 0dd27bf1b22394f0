import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../../../contract/exercises';
import type { Log } from '../../../contract/logs';
import type { TrashItem } from '../../../contract/trash';
import {
  call,
  createExercise,
  createLog,
  createPasession,
  createWlsession,
  exerciseUrl,
  registerUser,
  type TestUser,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepTrash } from './trash.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Gym {
  user: TestUser;
  log: Log;
  squat: Exercise;
  bench: Exercise;
  run: Exercise;
  squatDay: string;
  runDay: string;
  workoutId: string;
  routineId: string;
}

let gymCounter = 0;

/**
 * A user's log: Squat and Bench (weights) and Run (pace); a Squat and a Run session on their own,
 * a workout of Squat and Bench on another day in a superset, and a routine of both.
 */
async function gym(user?: TestUser): Promise<Gym> {
  const owner = user ?? (await registerUser(t.app));
  gymCounter += 1;
  const log = await createLog(t.app, owner.cookie, { title: `Strength ${gymCounter}` });
  const squat = await createExercise(t.app, owner.cookie, log.slugLog, { title: 'Squat' });
  const bench = await createExercise(t.app, owner.cookie, log.slugLog, { title: 'Bench Press' });
  const run = await createExercise(t.app, owner.cookie, log.slugLog, { title: 'Run', session: 'pasession' });
  const squatDay = (
    await createWlsession(t.app, owner.cookie, squat, {
      createdDate: '2026-03-01',
      notes: 'Felt strong',
      set: [
        { repetitions: 5, kilograms: 100, isHard: true },
        { repetitions: 8, pounds: 135, isHard: false, type: 'warmup' },
      ],
    })
  ).slugSession;
  const runDay = (await createPasession(t.app, owner.cookie, run, { createdDate: '2026-03-01' })).slugSession;
  const routine = await call(t.app, 'POST', `/api/logs/${log.slugLog}/routines`, {
    cookie: owner.cookie,
    body: {
      title: 'Push Legs',
      entries: [{ slugExercise: squat.slugExercise }, { slugExercise: bench.slugExercise }],
    },
  });
  expect(routine.statusCode).toBe(201);
  const workout = await call(t.app, 'POST', `/api/logs/${log.slugLog}/workouts`, {
    cookie: owner.cookie,
    body: {
      createdDate: '2026-03-02',
      routine: routine.json().routine._id,
      notes: 'Heavy day',
      startedAt: '2026-03-02T17:00:00.000Z',
      endedAt: '2026-03-02T18:00:00.000Z',
      entries: [
        { slugExercise: squat.slugExercise, superset: 1, set: [{ repetitions: 3, kilograms: 120, rpe: 9 }] },
        { slugExercise: bench.slugExercise, superset: 1, set: [{ repetitions: 5, kilograms: 80 }] },
      ],
    },
  });
  expect(workout.statusCode, workout.body).toBe(201);
  return {
    user: owner,
    log,
    squat,
    bench,
    run,
    squatDay,
    runDay,
    workoutId: workout.json().workout._id,
    routineId: routine.json().routine._id,
  };
}

const get = (g: Gym, url: string) => call(t.app, 'GET', url, { cookie: g.user.cookie });

/** Status and JSON of a GET, so a 404 compares as well as a page. */
async function read(g: Gym, url: string) {
  const r = await get(g, url);
  return { url, status: r.statusCode, body: r.json() };
}

/** The quota counters (docs/api.md §12) of the user, their log and its exercises. */
async function counters(g: Gym) {
  const ids = [g.user.user._id, g.log._id, g.squat._id, g.bench._id, g.run._id];
  const result = await t.db.execute(
    sql`select owner_id::text as owner, item, n from quota_counts
      where owner_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and n <> 0 order by owner, item`,
  );
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

/**
 * Everything the user can read about the gym: lists, pages, sessions (with their records),
 * progress, records, activity, the day, workouts, routines, the export and the quota counters.
 */
async function view(g: Gym) {
  const logBase = `/api/logs/${g.log.slugLog}`;
  const pages = [
    '/api/logs?limit=100',
    `${logBase}?limit=100`,
    `${logBase}/workouts?limit=100`,
    `${logBase}/workouts/${g.workoutId}`,
    `${logBase}/routines?limit=100`,
    `${logBase}/routines/${g.routineId}`,
    '/api/activity?from=2026-01-01&to=2026-12-31',
    '/api/days/2026-03-01',
    '/api/days/2026-03-02',
  ];
  for (const e of [g.squat, g.bench, g.run]) {
    const page = exerciseUrl(g.log.slugLog, e.slugExercise);
    pages.push(`${page}?limit=100`, `${page}/records`, `${page}/progress`);
  }
  pages.push(`${exerciseUrl(g.log.slugLog, g.squat.slugExercise)}/wlsessions/${g.squatDay}`);
  pages.push(`${exerciseUrl(g.log.slugLog, g.run.slugExercise)}/pasessions/${g.runDay}`);
  const exported = (await get(g, '/api/export.json')).json();
  delete exported.exportedAt;
  return {
    pages: await Promise.all(pages.map((url) => read(g, url))),
    exported,
    counters: await counters(g),
  };
}

const trashOf = async (user: TestUser): Promise<TrashItem[]> => {
  const r = await call(t.app, 'GET', '/api/trash', { cookie: user.cookie });
  expect(r.statusCode).toBe(200);
  return r.json().items;
};
const restore = (user: TestUser, id: string) =>
  call(t.app, 'POST', `/api/trash/${id}/restore`, { cookie: user.cookie });
const deleteForGood = (user: TestUser, id: string) =>
  call(t.app, 'DELETE', `/api/trash/${id}`, { cookie: user.cookie });

async function remove(g: Gym, url: string, message: string) {
  const r = await call(t.app, 'DELETE', url, { cookie: g.user.cookie });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json()).toEqual({ message });
}

async function expectRestored(g: Gym, id: string) {
  const r = await restore(g.user, id);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json()).toEqual({ message: 'Restored' });
}

describe('deleting a log', () => {
  it('moves it with all it holds to the trash, invisible everywhere, and a restore brings back exactly that', async () => {
    const g = await gym();
    const before = await view(g);
    await remove(g, `/api/logs/${g.log._id}`, 'Log deleted');

    const after = await view(g);
    expect((await get(g, '/api/logs?limit=100')).json().logs).toEqual([]);
    for (const page of after.pages.filter((p) => p.url.startsWith('/api/logs/'))) {
      expect(page.status, page.url).toBe(404);
    }
    expect((await get(g, '/api/activity?from=2026-01-01&to=2026-12-31')).json().days).toEqual([]);
    expect((await get(g, '/api/days/2026-03-02')).json().sessions).toEqual([]);
    expect(after.exported.logs).toEqual([]);
    expect(after.counters).toEqual([]);

    const items = await trashOf(g.user);
    expect(items).toEqual([
      {
        _id: g.log._id,
        kind: 'log',
        title: g.log.title,
        deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        contains: { exercises: 3, sessions: 4 },
      },
    ]);

    await expectRestored(g, g.log._id);
    expect(await view(g)).toEqual(before);
    expect(await trashOf(g.user)).toEqual([]);
  });

  it('frees its title at once; restored onto its taken slug it gets -2 and keeps its title', async () => {
    const g = await gym();
    const before = await view(g);
    await remove(g, `/api/logs/${g.log.slugLog}`, 'Log deleted');
    const again = await createLog(t.app, g.user.cookie, { title: g.log.title });
    expect(again.slugLog).toBe(g.log.slugLog);

    await expectRestored(g, g.log._id);
    const restored = (await get(g, `/api/logs/edit/${g.log._id}`)).json();
    expect(restored).toEqual({ ...g.log, slugLog: `${g.log.slugLog}-2` });
    // Under its new slug the log is the one deleted, page for page.
    const moved = { ...g, log: { ...g.log, slugLog: `${g.log.slugLog}-2` } };
    const pages = (await view(moved)).pages.filter((p) => p.url.startsWith('/api/logs/'));
    const slugged = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replaceAll(`"${g.log.slugLog}"`, `"${g.log.slugLog}-2"`));
    expect(pages.map((p) => p.body)).toEqual(
      slugged(before.pages.filter((p) => p.url.startsWith('/api/logs/')).map((p) => p.body)),
    );
  });
});

describe('deleting an exercise', () => {
  it('takes its sessions and routine entries; its workout keeps the other sessions; a restore is exact', async () => {
    const g = await gym();
    const before = await view(g);
    await remove(g, exerciseUrl(g.log.slugLog, g.squat.slugExercise), 'Exercise deleted');

    const after = await view(g);
    const page = (url: string) => after.pages.find((p) => p.url === url);
    expect(page(`${exerciseUrl(g.log.slugLog, g.squat.slugExercise)}/records`)?.status).toBe(404);
    const workout = page(`/api/logs/${g.log.slugLog}/workouts/${g.workoutId}`)?.body.workout;
    expect(workout.entries.map((e: { exercise: Exercise }) => e.exercise._id)).toEqual([g.bench._id]);
    const routine = page(`/api/logs/${g.log.slugLog}/routines/${g.routineId}`)?.body.routine;
    expect(routine.entries.map((e: { exercise: Exercise }) => e.exercise._id)).toEqual([g.bench._id]);
    expect(JSON.stringify(after.exported)).not.toContain(g.squat._id);
    expect(after.counters).not.toContainEqual(expect.objectContaining({ owner: g.squat._id }));
    expect(after.counters).toContainEqual({ owner: g.log._id, item: 'log-exercises', n: 2 });
    expect(after.counters).toContainEqual({ owner: g.user.user._id, item: 'user-sessions', n: 2 });

    expect(await trashOf(g.user)).toEqual([
      expect.objectContaining({
        _id: g.squat._id,
        kind: 'exercise',
        title: 'Squat',
        contains: { exercises: 0, sessions: 2 },
      }),
    ]);
    await expectRestored(g, g.squat._id);
    expect(await view(g)).toEqual(before);
  });
});

describe('deleting sessions and workouts', () => {
  it('a weight and a pace session: titled by exercise and date, restored exactly', async () => {
    const g = await gym();
    const before = await view(g);
    const squatBase = `${exerciseUrl(g.log.slugLog, g.squat.slugExercise)}/wlsessions`;
    const runBase = `${exerciseUrl(g.log.slugLog, g.run.slugExercise)}/pasessions`;
    const squatId = (await get(g, `${squatBase}/${g.squatDay}`)).json().wlsession._id;
    const runId = (await get(g, `${runBase}/${g.runDay}`)).json().pasession._id;
    await remove(g, `${squatBase}/${g.squatDay}`, 'Session deleted');
    await remove(g, `${runBase}/${g.runDay}`, 'Session deleted');

    expect((await get(g, `${squatBase}/${g.squatDay}`)).statusCode).toBe(404);
    expect((await get(g, '/api/days/2026-03-01')).json().sessions).toEqual([]);
    const records = (await get(g, `${exerciseUrl(g.log.slugLog, g.run.slugExercise)}/records`)).json();
    expect(records.records.longestDistance).toBeNull();
    expect(await trashOf(g.user)).toEqual([
      expect.objectContaining({ _id: runId, kind: 'pasession', title: 'Run, 2026-03-01' }),
      expect.objectContaining({ _id: squatId, kind: 'wlsession', title: 'Squat, 2026-03-01' }),
    ]);

    await expectRestored(g, squatId);
    await expectRestored(g, runId);
    expect(await view(g)).toEqual(before);
  });

  it('a workout goes with its sessions and comes back with them', async () => {
    const g = await gym();
    const before = await view(g);
    await remove(g, `/api/logs/${g.log.slugLog}/workouts/${g.workoutId}`, 'Workout deleted');
    expect((await get(g, `/api/logs/${g.log.slugLog}/workouts?limit=100`)).json().workouts).toEqual([]);
    expect((await get(g, '/api/days/2026-03-02')).json().sessions).toEqual([]);
    expect(await trashOf(g.user)).toEqual([
      expect.objectContaining({ _id: g.workoutId, kind: 'workout', contains: { exercises: 0, sessions: 2 } }),
    ]);
    await expectRestored(g, g.workoutId);
    expect(await view(g)).toEqual(before);
  });

  it('the last session of a workout takes the workout; each session restores with it', async () => {
    const g = await gym();
    const before = await view(g);
    const squatBase = `${exerciseUrl(g.log.slugLog, g.squat.slugExercise)}/wlsessions`;
    const benchBase = `${exerciseUrl(g.log.slugLog, g.bench.slugExercise)}/wlsessions`;
    const squatId = (await get(g, `${squatBase}/2026-03-02`)).json().wlsession._id;
    const benchId = (await get(g, `${benchBase}/2026-03-02`)).json().wlsession._id;
    await remove(g, `${squatBase}/2026-03-02`, 'Session deleted');
    await remove(g, `${benchBase}/2026-03-02`, 'Session deleted');
    expect((await get(g, `/api/logs/${g.log.slugLog}/workouts/${g.workoutId}`)).statusCode).toBe(404);

    // The first one back finds its workout in the other's item.
    await expectRestored(g, squatId);
    const workout = (await get(g, `/api/logs/${g.log.slugLog}/workouts/${g.workoutId}`)).json().workout;
    expect(workout.entries).toHaveLength(1);
    await expectRestored(g, benchId);
    expect(await view(g)).toEqual(before);
  });

  it('a session restored onto a date whose slug was taken meanwhile gets -2', async () => {
    const g = await gym();
    const squatBase = `${exerciseUrl(g.log.slugLog, g.squat.slugExercise)}/wlsessions`;
    const old = (await get(g, `${squatBase}/${g.squatDay}`)).json().wlsession;
    await remove(g, `${squatBase}/${g.squatDay}`, 'Session deleted');
    const newer = await createWlsession(t.app, g.user.cookie, g.squat, { createdDate: '2026-03-01' });
    expect(newer.slugSession).toBe('2026-03-01');
    await expectRestored(g, old._id);
    const back = (await get(g, `${squatBase}/2026-03-01-2`)).json().wlsession;
    expect(back).toEqual({ ...old, slugSession: '2026-03-01-2', records: back.records });
  });
});

describe('a record whose parent is in the trash too', () => {
  it('restores the parent with it', async () => {
    const g = await gym();
    const before = await view(g);
    const squatBase = `${exerciseUrl(g.log.slugLog, g.squat.slugExercise)}/wlsessions`;
    const squatId = (await get(g, `${squatBase}/${g.squatDay}`)).json().wlsession._id;
    await remove(g, `${squatBase}/${g.squatDay}`, 'Session deleted');
    await remove(g, exerciseUrl(g.log.slugLog, g.squat.slugExercise), 'Exercise deleted');
    await remove(g, `/api/logs/${g.log._id}`, 'Log deleted');
    expect((await trashOf(g.user)).map((i) => i.kind)).toEqual(['log', 'exercise', 'wlsession']);

    await expectRestored(g, squatId);
    expect(await trashOf(g.user)).toEqual([]);
    expect(await view(g)).toEqual(before);
  });

  it('a workout whose exercise was deleted after it brings the exercise back', async () => {
    const g = await gym();
    const before = await view(g);
    await remove(g, `/api/logs/${g.log.slugLog}/workouts/${g.workoutId}`, 'Workout deleted');
    await remove(g, exerciseUrl(g.log.slugLog, g.bench.slugExercise), 'Exercise deleted');
    await expectRestored(g, g.workoutId);
    expect(await trashOf(g.user)).toEqual([]);
    expect(await view(g)).toEqual(before);
  });

  it('an exercise restored onto its taken slug gets -2 and keeps its title', async () => {
    const g = await gym();
    await remove(g, exerciseUrl(g.log.slugLog, g.squat.slugExercise), 'Exercise deleted');
    const again = await createExercise(t.app, g.user.cookie, g.log.slugLog, { title: 'Squat' });
    expect(again.slugExercise).toBe('squat');
    await expectRestored(g, g.squat._id);
    const back = (await get(g, `/api/logs/${g.log.slugLog}/exercises/edit/${g.squat._id}`)).json();
    expect(back).toEqual({ ...g.squat, slugExercise: 'squat-2' });
    const page = (await get(g, `${exerciseUrl(g.log.slugLog, 'squat-2')}?limit=100`)).json();
    expect(page.exerciseAggregate).toHaveLength(2);
  });

  it('deleted for good takes the items that live in it along', async () => {
    const g = await gym();
    const squatBase = `${exerciseUrl(g.log.slugLog, g.squat.slugExercise)}/wlsessions`;
    await remove(g, `${squatBase}/${g.squatDay}`, 'Session deleted');
    await remove(g, `/api/logs/${g.log._id}`, 'Log deleted');
    const r = await deleteForGood(g.user, g.log._id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ message: 'Deleted for good' });
    expect(await trashOf(g.user)).toEqual([]);
    expect((await restore(g.user, g.log._id)).statusCode).toBe(404);
    expect(await counters(g)).toEqual([]);
  });
});

describe('deletes and restores racing or past a quota', () => {
  it('of two deletes of one log at once, one moves it to the trash and the other is a 404', async () => {
    const g = await gym();
    const answers = await Promise.all([
      call(t.app, 'DELETE', `/api/logs/${g.log._id}`, { cookie: g.user.cookie }),
      call(t.app, 'DELETE', `/api/logs/${g.log.slugLog}`, { cookie: g.user.cookie }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await trashOf(g.user)).map((i) => i._id)).toEqual([g.log._id]);
    await expectRestored(g, g.log._id);
    expect((await restore(g.user, g.log._id)).statusCode).toBe(404);
  });

  it('a restore that would pass a quota is the 409 of the create, and changes nothing', async () => {
    const g = await gym();
    await remove(g, `/api/logs/${g.log._id}`, 'Log deleted');
    // The user's other 500 logs, as their counter says (docs/api.md §12).
    await t.db.execute(
      sql`insert into quota_counts (owner_id, item, n) values (${g.user.user._id}::uuid, 'user-logs', 500)
        on conflict (owner_id, item) do update set n = 500`,
    );
    const refused = await restore(g.user, g.log._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/500/);
    expect((await trashOf(g.user)).map((i) => i._id)).toEqual([g.log._id]);
    await t.db.execute(
      sql`update quota_counts set n = 0 where owner_id = ${g.user.user._id}::uuid and item = 'user-logs'`,
    );
    await expectRestored(g, g.log._id);
  });
});

describe('the trash over time and across accounts', () => {
  it('keeps an item 30 days; after that it is gone and the sweep removes its row', async () => {
    const g = await gym();
    await remove(g, exerciseUrl(g.log.slugLog, g.run.slugExercise), 'Exercise deleted');
    await remove(g, exerciseUrl(g.log.slugLog, g.bench.slugExercise), 'Exercise deleted');
    const age = (id: string, days: number) =>
      t.db.execute(
        sql`update trash set deleted_at = now() - make_interval(days => ${days}) where id = ${id}::uuid`,
      );
    await age(g.run._id, 29);
    await age(g.bench._id, 31);
    expect((await trashOf(g.user)).map((i) => i._id)).toEqual([g.run._id]);
    const late = await restore(g.user, g.bench._id);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: 'Item not found' });
    expect((await deleteForGood(g.user, g.bench._id)).statusCode).toBe(404);

    await sweepTrash(t.db);
    const rows = await t.db.execute(
      sql`select id::text from trash where id in (${g.run._id}::uuid, ${g.bench._id}::uuid)`,
    );
    const ids = (Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows).map(
      (row) => (row as { id: string }).id,
    );
    expect(ids).toEqual([g.run._id]);
    await expectRestored(g, g.run._id);
  });

  it("another user's item is a 404 and stays in its owner's trash", async () => {
    const g = await gym();
    await remove(g, `/api/logs/${g.log._id}`, 'Log deleted');
    const stranger = await registerUser(t.app);
    expect(await trashOf(stranger)).toEqual([]);
    for (const r of [await restore(stranger, g.log._id), await deleteForGood(stranger, g.log._id)]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ message: 'Item not found' });
    }
    expect((await restore(stranger, 'not-an-id')).statusCode).toBe(404);
    expect((await trashOf(g.user)).map((i) => i._id)).toEqual([g.log._id]);
  });
});
