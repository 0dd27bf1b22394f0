import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../contract/data';
import type { TestApp } from '../../test/test-app';
import { IMPORT_RUNNING } from './import-batches';
import { sampleCsv } from './sample-csv';
import {
  call,
  createDataTestApp,
  exportJson,
  fixture,
  importOk,
  postImport,
  signUp,
} from './data-test-helpers';

/** A set's type and RPE as an answer carries them. */
const set = (type: string, rpe: number | null = null) => ({ type, rpe });

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/import?source=hevy', () => {
  it('maps workouts to logs, a day of sets to one session, cardio to pace sessions', async () => {
    const user = await signUp(t.app);
    const summary = await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    expect(summary).toEqual({
      dryRun: false,
      rows: 10,
      logs: 2,
      exercises: 4,
      sessions: 5,
      duplicates: 0,
      skipped: [{ line: 8, reason: 'No reps, weight, distance or duration' }],
      skippedCount: 1,
    });

    const { data } = await exportJson(t.app, user);
    const push = data.logs.find((l: { slugLog: string }) => l.slugLog === 'push-heavy');
    expect(push.title).toBe('Push Heavy');
    const bench = push.exercises.find(
      (e: { slugExercise: string }) => e.slugExercise === 'bench-press-barbell',
    );
    expect(bench.title).toBe('Bench Press Barbell');
    expect(bench.session).toBe('wlsession');
    expect(bench.sessions.map((s: { createdDate: string }) => s.createdDate)).toEqual([
      '2024-01-15',
      '2024-01-22',
    ]);
    const [first, second] = bench.sessions;
    expect(first.set.map((s: object) => ({ ...s, _id: undefined }))).toEqual([
      {
        _id: undefined,
        repetitions: 10,
        kilograms: 40,
        pounds: null,
        isHard: false,
        volume: 400,
        ...set('warmup'),
      },
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 80,
        pounds: null,
        isHard: true,
        volume: 400,
        ...set('normal', 8),
      },
      {
        _id: undefined,
        repetitions: 3,
        kilograms: 82.5,
        pounds: null,
        isHard: true,
        volume: 247.5,
        ...set('failure', 10),
      },
    ]);
    expect(first).toMatchObject({ totalVolume: 1047.5, workingVolume: 647.5, junkVolume: 400 });
    // Rows out of set_index order are put back in order; the warm-up comes first.
    expect(second.set.map((s: { isHard: boolean }) => s.isHard)).toEqual([false, true]);

    const triceps = push.exercises.find(
      (e: { slugExercise: string }) => e.slugExercise === 'triceps-pushdown',
    );
    expect(triceps.sessions[0].set.map((s: { isHard: boolean }) => s.isHard)).toEqual([true, true]);
    // The exercise whose only row had nothing in it is not created.
    expect(push.exercises).toHaveLength(2);

    const run = data.logs.find((l: { slugLog: string }) => l.slugLog === 'morning-run');
    const running = run.exercises.find((e: { slugExercise: string }) => e.slugExercise === 'running');
    expect(running.session).toBe('pasession');
    expect(running.sessions[0]).toMatchObject({
      createdDate: '2024-01-16',
      time: { hours: 0, minutes: 28, seconds: 30 },
      distance: 5.2,
      paceMinutes: 5,
      paceSeconds: 29,
      speed: 0.182,
    });
    const plank = run.exercises.find((e: { slugExercise: string }) => e.slugExercise === 'plank');
    expect(plank.sessions[0]).toMatchObject({
      time: { hours: 0, minutes: 1, seconds: 0 },
      distance: 0,
      speed: 0,
    });
  });

  it('imports the same file a second time without adding anything', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    const before = (await exportJson(t.app, user)).data.logs;
    const again = await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    expect(again).toMatchObject({ logs: 0, exercises: 0, sessions: 0, duplicates: 5 });
    expect((await exportJson(t.app, user)).data.logs).toEqual(before);
  });

  it('adds only the new days of a longer export of the same history', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    const later =
      fixture('hevy.csv') +
      '"Push, Heavy","29 Jan 2024, 18:00","29 Jan 2024, 19:00","","Bench Press (Barbell)",,"",0,"normal",90,5,,,\n';
    expect(await importOk(t.app, user, 'source=hevy', later)).toMatchObject({
      logs: 0,
      exercises: 0,
      sessions: 1,
      duplicates: 5,
    });
  });

  it('three imports of one file at once: one adds it, the others are refused or add nothing', async () => {
    const user = await signUp(t.app);
    const file = sampleCsv('hevy', 3000);
    const responses = await Promise.all([1, 2, 3].map(() => postImport(t.app, user, 'source=hevy', file)));
    const added = responses.filter((r) => r.statusCode === 200).map((r) => r.json() as ImportSummary);
    const refused = responses.filter((r) => r.statusCode !== 200);
    const sessions = added.map((r) => r.sessions).sort((a, b) => b - a);
    expect(sessions[0]).toBeGreaterThan(700);
    expect(sessions.slice(1).every((n) => n === 0)).toBe(true);
    expect(added.every((r) => r.sessions + r.duplicates === sessions[0])).toBe(true);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ message: IMPORT_RUNNING });
    }
    const again = await importOk(t.app, user, 'source=hevy&dryRun=1', file);
    expect(again).toMatchObject({ sessions: 0, duplicates: sessions[0] });
  });

  it('with dryRun=1 reports the same summary and writes nothing', async () => {
    const user = await signUp(t.app);
    const preview = await importOk(t.app, user, 'source=hevy&dryRun=1', fixture('hevy.csv'));
    expect(preview).toMatchObject({ dryRun: true, logs: 2, exercises: 4, sessions: 5 });
    const list = await call(t.app, user, 'GET', '/api/logs');
    expect(list.pagination.total).toBe(0);
    const real = await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    expect({ ...real, dryRun: true }).toEqual(preview);
  });

  it('refuses a file with one bad line in the middle, naming it, and writes nothing', async () => {
    const user = await signUp(t.app);
    const lines = fixture('hevy.csv').split('\n');
    lines[8] = lines[8].replace('5.2', '-5.2'); // line 9: the run
    const res = await postImport(t.app, user, 'source=hevy', lines.join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Line 9: distance must be at least 0 (found -5.2)');
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it.each([
    [
      'an absurd weight',
      (l: string) => l.replace(',80,5,', ',100001,5,'),
      'Line 3: weight must be at most 100000',
    ],
    [
      'a weight that is not a number',
      (l: string) => l.replace(',80,5,', ',eighty,5,'),
      'Line 3: weight is not a number',
    ],
    [
      'broken quoting',
      (l: string) => l.replace('"Bench Press (Barbell)",,"",1', '"Bench "Press",,"",1'),
      'Line 3: unexpected text after a closing quote',
    ],
    [
      'a missing column',
      (l: string) => l.replace(',"",1,"normal",80,5,,,8', ',"",1,"normal",80,5,,'),
      'Line 3: expected 14 columns like the header, found 13',
    ],
    [
      'a bad date',
      (l: string) => l.replace('"15 Jan 2024, 18:30","15', '"31 Feb 2024, 18:30","15'),
      'Line 3: start_time is not a date',
    ],
    // docs/api.md §9: a time that does not exist is refused like an impossible date.
    ...['25:30', '18:60', '24:00', '13:30 PM', '18:30:60'].map(
      (time): [string, (l: string) => string, string] => [
        `a start_time at ${time}`,
        (l: string) => l.replace('"15 Jan 2024, 18:30","15', `"15 Jan 2024, ${time}","15`),
        'Line 3: start_time is not a date',
      ],
    ),
  ])('refuses %s', async (_name, edit, message) => {
    const user = await signUp(t.app);
    const lines = fixture('hevy.csv').split('\n');
    lines[2] = edit(lines[2]);
    const res = await postImport(t.app, user, 'source=hevy', lines.join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it('refuses a quote that is never closed, naming the line it opens on', async () => {
    const user = await signUp(t.app);
    const res = await postImport(
      t.app,
      user,
      'source=hevy',
      `${fixture('hevy.csv')}"Push, Heavy","15 Jan 2024\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Line 13: a quoted field is never closed');
  });

  it('refuses a file that is not a Hevy export', async () => {
    const user = await signUp(t.app);
    const res = await postImport(t.app, user, 'source=hevy', fixture('strong.csv'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Line 1: this is not a Hevy CSV export: no column "title"/);
  });
});

describe('POST /api/import?source=strong', () => {
  it('keeps pounds as typed, derives kilograms, maps warm-ups, rest timers and cardio', async () => {
    const user = await signUp(t.app);
    const summary = await importOk(t.app, user, 'source=strong&unit=lb', fixture('strong.csv'));
    expect(summary).toMatchObject({
      rows: 8,
      logs: 2,
      exercises: 3,
      sessions: 3,
      duplicates: 0,
      skippedCount: 3,
    });
    expect(summary.skipped.map((s) => s.line)).toEqual([5, 6, 9]);
    expect(summary.skipped[0].reason).toBe('A rest timer, not a set');
    expect(summary.skipped[2].reason).toMatch(/^Exercise: No letters or numbers/);

    const { data } = await exportJson(t.app, user);
    const legs = data.logs.find((l: { slugLog: string }) => l.slugLog === 'legs-day-a');
    expect(legs.title).toBe('Legs Day A');
    const squat = legs.exercises.find((e: { slugExercise: string }) => e.slugExercise === 'squat-barbell');
    expect(squat.sessions).toHaveLength(1);
    expect(squat.sessions[0].set.map((s: object) => ({ ...s, _id: undefined }))).toEqual([
      {
        _id: undefined,
        repetitions: 8,
        kilograms: 43.09,
        pounds: 95,
        isHard: false,
        volume: 344.73,
        ...set('warmup'),
      },
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 102.06,
        pounds: 225,
        isHard: true,
        volume: 510.29,
        ...set('normal', 8),
      },
      {
        _id: undefined,
        repetitions: 5,
        kilograms: 102.06,
        pounds: 225,
        isHard: true,
        volume: 510.29,
        ...set('normal'),
      },
    ]);
    // Volumes from the unrounded kilograms (5 × 225 lb = 510.29 kg, not 5 × 102.06), summed once.
    expect(squat.sessions[0]).toMatchObject({
      totalVolume: 1365.31,
      workingVolume: 1020.58,
      junkVolume: 344.73,
      notes: 'Hip felt fine\nBelt on, "tight"',
    });
    const walk = legs.exercises.find((e: { slugExercise: string }) => e.slugExercise === 'farmers-walk');
    expect(walk.title).toBe('Farmers Walk');
    expect(walk.sessions[0]).toMatchObject({
      distance: 0.1,
      paceMinutes: 10,
      paceSeconds: 0,
      speed: 0.1,
      notes: 'Hip felt fine',
    });
    const cycling = data.logs.find((l: { slugLog: string }) => l.slugLog === 'cardio').exercises[0];
    expect(cycling).toMatchObject({ title: 'Cycling Indoor', session: 'pasession' });
    expect(cycling.sessions[0]).toMatchObject({
      time: { hours: 0, minutes: 30, seconds: 0 },
      paceMinutes: 3,
      speed: 0.333,
    });

    expect(await importOk(t.app, user, 'source=strong&unit=lb', fixture('strong.csv'))).toMatchObject({
      logs: 0,
      exercises: 0,
      sessions: 0,
      duplicates: 3,
    });
  });

  it('keeps kilograms as they are with unit=kg', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=strong&unit=kg', fixture('strong.csv'));
    const { data } = await exportJson(t.app, user);
    const legs = data.logs.find((l: { slugLog: string }) => l.slugLog === 'legs-day-a');
    const squat = legs.exercises.find((e: { slugExercise: string }) => e.slugExercise === 'squat-barbell');
    expect(squat.sessions[0].set.map((s: { kilograms: number }) => s.kilograms)).toEqual([95, 225, 225]);
    expect(squat.sessions[0].set.map((s: { pounds: number | null }) => s.pounds)).toEqual([null, null, null]);
  });

  it('puts a drop or failure set right after the numbered set before it in its workout', async () => {
    const user = await signUp(t.app);
    const file = [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      '2024-01-15 18:30:00,Legs,,Squat,2,100,5,,,,,',
      '2024-01-15 18:30:00,Legs,,Squat,D,80,8,,,,,',
      '2024-01-15 18:30:00,Legs,,Squat,1,100,6,,,,,',
      '2024-01-15 18:30:00,Legs,,Bench,1,60,5,,,,,',
      '2024-01-15 18:30:00,Legs,,Bench,F,50,9,,,,,',
      // A later workout the same day: its letter set has no numbered set before it in that workout.
      '2024-01-15 19:30:00,Legs,,Squat,D,70,10,,,,,',
    ].join('\n');
    await importOk(t.app, user, 'source=strong&unit=kg', file);
    const { data } = await exportJson(t.app, user);
    const reps = (slug: string) =>
      data.logs[0].exercises
        .find((e: { slugExercise: string }) => e.slugExercise === slug)
        .sessions[0].set.map((s: { repetitions: number }) => s.repetitions);
    expect(reps('squat')).toEqual([6, 5, 8, 10]);
    expect(reps('bench')).toEqual([5, 9]);
  });

  it('asks for the unit', async () => {
    const user = await signUp(t.app);
    const res = await postImport(t.app, user, 'source=strong', fixture('strong.csv'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Say which unit your Strong weights are in: unit=kg or unit=lb');
  });

  it('refuses an absurd number in the middle of the file, writing nothing', async () => {
    const user = await signUp(t.app);
    const lines = fixture('strong.csv').split('\r\n');
    lines[3] = lines[3].replace(',225,5,', ',225,500000,');
    const res = await postImport(t.app, user, 'source=strong&unit=kg', lines.join('\r\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Line 4: Reps must be at most 100000 (found 500000)');
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });
});

describe('POST /api/import, in general', () => {
  it('needs a signed-in user', async () => {
    const res = await postImport(t.app, null, 'source=hevy', fixture('hevy.csv'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authorized, please log in' });
  });

  it('refuses an unknown source and an empty file', async () => {
    const user = await signUp(t.app);
    const unknown = await postImport(t.app, user, 'source=fitbod', fixture('hevy.csv'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('source must be json, hevy, strong or fitnotes');
    const empty = await postImport(t.app, user, 'source=hevy', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty');
  });

  it('refuses a file over 10 MB with 413, and other content types with 415', async () => {
    const user = await signUp(t.app);
    const big = fixture('hevy.csv') + 'x'.repeat(10 * 1024 * 1024);
    const res = await postImport(t.app, user, 'source=hevy', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large: the limit is 10 MB');
    const xml = await postImport(t.app, user, 'source=hevy', '<a/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
  });

  it('accepts up to 10 MB (over the usual 100 KB limit)', async () => {
    const user = await signUp(t.app);
    const row =
      '"Push, Heavy","15 Jan 2024, 18:30","15 Jan 2024, 19:45","","Bench Press (Barbell)",,"",0,"normal",80,5,,,\n';
    const body = fixture('hevy.csv') + row.repeat(Math.floor((200 * 1024) / row.length));
    const summary = await importOk(t.app, user, 'source=hevy&dryRun=1', body);
    expect(summary.rows).toBeGreaterThan(1500);
    // 1,500 identical sets on one day: split into sessions of at most 100 sets.
    expect(summary.sessions).toBeGreaterThan(16);
  });
});
