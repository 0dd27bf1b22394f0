import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CSV_COLUMNS, exportFile } from '../../../contract/data';
import type { TestApp } from '../../test/test-app';
import { parseCsv } from './csv';
import { call, createDataTestApp, exportJson, importOk, signUp, type TestUser } from './data-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A log with a weight exercise (two sessions on one day) and a pace exercise, through the API. */
async function seed(user: TestUser, logTitle: string) {
  const log = await call(t.app, user, 'POST', '/api/logs', { title: logTitle });
  const base = `/api/logs/${encodeURIComponent(log.slugLog)}/exercises`;
  const squat = await call(t.app, user, 'POST', base, { title: 'Back Squat', session: 'wlsession' });
  const run = await call(t.app, user, 'POST', base, { title: 'Easy Run', session: 'pasession' });
  const wl = `${base}/${squat.slugExercise}/wlsessions`;
  await call(t.app, user, 'POST', wl, {
    createdDate: '2024-03-01',
    set: [
      { repetitions: 5, kilograms: 100.25, isHard: true, type: 'failure', rpe: 9.5 },
      { repetitions: 8, kilograms: 60, isHard: false, type: 'warmup' },
    ],
    notes: 'Belt on, "tight"\nfelt good',
  });
  await call(t.app, user, 'POST', wl, {
    createdDate: '2024-03-01',
    set: [{ repetitions: 3, pounds: 245, isHard: true }],
  });
  await call(t.app, user, 'POST', `${base}/${run.slugExercise}/pasessions`, {
    createdDate: '2024-03-02',
    time: { hours: 0, minutes: 25, seconds: 30.5 },
    distance: 5.05,
    notes: 'Windy',
  });
  return log;
}

describe('GET /api/export.json', () => {
  it('needs a signed-in user', async () => {
    for (const url of ['/api/export.json', '/api/export.csv']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authorized, please log in' });
    }
  });

  it('writes every log, exercise and session of the caller, as a download', async () => {
    const user = await signUp(t.app);
    await seed(user, 'Strength Block');
    await call(t.app, user, 'POST', '/api/logs', { title: 'Empty Log' });
    const { res, data } = await exportJson(t.app, user);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="workout-log-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(data).toMatchObject({ format: 'workout-log', version: 1 });
    // The contract's schema names every field the file has (zod drops the ones it does not know).
    expect(exportFile.parse(data)).toEqual(data);
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.logs.map((l: { title: string }) => l.title)).toEqual(['Strength Block', 'Empty Log']);
    const [block, empty] = data.logs;
    expect(empty.exercises).toEqual([]);
    expect(Object.keys(block).sort()).toEqual(
      [
        '_id',
        'title',
        'slugLog',
        'createdAt',
        'updatedAt',
        'activeAt',
        'exercises',
        'workouts',
        'routines',
      ].sort(),
    );
    const [squat, run] = block.exercises;
    expect(squat).toMatchObject({ title: 'Back Squat', slugExercise: 'back-squat', session: 'wlsession' });
    expect(squat.sessions.map((s: { slugSession: string }) => s.slugSession)).toEqual([
      '2024-03-01',
      '2024-03-01-2',
    ]);
    expect(squat.sessions[0]).toMatchObject({
      createdDate: '2024-03-01',
      totalVolume: 981.25,
      workingVolume: 501.25,
      junkVolume: 480,
      notes: 'Belt on, "tight"\nfelt good',
      workout: null,
      set: [
        {
          repetitions: 5,
          kilograms: 100.25,
          pounds: null,
          isHard: true,
          volume: 501.25,
          type: 'failure',
          rpe: 9.5,
        },
        {
          repetitions: 8,
          kilograms: 60,
          pounds: null,
          isHard: false,
          volume: 480,
          type: 'warmup',
          rpe: null,
        },
      ],
    });
    expect(squat.sessions[1]).toMatchObject({
      notes: '',
      set: [{ repetitions: 3, kilograms: 111.13, pounds: 245, volume: 333.39, type: 'normal', rpe: null }],
    });
    expect(run.sessions[0]).toMatchObject({
      slugSession: '2024-03-02',
      time: { hours: 0, minutes: 25, seconds: 30.5 },
      distance: 5.05,
      paceMinutes: 5,
      paceSeconds: 3,
      speed: 0.198,
      notes: 'Windy',
    });
  });

  it("never contains another user's data", async () => {
    const owner = await signUp(t.app);
    await seed(owner, 'Private Log');
    const other = await signUp(t.app);
    const { data } = await exportJson(t.app, other);
    expect(data.logs).toEqual([]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/export.csv',
      headers: { cookie: other.cookie },
    });
    expect([...parseCsv(csv.body)]).toHaveLength(1); // the header alone
    expect(csv.body).not.toContain('Private Log');
  });

  it('streams a long history in chunks, compressed when asked, that parse back whole', async () => {
    const user = await signUp(t.app);
    // 700 days of one exercise: more than one page of sessions and many write chunks.
    let file =
      '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"\n';
    for (let day = 0; day < 700; day += 1) {
      const date = new Date(Date.UTC(2020, 0, 1 + day));
      const text = `${date.getUTCDate()} ${date.toLocaleString('en', { month: 'short', timeZone: 'UTC' })} ${date.getUTCFullYear()}, 18:00`;
      for (let set = 0; set < 3; set += 1)
        file += `"Daily","${text}","","","Deadlift",,"",${set},"normal",${100 + set},5,,,\n`;
    }
    expect(await importOk(t.app, user, 'source=hevy', file)).toMatchObject({ sessions: 700 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export.json',
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const data = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    const sessions = data.logs[0].exercises[0].sessions;
    expect(sessions).toHaveLength(700);
    expect(sessions[0].createdDate).toBe('2020-01-01');
    expect(sessions[699].createdDate).toBe('2021-11-30');
  });
});

describe('GET /api/export.json, page after page', () => {
  it('writes every session once, in order, when a page ends among the sessions of one date', async () => {
    const user = await signUp(t.app);
    // Three sittings a day for 300 days: 900 sessions, the 500th and 501st on the same date.
    const sessions900 = Array.from({ length: 900 }, (_, n) => {
      const day = new Date(Date.UTC(2020, 0, 1 + Math.floor(n / 3))).toISOString().slice(0, 10);
      return {
        createdDate: day,
        createdAt: `${day}T${['08', '12', '18'][n % 3]}:00:00.000Z`,
        set: [{ repetitions: 5, kilograms: 100 + (n % 3) * 10, isHard: true }],
      };
    });
    const file = {
      format: 'workout-log',
      version: 1,
      logs: [
        { title: 'Daily', exercises: [{ title: 'Deadlift', session: 'wlsession', sessions: sessions900 }] },
      ],
    };
    expect(await importOk(t.app, user, 'source=json', JSON.stringify(file))).toMatchObject({ sessions: 900 });
    const { data } = await exportJson(t.app, user);
    const sessions: { _id: string; createdDate: string; createdAt: string }[] =
      data.logs[0].exercises[0].sessions;
    expect(sessions).toHaveLength(900);
    expect(new Set(sessions.map((x) => x._id)).size).toBe(900);
    const keys = sessions.map((x) => `${x.createdDate} ${x.createdAt} ${x._id}`);
    expect(keys).toEqual([...keys].sort());
    expect(sessions.slice(498, 501).map((x) => x.createdDate)).toEqual(Array(3).fill('2020-06-15'));
  });
});

describe('GET /api/export.csv', () => {
  it('writes one row per set and per pace session, RFC 4180, UTF-8 with a header', async () => {
    const user = await signUp(t.app);
    await seed(user, 'Δύναμη Block');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export.csv',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="workout-log-[\d-]+\.csv"$/);
    expect(
      res.body.startsWith(
        '\uFEFFdate,log,exercise,kind,set,reps,kg,hard,volume,hours,minutes,seconds,distance,pace,speed,pounds,notes,type,rpe,workout,workoutTitle\r\n',
      ),
    ).toBe(true);
    // Notes with a comma, quotes and a line break are quoted as RFC 4180 says.
    expect(res.body).toContain(',501.25,,,,,,,,"Belt on, ""tight""\nfelt good",failure,9.5,,\r\n');
    expect(res.body.endsWith('\r\n')).toBe(true);
    const rows = [...parseCsv(res.body)].map((r) => r.fields);
    expect(rows[0]).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      [
        '2024-03-01',
        'Δύναμη Block',
        'Back Squat',
        'weight',
        '1',
        '5',
        '100.25',
        'true',
        '501.25',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'Belt on, "tight"\nfelt good',
        'failure',
        '9.5',
        '',
        '',
      ],
      [
        '2024-03-01',
        'Δύναμη Block',
        'Back Squat',
        'weight',
        '2',
        '8',
        '60',
        'false',
        '480',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'Belt on, "tight"\nfelt good',
        'warmup',
        '',
        '',
        '',
      ],
      [
        '2024-03-01',
        'Δύναμη Block',
        'Back Squat',
        'weight',
        '1',
        '3',
        '111.13',
        'true',
        '333.39',
        '',
        '',
        '',
        '',
        '',
        '',
        '245',
        '',
        'normal',
        '',
        '',
        '',
      ],
      [
        '2024-03-02',
        'Δύναμη Block',
        'Easy Run',
        'pace',
        '',
        '',
        '',
        '',
        '',
        '0',
        '25',
        '30.5',
        '5.05',
        '5:03',
        '0.198',
        '',
        'Windy',
        '',
        '',
        '',
        '',
      ],
    ]);
  });
});

describe('GET /api/export.csv and spreadsheet formulas', () => {
  it('writes notes a spreadsheet would run as a formula as text, and leaves the rest as typed', async () => {
    const user = await signUp(t.app);
    const log = await call(t.app, user, 'POST', '/api/logs', { title: 'Formula Check' });
    const base = `/api/logs/${log.slugLog}/exercises`;
    const x = await call(t.app, user, 'POST', base, { title: 'Press', session: 'wlsession' });
    const notes = ['=HYPERLINK("http://x.test","click")', '+1+2', '@SUM(A1)', '-2+3', '- sore knee', 'plain'];
    for (const [i, note] of notes.entries()) {
      await call(t.app, user, 'POST', `${base}/${x.slugExercise}/wlsessions`, {
        createdDate: `2024-05-0${i + 1}`,
        set: [{ repetitions: 1, kilograms: 10 }],
        notes: note,
      });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export.csv',
      headers: { cookie: user.cookie },
    });
    const notesAt = EXPORT_CSV_COLUMNS.indexOf('notes');
    const written = [...parseCsv(res.body)].slice(1).map((r) => r.fields[notesAt]);
    expect(written).toEqual([
      '\'=HYPERLINK("http://x.test","click")',
      "'+1+2",
      "'@SUM(A1)",
      "'-2+3",
      '- sore knee',
      'plain',
    ]);
  });
});
