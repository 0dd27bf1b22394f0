import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import {
  call,
  createDataTestApp,
  exportJson,
  importOk,
  postImport,
  signUp,
  type TestUser,
} from './data-test-helpers';

// Each set's type and RPE through our JSON export and import, and from Strong and Hevy files
// (docs/api.md §11 "Import and export", docs/data-portability.md).

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t.close();
});

type Set = { type: string; rpe: number | null; isHard: boolean; kilograms: number };
type Data = { logs: { exercises: { slugExercise: string; sessions: { set: Set[] }[] }[] }[] };

/** Each session's sets as type, RPE, hard and kilograms, by exercise, in the file's order. */
function setsOf(data: Data) {
  return data.logs.flatMap((log) =>
    log.exercises.map((e) => ({
      exercise: e.slugExercise,
      sessions: e.sessions.map((s) =>
        s.set.map(({ type, rpe, isHard, kilograms }) => ({ type, rpe, isHard, kilograms })),
      ),
    })),
  );
}

async function recordsOf(user: TestUser, slugLog: string, slugExercise: string) {
  return (await call(t.app, user, 'GET', `/api/logs/${slugLog}/exercises/${slugExercise}/records`)).records;
}

describe('our JSON', () => {
  it('carries each set’s type and RPE, and an import restores them (round trip)', async () => {
    const owner = await signUp(t.app);
    const log = await call(t.app, owner, 'POST', '/api/logs', { title: 'Round Trip' });
    const base = `/api/logs/${log.slugLog}/exercises`;
    const bench = await call(t.app, owner, 'POST', base, { title: 'Bench', session: 'wlsession' });
    await call(t.app, owner, 'POST', `${base}/${bench.slugExercise}/wlsessions`, {
      createdDate: '2026-02-01',
      set: [
        { repetitions: 10, kilograms: 120, type: 'warmup', rpe: 4 },
        { repetitions: 5, kilograms: 100, isHard: true, rpe: 8.5 },
        { repetitions: 2, kilograms: 100, isHard: true, type: 'failure', rpe: 10 },
        { repetitions: 8, pounds: 135, isHard: true, type: 'drop' },
      ],
    });
    const exported = (await exportJson(t.app, owner)).data;
    const expected = [
      {
        exercise: 'bench',
        sessions: [
          [
            { type: 'warmup', rpe: 4, isHard: false, kilograms: 120 },
            { type: 'normal', rpe: 8.5, isHard: true, kilograms: 100 },
            { type: 'failure', rpe: 10, isHard: true, kilograms: 100 },
            { type: 'drop', rpe: null, isHard: true, kilograms: 61.23 },
          ],
        ],
      },
    ];
    expect(setsOf(exported)).toEqual(expected);

    const other = await signUp(t.app);
    await importOk(t.app, other, 'source=json', JSON.stringify(exported));
    const imported = (await exportJson(t.app, other)).data;
    expect(setsOf(imported)).toEqual(expected);
    // The imported warm-up (120 kg) holds no record there either.
    expect((await recordsOf(other, 'round-trip', 'bench')).heaviest.value).toBe(100);

    // Imported again: the same sessions, recognised as there (types are not compared).
    const again = await importOk(t.app, other, 'source=json', JSON.stringify(exported));
    expect(again).toMatchObject({ sessions: 0, duplicates: 1 });
  });

  it('reads a file from before set types as normal sets, and refuses a bad type or RPE by its line', async () => {
    const user = await signUp(t.app);
    const file = (set: object) =>
      JSON.stringify({
        format: 'workout-log',
        version: 1,
        logs: [
          {
            title: 'Old File',
            exercises: [
              {
                title: 'Row',
                session: 'wlsession',
                sessions: [{ createdDate: '2025-01-01', set: [{ repetitions: 5, kilograms: 50, ...set }] }],
              },
            ],
          },
        ],
      });
    const typeError = await postImport(t.app, user, 'source=json', file({ type: 'dropset' }));
    expect(typeError.statusCode).toBe(400);
    expect(typeError.json().message).toMatch(
      /^Line \d+: Type must be normal, warmup, drop or failure \(at logs\[0\]\.exercises\[0\]\.sessions\[0\]\.set\[0\]\.type\)$/,
    );
    const rpeError = await postImport(t.app, user, 'source=json', file({ rpe: 7.25 }));
    expect(rpeError.json().message).toMatch(/RPE must be between 1 and 10 in steps of 0\.5 \(at .*\.rpe\)$/);
    await importOk(t.app, user, 'source=json', file({}));
    expect(setsOf((await exportJson(t.app, user)).data)[0].sessions).toEqual([
      [{ type: 'normal', rpe: null, isHard: false, kilograms: 50 }],
    ]);
  });
});

const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';

describe('Strong CSV', () => {
  it('reads Set Order W, D and F as warm-up, drop and failure sets, a number as normal, and RPE', async () => {
    const user = await signUp(t.app);
    const row = (order: string, weight: number, rpe: string) =>
      `2024-01-15 18:30:00,Legs,1h,Squat,${order},${weight},5,0,0,"","",${rpe}\n`;
    const file =
      STRONG_HEADER + row('W', 140, '') + row('1', 100, '8') + row('F', 100, '10') + row('D', 80, '7.5');
    await importOk(t.app, user, 'source=strong&unit=kg', file);
    expect(setsOf((await exportJson(t.app, user)).data)).toEqual([
      {
        exercise: 'squat',
        sessions: [
          [
            { type: 'warmup', rpe: null, isHard: false, kilograms: 140 },
            { type: 'normal', rpe: 8, isHard: true, kilograms: 100 },
            { type: 'failure', rpe: 10, isHard: true, kilograms: 100 },
            { type: 'drop', rpe: 7.5, isHard: true, kilograms: 80 },
          ],
        ],
      },
    ]);
    // The 140 kg warm-up is no record.
    expect((await recordsOf(user, 'legs', 'squat')).heaviest.value).toBe(100);
  });

  it('refuses an RPE that is not one, naming its line, and writes nothing', async () => {
    const user = await signUp(t.app);
    for (const [rpe, message] of [
      ['11', 'Line 2: RPE must be between 1 and 10 in steps of 0.5 (found "11")'],
      ['8.3', 'Line 2: RPE must be between 1 and 10 in steps of 0.5 (found "8.3")'],
      ['hard', 'Line 2: RPE must be a number (found "hard")'],
    ]) {
      const file = `${STRONG_HEADER}2024-01-15 18:30:00,Legs,1h,Squat,1,100,5,0,0,"","",${rpe}\n`;
      const res = await postImport(t.app, user, 'source=strong&unit=kg', file);
      expect(res.statusCode, rpe).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await exportJson(t.app, user)).data.logs).toEqual([]);
  });
});

const HEVY_HEADER =
  '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"\n';

describe('Hevy CSV', () => {
  it('reads set_type normal, warmup, dropset and failure, and rpe', async () => {
    const user = await signUp(t.app);
    const row = (index: number, type: string, weight: number, rpe: string) =>
      `"Push","15 Jan 2024, 18:30","15 Jan 2024, 19:45","","Bench",,"",${index},"${type}",${weight},5,,,${rpe}\n`;
    const file =
      HEVY_HEADER +
      row(0, 'warmup', 120, '') +
      row(1, 'normal', 100, '9.5') +
      row(2, 'dropset', 70, '') +
      row(3, 'failure', 60, '10') +
      row(4, '', 60, '6');
    await importOk(t.app, user, 'source=hevy', file);
    expect(setsOf((await exportJson(t.app, user)).data)).toEqual([
      {
        exercise: 'bench',
        sessions: [
          [
            { type: 'warmup', rpe: null, isHard: false, kilograms: 120 },
            { type: 'normal', rpe: 9.5, isHard: true, kilograms: 100 },
            { type: 'drop', rpe: null, isHard: true, kilograms: 70 },
            { type: 'failure', rpe: 10, isHard: true, kilograms: 60 },
            { type: 'normal', rpe: 6, isHard: true, kilograms: 60 },
          ],
        ],
      },
    ]);
  });

  it('reads a file without an rpe column, and refuses a bad rpe by its line', async () => {
    const user = await signUp(t.app);
    const header = HEVY_HEADER.replace(',"rpe"', '');
    await importOk(
      t.app,
      user,
      'source=hevy',
      `${header}"Push","15 Jan 2024, 18:30","","","Bench",,"",0,"failure",100,5,,\n`,
    );
    expect(setsOf((await exportJson(t.app, user)).data)[0].sessions).toEqual([
      [{ type: 'failure', rpe: null, isHard: true, kilograms: 100 }],
    ]);
    const bad = await postImport(
      t.app,
      user,
      'source=hevy',
      `${HEVY_HEADER}"Push","16 Jan 2024, 18:30","","","Bench",,"",0,"normal",100,5,,,0.5\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Line 2: RPE must be between 1 and 10 in steps of 0.5 (found "0.5")');
  });
});
