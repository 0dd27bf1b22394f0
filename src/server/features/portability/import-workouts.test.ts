import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Routine } from '../../../contract/routines';
import type { Workout } from '../../../contract/workouts';
import { parseCsv } from './csv';
import {
  call,
  createDataTestApp,
  exportJson,
  fixture,
  importOk,
  postImport,
  signUp,
  type TestUser,
} from './data-test-helpers';
import type { TestApp } from '../../test/test-app';

// Workouts and routines in exports and imports (docs/api.md §11 "Import and export").

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function workoutsOf(user: TestUser, slugLog: string): Promise<Workout[]> {
  return (await call(t.app, user, 'GET', `/api/logs/${encodeURIComponent(slugLog)}/workouts?limit=100`))
    .workouts;
}

/** A log with a routine and two workouts (a superset, a pace entry, one without times). */
async function seedGym(user: TestUser) {
  const log = await call(t.app, user, 'POST', '/api/logs', { title: 'Gym' });
  const base = `/api/logs/${log.slugLog}`;
  await call(t.app, user, 'POST', `${base}/exercises`, { title: 'Squat', session: 'wlsession' });
  await call(t.app, user, 'POST', `${base}/exercises`, { title: 'Row', session: 'pasession' });
  const routine: Routine = (
    await call(t.app, user, 'POST', `${base}/routines`, {
      title: 'Legs',
      notes: 'slow',
      entries: [
        { slugExercise: 'squat', sets: 5, repsMin: 3, repsMax: 5, superset: 2 },
        { slugExercise: 'row' },
      ],
    })
  ).routine;
  await call(t.app, user, 'POST', `${base}/workouts`, {
    title: 'Monday',
    createdDate: '2026-03-02',
    startedAt: '2026-03-02T10:00:00.123456Z',
    endedAt: '2026-03-02T11:00:00Z',
    notes: 'good',
    routine: routine._id,
    entries: [
      { slugExercise: 'squat', superset: 1, set: [{ repetitions: 5, pounds: 135 }] },
      { slugExercise: 'row', superset: 1, time: { hours: 0, minutes: 10, seconds: 0 }, distance: 2 },
      { slugExercise: 'squat', set: [{ repetitions: 1, kilograms: 100 }] },
    ],
  });
  await call(t.app, user, 'POST', `${base}/workouts`, {
    createdDate: '2026-03-04',
    entries: [{ slugExercise: 'squat', set: [{ repetitions: 2, kilograms: 50 }] }],
  });
  return log;
}

/** A workout as the list shows it, without what a copy cannot share (ids, stamps of the sessions). */
function comparable(workout: Workout) {
  return {
    ...workout,
    _id: undefined,
    author: undefined,
    log: undefined,
    routine: workout.routine === null ? null : 'some',
    entries: workout.entries.map((e) => {
      const session = 'wlsession' in e ? e.wlsession : e.pasession;
      return {
        exercise: e.exercise.slugExercise,
        superset: e.superset,
        slug: session.slugSession,
        notes: session.notes,
      };
    }),
  };
}

describe('our JSON', () => {
  it('exports each log’s workouts (entries naming sessions) and routines (entries naming exercises)', async () => {
    const user = await signUp(t.app);
    await seedGym(user);
    const { data } = await exportJson(t.app, user);
    const [log] = data.logs;
    const sessions = log.exercises.flatMap(
      (e: { sessions: { _id: string; workout: string | null }[] }) => e.sessions,
    );
    const sessionIds = sessions.map((s: { _id: string }) => s._id);
    expect(log.workouts).toHaveLength(2);
    const [monday] = log.workouts;
    expect(monday).toMatchObject({
      title: 'Monday',
      createdDate: '2026-03-02',
      startedAt: '2026-03-02T10:00:00.123456Z',
      endedAt: '2026-03-02T11:00:00.000Z',
      duration: 3599,
      notes: 'good',
      totalVolume: 406.17,
      sets: 2,
    });
    expect(monday.entries.map((e: { superset: number | null }) => e.superset)).toEqual([1, 1, null]);
    for (const entry of monday.entries) expect(sessionIds).toContain(entry.session);
    // Every session names its workout, as the API's do (docs/api.md §11; export.test.ts: null).
    const workoutOf = new Map(
      log.workouts.flatMap((w: { _id: string; entries: { session: string }[] }) =>
        w.entries.map((e) => [e.session, w._id]),
      ),
    );
    for (const s of sessions) expect(s.workout, s._id).toBe(workoutOf.get(s._id) ?? null);
    expect(log.routines).toEqual([
      expect.objectContaining({
        title: 'Legs',
        notes: 'slow',
        entries: [
          { slugExercise: 'squat', sets: 5, repsMin: 3, repsMax: 5, restSeconds: 120, superset: 2 },
          { slugExercise: 'row', sets: null, repsMin: null, repsMax: null, restSeconds: 120, superset: null },
        ],
      }),
    ]);
    expect(monday.routine).toBe(log.routines[0]._id);
  });

  it('round trip: the workouts and routines come back; a second import adds none', async () => {
    const source = await signUp(t.app);
    await seedGym(source);
    const { res } = await exportJson(t.app, source);
    const target = await signUp(t.app);
    await importOk(t.app, target, 'source=json', res.body);
    const before = (await workoutsOf(source, 'gym')).map(comparable);
    expect((await workoutsOf(target, 'gym')).map(comparable)).toEqual(before);
    const routines = await call(t.app, target, 'GET', '/api/logs/gym/routines');
    expect(routines.routines.map((r: Routine) => [r.title, r.entries.length])).toEqual([['Legs', 2]]);
    const monday = (await workoutsOf(target, 'gym')).find((w) => w.title === 'Monday');
    expect(monday?.routine).toBe(routines.routines[0]._id);

    const again = await importOk(t.app, target, 'source=json', res.body);
    expect(again).toMatchObject({ sessions: 0, duplicates: 4 });
    expect(await workoutsOf(target, 'gym')).toHaveLength(2);
    expect((await call(t.app, target, 'GET', '/api/logs/gym/routines')).routines).toHaveLength(1);
  });

  it('checks a workout of the file as the workout routes do: an end before its start is refused', async () => {
    const source = await signUp(t.app);
    await seedGym(source);
    const { data } = await exportJson(t.app, source);
    data.logs[0].workouts[0].endedAt = '2026-03-02T09:00:00Z';
    const target = await signUp(t.app);
    const res = await postImport(t.app, target, 'source=json', JSON.stringify(data, null, 1));
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      expect.stringMatching(
        /^Line \d+: End must not be before start \(at logs\[0\]\.workouts\[0\]\.endedAt\)$/,
      ),
    ]);
    expect((await call(t.app, target, 'GET', '/api/logs')).logs).toEqual([]);
  });

  it('imports a session the file dates off its workout’s date on its own, as a date edit would leave it', async () => {
    const source = await signUp(t.app);
    await seedGym(source);
    const { data } = await exportJson(t.app, source);
    const [, other] = data.logs[0].workouts; // 2026-03-04, one squat session
    const named = other.entries[0].session;
    const squat = data.logs[0].exercises.find((e: { title: string }) => e.title === 'Squat');
    const session = squat.sessions.find((s: { _id: string }) => s._id === named);
    session.createdDate = '2026-03-05';
    session.slugSession = '2026-03-05';
    const target = await signUp(t.app);
    await importOk(t.app, target, 'source=json', JSON.stringify(data));
    // Its workout named no other session: it is not created.
    expect((await workoutsOf(target, 'gym')).map((w) => w.createdDate)).toEqual(['2026-03-02']);
    const moved = await call(t.app, target, 'GET', '/api/logs/gym/exercises/squat/wlsessions/2026-03-05');
    expect(moved.wlsession).toMatchObject({ createdDate: '2026-03-05', workout: null });
  });

  it('imports a file without workouts or routines (version 1 as before)', async () => {
    const user = await signUp(t.app);
    const file = {
      format: 'workout-log',
      version: 1,
      logs: [{ title: 'Old', exercises: [{ title: 'Squat', session: 'wlsession', sessions: [] }] }],
    };
    expect(await importOk(t.app, user, 'source=json', JSON.stringify(file))).toMatchObject({ logs: 1 });
  });
  it('refuses a file that would give a log more than 100 routines (413, as §12 for imports), importing nothing', async () => {
    const user = await signUp(t.app);
    const routines = Array.from({ length: 101 }, (_, i) => ({ title: `R${i}`, entries: [] }));
    const file = { format: 'workout-log', version: 1, logs: [{ title: 'Many', exercises: [], routines }] };
    const refused = {
      message:
        'Importing this file would pass a limit: a log can hold at most 100 routines. Nothing was imported.',
    };
    // A dry run applies every limit of a real import (§9).
    for (const query of ['source=json&dryRun=1', 'source=json']) {
      const res = await postImport(t.app, user, query, JSON.stringify(file));
      expect([query, res.statusCode, res.json()]).toEqual([query, 413, refused]);
    }
    expect((await call(t.app, user, 'GET', '/api/logs')).logs).toEqual([]);
  });
});

describe('CSV export', () => {
  it('writes each row’s workout id and title', async () => {
    const user = await signUp(t.app);
    await seedGym(user);
    await call(t.app, user, 'POST', '/api/logs/gym/exercises/squat/wlsessions', {
      createdDate: '2026-03-05',
      set: [{ repetitions: 1, kilograms: 1 }],
    });
    const monday = (await workoutsOf(user, 'gym')).find((w) => w.title === 'Monday');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export.csv',
      headers: { cookie: user.cookie },
    });
    const rows = [...parseCsv(res.body)].map((r) => r.fields);
    const header = rows[0] as string[];
    const at = header.indexOf('workout');
    expect(header.slice(at, at + 2)).toEqual(['workout', 'workoutTitle']);
    const of = (date: string) => rows.filter((r) => r[0] === date).map((r) => r.slice(at, at + 2));
    expect(of('2026-03-02')).toEqual([
      [monday?._id, 'Monday'],
      [monday?._id, 'Monday'],
      [monday?._id, 'Monday'],
    ]);
    expect(of('2026-03-05')).toEqual([['', '']]);
  });
});

describe('Strong and Hevy', () => {
  it('Strong: rows sharing Date and Workout Name are one workout, ended by its Duration', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=strong&unit=lb', fixture('strong.csv'));
    const [legs] = await workoutsOf(user, 'legs-day-a');
    expect(legs).toMatchObject({
      title: 'Legs, Day A',
      createdDate: '2024-01-15',
      startedAt: '2024-01-15T18:30:00.000Z',
      endedAt: '2024-01-15T19:35:00.000Z',
      duration: 3900,
      notes: 'Hip felt fine',
    });
    expect(legs?.entries.map((e) => [e.exercise.title, e.superset])).toEqual([
      ['Squat Barbell', null],
      ['Farmers Walk', null],
    ]);
    const [cardio] = await workoutsOf(user, 'cardio');
    expect(cardio).toMatchObject({ startedAt: '2024-01-17T07:00:00.000Z', duration: 1800 });
    // Again: the sessions are duplicates, and no workout is made twice.
    await importOk(t.app, user, 'source=strong&unit=lb', fixture('strong.csv'));
    expect(await workoutsOf(user, 'legs-day-a')).toHaveLength(1);
    expect(await workoutsOf(user, 'cardio')).toHaveLength(1);
  });

  it('Hevy: rows sharing title and start_time are one workout; superset_id numbered from 1', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    const push = await workoutsOf(user, 'push-heavy');
    expect(push.map((w) => w.createdDate)).toEqual(['2024-01-22', '2024-01-15']);
    expect(push[1]).toMatchObject({
      title: 'Push, Heavy',
      startedAt: '2024-01-15T18:30:00.000Z',
      endedAt: '2024-01-15T19:45:00.000Z',
      duration: 4500,
      notes: 'Felt "great", new PR',
    });
    expect(push[1]?.entries.map((e) => [e.exercise.title, e.superset])).toEqual([
      ['Bench Press Barbell', null],
      ['Triceps Pushdown', 1],
    ]);
    const [run] = await workoutsOf(user, 'morning-run');
    expect(run?.entries.map((e) => e.exercise.title)).toEqual(['Running', 'Plank']);
    await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    expect(await workoutsOf(user, 'push-heavy')).toHaveLength(2);
  });
});
