import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import {
  call,
  createDataTestApp,
  exportJson,
  fixture,
  importOk,
  postImport,
  signUp,
} from './data-test-helpers';

// Pounds and notes in Hevy and Strong imports (docs/api.md §10 "Pounds" and "Notes").

/** A set of a file that says no type or RPE (docs/api.md §11). */
const NORMAL = { type: 'normal', rpe: null };

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Parsed export JSON, loosely typed as the other tests of this feature read it. */
type Json = ReturnType<typeof JSON.parse>;
const find = (items: Json[], slug: string): Json =>
  items.find(
    (i: { slugLog?: string; slugExercise?: string }) => i.slugLog === slug || i.slugExercise === slug,
  );
const withoutIds = (sets: object[]) => sets.map((s) => ({ ...s, _id: undefined }));

const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';

describe('Strong with unit=lb', () => {
  it('keeps 135 lb as pounds 135, kilograms 61.23 and volume from the unrounded kilograms', async () => {
    const user = await signUp(t.app);
    const file = `${STRONG_HEADER}2024-03-04 18:00:00,Push,1h,Bench Press,1,135,5,0,0,"","",\n`;
    await importOk(t.app, user, 'source=strong&unit=lb', file);
    const { data } = await exportJson(t.app, user);
    const session = data.logs[0].exercises[0].sessions[0];
    expect(withoutIds(session.set)).toEqual([
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 61.23,
        pounds: 135,
        isHard: true,
        volume: 306.17,
        ...NORMAL,
      },
    ]);
    expect(session).toMatchObject({ totalVolume: 306.17, workingVolume: 306.17, junkVolume: 0, notes: '' });
  });

  it('accepts pounds up to 220000 and refuses more, naming the line', async () => {
    const user = await signUp(t.app);
    const row = (lb: number) => `2024-03-04 18:00:00,Pull,1h,Deadlift,1,${lb},1,0,0,"","",\n`;
    await importOk(t.app, user, 'source=strong&unit=lb', STRONG_HEADER + row(220000));
    const { data } = await exportJson(t.app, user);
    expect(data.logs[0].exercises[0].sessions[0].set[0]).toMatchObject({
      pounds: 220000,
      kilograms: 99790.32,
    });
    const over = await postImport(t.app, user, 'source=strong&unit=lb', STRONG_HEADER + row(220001));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Line 2: Weight must be at most 220000 (found 220001)');
    // Kilograms keep docs/api.md §5's bound.
    const kg = await postImport(t.app, user, 'source=strong&unit=kg', STRONG_HEADER + row(100001));
    expect(kg.json().message).toBe('Line 2: Weight must be at most 100000 (found 100001)');
  });

  it('joins a workout’s notes and its sets’ notes, without repeats, cut at 2000 characters', async () => {
    const user = await signUp(t.app);
    const long = 'x'.repeat(2100);
    const file =
      STRONG_HEADER +
      '2024-03-05 07:00:00,AM,1h,Row,2,100,5,0,0,"Set two, ""slow""","Slept badly\n6 hours",\n' +
      '2024-03-05 07:00:00,AM,1h,Row,1,100,5,0,0,"","Slept badly\n6 hours",\n' +
      '2024-03-05 07:00:00,AM,1h,Row,3,100,5,0,0,"Set two, ""slow""","Slept badly\n6 hours",\n' +
      '2024-03-05 19:00:00,AM,1h,Row,1,100,5,0,0,"Evening","",\n' +
      `2024-03-06 07:00:00,AM,1h,Row,1,100,5,0,0,"${long}","",\n`;
    await importOk(t.app, user, 'source=strong&unit=kg', file);
    const { data } = await exportJson(t.app, user);
    const [day, next] = data.logs[0].exercises[0].sessions;
    // One session for the day: the morning workout's notes, its set notes, then the evening's.
    expect(day.notes).toBe('Slept badly\n6 hours\nSet two, "slow"\nEvening');
    expect(next.notes).toBe('x'.repeat(2000));
  });
});

describe('Hevy from an imperial account', () => {
  it('is recognised by its header: pounds kept, miles converted to kilometres, notes read', async () => {
    const user = await signUp(t.app);
    const summary = await importOk(t.app, user, 'source=hevy', fixture('hevy-imperial.csv'));
    expect(summary).toMatchObject({ rows: 4, logs: 1, exercises: 2, sessions: 2, skippedCount: 0 });
    const { data } = await exportJson(t.app, user);
    const upper = find(data.logs, 'upper');
    const bench = find(upper.exercises, 'bench-press-barbell');
    expect(withoutIds(bench.sessions[0].set)).toEqual([
      {
        _id: undefined,
        repetitions: 10,
        kilograms: 43.09,
        pounds: 95,
        isHard: false,
        volume: 430.91,
        type: 'warmup',
        rpe: null,
      },
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 61.23,
        pounds: 135,
        isHard: true,
        volume: 306.17,
        ...NORMAL,
        rpe: 8,
      },
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 62.37,
        pounds: 137.5,
        isHard: true,
        volume: 311.84,
        ...NORMAL,
        rpe: 9,
      },
    ]);
    expect(bench.sessions[0]).toMatchObject({
      createdDate: '2024-02-20',
      totalVolume: 1048.93,
      workingVolume: 618.02,
      junkVolume: 430.91,
      notes: 'Deload week\nPause, 1 count',
    });
    const running = find(upper.exercises, 'running');
    // 3.1 mi × 1.609344 = 4.99 km in 25 minutes.
    expect(running.sessions[0]).toMatchObject({
      time: { hours: 0, minutes: 25, seconds: 0 },
      distance: 4.99,
      paceMinutes: 5,
      paceSeconds: 1,
      speed: 0.2,
      notes: 'Deload week\nTreadmill, 1% "incline"',
    });

    const again = await importOk(t.app, user, 'source=hevy', fixture('hevy-imperial.csv'));
    expect(again).toMatchObject({ sessions: 0, duplicates: 2 });
  });

  it('reads the description and exercise notes of a metric export, quotes and line breaks included', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    const { data } = await exportJson(t.app, user);
    const push = find(data.logs, 'push-heavy');
    const bench = find(push.exercises, 'bench-press-barbell');
    expect(bench.sessions.map((s: { notes: string }) => s.notes)).toEqual(['Felt "great", new PR', '']);
    expect(find(push.exercises, 'triceps-pushdown').sessions[0].notes).toBe(
      'Felt "great", new PR\nRope, slow\non the way up',
    );
    expect(find(find(data.logs, 'morning-run').exercises, 'running').sessions[0].notes).toBe('');
  });

  it('refuses miles that are over 100000 km once converted', async () => {
    const user = await signUp(t.app);
    const lines = fixture('hevy-imperial.csv').split('\n');
    lines[4] = lines[4].replace(',3.1,', ',70000,');
    const res = await postImport(t.app, user, 'source=hevy', lines.join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Line 5: distance must be at most 100000 once converted (found 70000)');
  });
});

describe('duplicates across units and notes', () => {
  it('a set typed in pounds matches the same weight in kilograms; notes do not make a session new', async () => {
    const user = await signUp(t.app);
    const log = await call(t.app, user, 'POST', '/api/logs', { title: 'Push' });
    const exercise = await call(t.app, user, 'POST', `/api/logs/${log.slugLog}/exercises`, {
      title: 'Bench Press',
      session: 'wlsession',
    });
    await call(t.app, user, 'POST', `/api/logs/push/exercises/${exercise.slugExercise}/wlsessions`, {
      createdDate: '2024-03-04',
      set: [{ repetitions: 5, kilograms: 61.23, isHard: true }],
    });
    const file = `${STRONG_HEADER}2024-03-04 18:00:00,Push,1h,Bench Press,1,135,5,0,0,"Easy","",\n`;
    const summary = await importOk(t.app, user, 'source=strong&unit=lb', file);
    expect(summary).toMatchObject({ sessions: 0, duplicates: 1 });
    const { data } = await exportJson(t.app, user);
    expect(data.logs[0].exercises[0].sessions).toHaveLength(1);
    expect(data.logs[0].exercises[0].sessions[0]).toMatchObject({ notes: '', set: [{ pounds: null }] });
  });
});
