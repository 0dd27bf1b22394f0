import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import {
  call,
  createDataTestApp,
  fixture,
  importOk,
  postImport,
  signUp,
  type TestUser,
} from './data-test-helpers';

// FitNotes CSV import (docs/data-portability.md, FitNotes), checked through the API's own pages.

/** A set of a file that says no type or RPE (docs/api.md §11). */
const NORMAL = { type: 'normal', rpe: null };

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time,Comment\n';

/** Parsed API JSON, loosely typed as the other tests of this feature read it. */
type Json = ReturnType<typeof JSON.parse>;
const withoutIds = (sets: Json[]) => sets.map((s: object) => ({ ...s, _id: undefined }));

/** An exercise's sessions from its page, oldest first. */
async function sessionsOf(user: TestUser, log: string, exercise: string): Promise<Json[]> {
  const page = await call(t.app, user, 'GET', `/api/logs/${log}/exercises/${exercise}?limit=100`);
  const items = [
    ...page.exerciseAggregate.map((a: Json) => a.wlsessions),
    ...page.exerciseAggregatePa.map((a: Json) => a.pasessions),
  ];
  return items.reverse();
}

async function logTitles(user: TestUser): Promise<string[]> {
  const { logs } = await call(t.app, user, 'GET', '/api/logs');
  return logs.map((l: { title: string }) => l.title).sort();
}

describe('POST /api/import?source=fitnotes', () => {
  it('reads a kgs export: categories as logs, a day of sets as one session, cardio summed per day', async () => {
    const user = await signUp(t.app);
    const summary = await importOk(t.app, user, 'source=fitnotes', fixture('fitnotes-kgs.csv'));
    expect(summary).toEqual({
      dryRun: false,
      rows: 20,
      logs: 4,
      exercises: 8,
      sessions: 10,
      duplicates: 0,
      skipped: [
        { line: 18, reason: '"Kettlebell Swing" records weight sessions (reps × kg); this row is not one' },
        { line: 20, reason: 'No reps, weight, distance or duration' },
      ],
      skippedCount: 2,
    });
    expect(await logTitles(user)).toEqual(['Abs', 'Back', 'Cardio', 'Chest']);
    const chest = await call(t.app, user, 'GET', '/api/logs/chest');
    expect(chest.logAggregate.map((a: Json) => a.exercises.title).sort()).toEqual([
      'Cable Crossover',
      'Flat Barbell Bench Press',
    ]);

    const bench = await sessionsOf(user, 'chest', 'flat-barbell-bench-press');
    expect(bench.map((s) => s.createdDate)).toEqual(['2024-03-04', '2024-03-07']);
    // File order; FitNotes has no warm-up flag, so every set is hard.
    expect(withoutIds(bench[0].set)).toEqual([
      { _id: undefined, repetitions: 8, kilograms: 60, pounds: null, isHard: true, volume: 480, ...NORMAL },
      { _id: undefined, repetitions: 5, kilograms: 80, pounds: null, isHard: true, volume: 400, ...NORMAL },
      {
        _id: undefined,
        repetitions: 3,
        kilograms: 82.5,
        pounds: null,
        isHard: true,
        volume: 247.5,
        ...NORMAL,
      },
      { _id: undefined, repetitions: 5, kilograms: 80, pounds: null, isHard: true, volume: 400, ...NORMAL },
    ]);
    expect(bench[0]).toMatchObject({ totalVolume: 1527.5, workingVolume: 1527.5, junkVolume: 0 });
    // Each comment once, in file order, on lines of their own.
    expect(bench[0].notes).toBe('Paused reps\nLeft shoulder tight, stopped at 3');
    const { wlsession } = await call(
      t.app,
      user,
      'GET',
      '/api/logs/chest/exercises/flat-barbell-bench-press/wlsessions/2024-03-04',
    );
    expect(wlsession.set.map((s: Json) => s.kilograms)).toEqual([60, 80, 82.5, 80]);
    expect(bench[1].notes).toBe('');
    expect(bench[1].set.map((s: Json) => [s.repetitions, s.kilograms])).toEqual([[3, 85]]);

    const cable = await sessionsOf(user, 'chest', 'cable-crossover');
    expect(cable[0].set.map((s: Json) => [s.repetitions, s.kilograms])).toEqual([
      [12, 17.5],
      [0, 17.5],
    ]);
    expect(cable[0].notes).toBe('Failed the last one');

    const running = await sessionsOf(user, 'cardio', 'running-outdoor');
    expect(running).toHaveLength(2);
    // 5.2 km + 1 mi (1.61 km); 28:30 + 9:10.
    expect(running[0]).toMatchObject({
      createdDate: '2024-03-05',
      distance: 6.81,
      time: { hours: 0, minutes: 37, seconds: 40 },
      paceMinutes: 5,
      paceSeconds: 32,
      speed: 0.181,
      notes: 'Easy pace\nCool-down',
    });
    // The session's own page says the same.
    const { pasession } = await call(
      t.app,
      user,
      'GET',
      '/api/logs/cardio/exercises/running-outdoor/pasessions/2024-03-05',
    );
    expect(pasession).toMatchObject({ distance: 6.81, time: { hours: 0, minutes: 37, seconds: 40 } });
    expect(running[1]).toMatchObject({
      createdDate: '2024-03-08',
      distance: 3,
      time: { hours: 0, minutes: 16, seconds: 0 },
      notes: '',
    });
    expect((await sessionsOf(user, 'cardio', 'rowing-machine'))[0]).toMatchObject({
      distance: 2,
      time: { hours: 0, minutes: 8, seconds: 5 },
    });
    // Time without a distance: a pace session of 0 km.
    expect((await sessionsOf(user, 'abs', 'plank'))[0]).toMatchObject({
      distance: 0,
      time: { hours: 0, minutes: 1, seconds: 30 },
      speed: 0,
    });
    // No weight: body-weight sets of 0 kg.
    expect(
      (await sessionsOf(user, 'back', 'pull-up'))[0].set.map((s: Json) => [s.repetitions, s.kilograms]),
    ).toEqual([
      [10, 0],
      [8, 0],
    ]);
    // Its first row has a weight but no reps, and a distance: a pace exercise; 40 m + 40 m.
    const walk = await sessionsOf(user, 'back', 'farmers-walk');
    expect(walk).toHaveLength(1);
    expect(walk[0]).toMatchObject({ distance: 0.08, time: { hours: 0, minutes: 1, seconds: 35 } });
    // Its first row has reps: a weight exercise; a later row with reps and a time is a set.
    const swing = await sessionsOf(user, 'back', 'kettlebell-swing');
    expect(swing[0].set.map((s: Json) => [s.repetitions, s.kilograms])).toEqual([
      [15, 24],
      [20, 24],
    ]);
  });

  it('keeps pounds as typed from a lbs export and converts miles', async () => {
    const user = await signUp(t.app);
    expect(await importOk(t.app, user, 'source=fitnotes', fixture('fitnotes-lbs.csv'))).toMatchObject({
      rows: 5,
      logs: 2,
      exercises: 3,
      sessions: 3,
      skippedCount: 0,
    });
    const squat = await sessionsOf(user, 'legs', 'barbell-squat');
    expect(withoutIds(squat[0].set)).toEqual([
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 61.23,
        pounds: 135,
        isHard: true,
        volume: 306.17,
        ...NORMAL,
      },
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 102.06,
        pounds: 225,
        isHard: true,
        volume: 510.29,
        ...NORMAL,
      },
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 102.06,
        pounds: 225,
        isHard: true,
        volume: 510.29,
        ...NORMAL,
      },
    ]);
    expect(squat[0]).toMatchObject({ totalVolume: 1326.76, notes: 'Warm-up' });
    const press = await sessionsOf(user, 'legs', 'leg-press');
    expect(press[0]).toMatchObject({ createdDate: '2024-02-03', totalVolume: 1431.08 });
    expect(press[0].set[0]).toMatchObject({ pounds: 315.5, kilograms: 143.11 });
    expect((await sessionsOf(user, 'cardio', 'stationary-bike'))[0]).toMatchObject({
      distance: 16.09,
      time: { hours: 0, minutes: 35, seconds: 0 },
    });
  });

  it('reads Weight with a Weight Unit on each row (CRLF), and distances in feet', async () => {
    const user = await signUp(t.app);
    expect(await importOk(t.app, user, 'source=fitnotes', fixture('fitnotes-weight-unit.csv'))).toMatchObject(
      { rows: 4, logs: 2, exercises: 2, sessions: 3, skippedCount: 0 },
    );
    const deadlift = await sessionsOf(user, 'back', 'deadlift');
    expect(withoutIds(deadlift[0].set)).toEqual([
      { _id: undefined, repetitions: 5, kilograms: 100, pounds: null, isHard: true, volume: 500, ...NORMAL },
      {
        _id: undefined,
        repetitions: 3,
        kilograms: 102.06,
        pounds: 225,
        isHard: true,
        volume: 306.17,
        ...NORMAL,
      },
    ]);
    expect(deadlift[0]).toMatchObject({ totalVolume: 806.17, notes: 'Switched to the lb plates' });
    const walking = await sessionsOf(user, 'cardio', 'walking');
    // 1500 ft = 0.4572 km.
    expect(walking.map((s) => [s.createdDate, s.distance, s.time])).toEqual([
      ['2024-04-01', 0.46, { hours: 0, minutes: 10, seconds: 0 }],
      ['2024-04-02', 2.5, { hours: 0, minutes: 30, seconds: 0 }],
    ]);
  });

  it('previews with dryRun, and adds nothing when the same file comes again', async () => {
    const user = await signUp(t.app);
    const preview = await importOk(t.app, user, 'source=fitnotes&dryRun=1', fixture('fitnotes-kgs.csv'));
    expect(preview).toMatchObject({ dryRun: true, logs: 4, exercises: 8, sessions: 10 });
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
    await importOk(t.app, user, 'source=fitnotes', fixture('fitnotes-kgs.csv'));
    const again = await importOk(t.app, user, 'source=fitnotes', fixture('fitnotes-kgs.csv'));
    expect(again).toMatchObject({ logs: 0, exercises: 0, sessions: 0, duplicates: 10 });
  });

  it('matches the header by name in any case and order, with extra columns, Comment optional', async () => {
    const user = await signUp(t.app);
    const file =
      ' category ,DATE,exercise,Reps,WEIGHT (KG),Time,Distance Unit,Distance,Extra\n' +
      'Arms,2024-05-01,Curl,10,12.5,,,,x\n';
    expect(await importOk(t.app, user, 'source=fitnotes', file)).toMatchObject({ logs: 1, sessions: 1 });
    expect((await sessionsOf(user, 'arms', 'curl'))[0].set[0]).toMatchObject({
      repetitions: 10,
      kilograms: 12.5,
      pounds: null,
    });
  });

  it('makes a distance without a time a pace session of 0 s, converting miles before rounding', async () => {
    const user = await signUp(t.app);
    const file = HEADER + '2024-05-03,Swim,Cardio,,,1000,M,,\n' + '2024-05-04,Swim,Cardio,,,3.107,MI,,\n';
    expect(await importOk(t.app, user, 'source=fitnotes', file)).toMatchObject({ sessions: 2 });
    // 3.107 mi = 5.0002 km.
    expect((await sessionsOf(user, 'cardio', 'swim')).map((s) => [s.distance, s.time, s.speed])).toEqual([
      [1, { hours: 0, minutes: 0, seconds: 0 }, 0],
      [5, { hours: 0, minutes: 0, seconds: 0 }, 0],
    ]);
  });

  it('cuts joined comments at 2000 characters and skips a row without a category', async () => {
    const user = await signUp(t.app);
    const file =
      HEADER +
      `2024-05-02,Row,Back,50,10,,,,"${'x'.repeat(1990)}"\n` +
      '2024-05-02,Row,Back,50,10,,,,"Second\nline"\n' +
      '2024-05-02,Row,,50,10,,,,\n';
    expect(await importOk(t.app, user, 'source=fitnotes', file)).toMatchObject({
      sessions: 1,
      // Line 5: the comment above spans two lines of the file.
      skipped: [{ line: 5, reason: 'Category: No letters or numbers in the name ""' }],
    });
    expect((await sessionsOf(user, 'back', 'row'))[0].notes).toBe(`${'x'.repeat(1990)}\nSecond\nli`);
  });

  it('refuses a bad file with the first bad line, writing nothing', async () => {
    const user = await signUp(t.app);
    const good = '2024-03-04,Bench,Chest,60,8,,,,\n';
    const cases: [string, string][] = [
      [
        HEADER + good + '2024-02-30,Bench,Chest,60,8,,,,\n',
        'Line 3: Date is not a date like "2024-01-15" ("2024-02-30")',
      ],
      [HEADER + '2024-03-04,Bench,Chest,sixty,8,,,,\n', 'Line 2: Weight is not a number ("sixty")'],
      [HEADER + '2024-03-04,Bench,Chest,60,-8,,,,\n', 'Line 2: Reps must be at least 0 (found -8)'],
      [
        HEADER + '2024-03-04,Run,Cardio,,,5,yd,0:25:00,\n',
        'Line 2: Distance Unit must be km, m, mi or ft (found "yd")',
      ],
      [
        HEADER + '2024-03-04,Run,Cardio,,,5,,0:25:00,\n',
        'Line 2: Distance Unit must be km, m, mi or ft (found "")',
      ],
      [
        HEADER + '2024-03-04,Run,Cardio,,,5,km,25:00,\n',
        'Line 2: Time is not a duration like "0:25:30" ("25:00")',
      ],
      [
        HEADER + '2024-03-04,Run,Cardio,,,5,km,0:61:00,\n',
        'Line 2: Time is not a duration like "0:25:30" ("0:61:00")',
      ],
      [HEADER + '2024-03-04,Bench,Chest,60,8,,,\n', 'Line 2: expected 9 columns like the header, found 8'],
      [
        'Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment\n' +
          '2024-03-04,Bench,Chest,60,stone,8,,,,\n',
        'Line 2: Weight Unit must be kgs or lbs (found "stone")',
      ],
      [
        'Date,Exercise,Category,Weight,Reps,Distance,Distance Unit,Time,Comment\n' + good,
        'Line 1: this is not a FitNotes CSV export: no column "Weight Unit" next to "Weight"',
      ],
      [
        'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n',
        'Line 1: this is not a FitNotes CSV export: no column "Exercise", "Category", "Distance Unit", "Time"',
      ],
    ];
    for (const [file, message] of cases) {
      const res = await postImport(t.app, user, 'source=fitnotes', file);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const lbs = 'Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time,Comment\n';
    const heavy = await postImport(
      t.app,
      user,
      'source=fitnotes',
      `${lbs}2024-03-04,Bench,Chest,220001,1,,,,\n`,
    );
    expect(heavy.json().message).toBe('Line 2: Weight must be at most 220000 (found 220001)');
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it('refuses more than 200,000 rows with 413', async () => {
    const user = await signUp(t.app);
    const res = await postImport(
      t.app,
      user,
      'source=fitnotes',
      HEADER + '2024-01-01,A,B,1,1,,,,\n'.repeat(200_001),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(
      /^This file has 200001 rows; at most 200000 can be imported at once\./,
    );
  });
});
