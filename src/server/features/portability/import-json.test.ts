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
  type TestUser,
} from './data-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An export without what differs between accounts by nature: ids and the export's own time. */
function comparable(data: { exportedAt?: string; logs: unknown[] }) {
  // A workout's entries name sessions by `_id`, and a session its workout (docs/api.md §11):
  // compared by exercise and slug, and by the workout's place in its log's list.
  const named = new Map<string, string>();
  const workouts = new Map<string, string>();
  for (const log of data.logs as {
    slugLog: string;
    exercises: { slugExercise: string; sessions: { _id: string; slugSession: string }[] }[];
    workouts: { _id: string }[];
  }[]) {
    for (const exercise of log.exercises)
      for (const session of exercise.sessions)
        named.set(session._id, `${exercise.slugExercise}/${session.slugSession}`);
    log.workouts.forEach((w, i) => workouts.set(w._id, `${log.slugLog}#${i}`));
  }
  const renamed = (key: string, v: string) =>
    key === 'session' ? named.get(v) : key === 'workout' ? workouts.get(v) : v;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== '_id')
          .map(([key, v]) => [key, typeof v === 'string' ? renamed(key, v) : strip(v)]),
      );
    return value;
  };
  return strip(data.logs);
}

async function seedVaried(user: TestUser) {
  const log = await call(t.app, user, 'POST', '/api/logs', { title: 'Πόδια και Πλάτη' });
  const base = `/api/logs/${encodeURIComponent(log.slugLog)}/exercises`;
  const squat = await call(t.app, user, 'POST', base, { title: 'Front_Squat', session: 'wlsession' });
  const row = await call(t.app, user, 'POST', base, { title: 'Row Erg', session: 'pasession' });
  await call(t.app, user, 'POST', base, { title: 'Not Yet', session: 'wlsession' });
  const wl = `${base}/${squat.slugExercise}/wlsessions`;
  for (const [date, kg] of [
    ['2023-12-31', 99.99],
    ['2023-12-31', 0.01],
    ['2024-02-29', 100000],
    ['2023-12-31', 42.5],
  ] as const)
    await call(t.app, user, 'POST', wl, {
      createdDate: date,
      set: [
        { repetitions: 3, kilograms: kg, isHard: true },
        { repetitions: 12.5, kilograms: 20, isHard: false },
        { repetitions: 5, pounds: 135, isHard: true },
      ],
      notes: kg === 0.01 ? '' : `Top set ${kg}, "easy"\nnext time +2.5`,
    });
  // A deleted first session leaves "-2" and "-3" behind: a round trip must keep those slugs.
  await t.app.inject({ method: 'DELETE', url: `${wl}/2023-12-31`, headers: { cookie: user.cookie } });
  await call(t.app, user, 'POST', `${base}/${row.slugExercise}/pasessions`, {
    createdDate: '2024-01-01',
    time: { hours: 1, minutes: 2, seconds: 3.45 },
    distance: 15.5,
    notes: 'Headwind, both ways',
  });
  await call(t.app, user, 'POST', '/api/logs', { title: 'Empty-Log_2' });
  await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
}

describe('POST /api/import?source=json', () => {
  it('round trip: export → import into an empty account reproduces everything', async () => {
    const source = await signUp(t.app);
    await seedVaried(source);
    const original = (await exportJson(t.app, source)).data;
    expect(original.logs).toHaveLength(4);

    const target = await signUp(t.app);
    const summary = await importOk(t.app, target, 'source=json', JSON.stringify(original));
    expect(summary).toMatchObject({ logs: 4, exercises: 7, sessions: 9, duplicates: 0, skippedCount: 0 });
    const copy = (await exportJson(t.app, target)).data;
    expect(comparable(copy)).toEqual(comparable(original));
    // Pounds stay as typed and notes come along (docs/api.md §10), not only "as in the file".
    const squat = copy.logs[0].exercises[0];
    expect(squat.sessions[0].set[2]).toMatchObject({ pounds: 135, kilograms: 61.23, volume: 306.17 });
    expect(squat.sessions.map((s: { notes: string }) => s.notes)).toContain(
      'Top set 42.5, "easy"\nnext time +2.5',
    );
    expect(copy.logs[0].exercises[1].sessions[0].notes).toBe('Headwind, both ways');

    // The lists show the same order as the original's.
    const lists = await Promise.all(
      [source, target].map((u) => call(t.app, u, 'GET', '/api/logs?limit=100')),
    );
    expect(lists[1].logs.map((l: { title: string }) => l.title)).toEqual(
      lists[0].logs.map((l: { title: string }) => l.title),
    );
  });

  it('reads the export file byte for byte, and a second import adds nothing', async () => {
    const user = await signUp(t.app);
    await seedVaried(user);
    const { res } = await exportJson(t.app, user);
    const again = await importOk(t.app, user, 'source=json', res.body);
    expect(again).toMatchObject({ logs: 0, exercises: 0, sessions: 0, duplicates: 9 });
  });

  it('with dryRun=1 writes nothing', async () => {
    const source = await signUp(t.app);
    await seedVaried(source);
    const { res } = await exportJson(t.app, source);
    const target = await signUp(t.app);
    const preview = await importOk(t.app, target, 'source=json&dryRun=1', res.body);
    expect(preview).toMatchObject({ dryRun: true, logs: 4, exercises: 7, sessions: 9 });
    expect((await call(t.app, target, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it('refuses a bad value in the middle, naming its line and path, and writes nothing', async () => {
    const source = await signUp(t.app);
    await seedVaried(source);
    const { res } = await exportJson(t.app, source);
    const lines = res.body.split('\n');
    const bad = lines.findIndex((l) => l.includes('"createdDate":"2024-02-29"'));
    expect(bad).toBeGreaterThan(2);
    lines[bad] = lines[bad].replace('"kilograms":100000', '"kilograms":100000.5');
    const target = await signUp(t.app);
    const refused = await postImport(t.app, target, 'source=json', lines.join('\n'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      new RegExp(
        `^Line ${bad + 1}: Kilograms must be at most 100000 \\(at logs\\[\\d\\]\\.exercises\\[0\\]\\.sessions\\[\\d\\]\\.set\\[0\\]\\.kilograms\\)$`,
      ),
    );
    expect((await call(t.app, target, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it('reads a file from before pounds and notes: kilograms, no notes', async () => {
    const user = await signUp(t.app);
    const file = {
      format: 'workout-log',
      version: 1,
      logs: [
        {
          title: 'Old',
          exercises: [
            {
              title: 'Press',
              session: 'wlsession',
              sessions: [
                { createdDate: '2023-05-01', set: [{ repetitions: 5, kilograms: 50, isHard: true }] },
              ],
            },
          ],
        },
      ],
    };
    await importOk(t.app, user, 'source=json', JSON.stringify(file));
    const session = (await exportJson(t.app, user)).data.logs[0].exercises[0].sessions[0];
    expect(session).toMatchObject({ notes: '', set: [{ kilograms: 50, pounds: null, volume: 250 }] });
  });

  it('refuses notes over 2000 characters and pounds over 220000, naming the path', async () => {
    const user = await signUp(t.app);
    const file = (session: object) =>
      JSON.stringify({
        format: 'workout-log',
        version: 1,
        logs: [{ title: 'L', exercises: [{ title: 'E', session: 'wlsession', sessions: [session] }] }],
      });
    const set = { repetitions: 1, pounds: 135, isHard: true };
    const notes = await postImport(
      t.app,
      user,
      'source=json',
      file({ createdDate: '2024-01-01', set: [set], notes: 'x'.repeat(2001) }),
    );
    expect(notes.json().message).toBe(
      'Line 1: Notes can be at most 2000 characters (at logs[0].exercises[0].sessions[0].notes)',
    );
    const pounds = await postImport(
      t.app,
      user,
      'source=json',
      file({ createdDate: '2024-01-01', set: [{ ...set, pounds: 220001 }] }),
    );
    expect(pounds.json().message).toBe(
      'Line 1: Pounds must be at most 220000 (at logs[0].exercises[0].sessions[0].set[0].pounds)',
    );
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it('refuses what is not our export', async () => {
    const user = await signUp(t.app);
    const broken = await postImport(
      t.app,
      user,
      'source=json',
      '{"format":"workout-log",\n"version":1,\n"logs":[}',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Line 3: this is not valid JSON');
    // Millions of nested brackets held the event loop 2–3 s in JSON.parse: refused before it.
    for (const body of [
      `{"format":"workout-log",\n"version":1,"logs":${'['.repeat(3_000_000)}${']'.repeat(3_000_000)}}`,
      `{"format":"workout-log",\n"version":1,"logs":[],"x":${'{"a":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)}}`,
      `{"format":"workout-log",\n"version":1,"logs":${'['.repeat(5_000_000)}`,
    ]) {
      const deep = await postImport(t.app, user, 'source=json', body);
      expect(deep.statusCode).toBe(400);
      expect(deep.json().message).toBe('Line 2: values are nested more than 32 deep: this is not our export');
    }
    // Brackets (and escaped quotes) inside strings are text, not nesting.
    const inText = {
      format: 'workout-log',
      version: 1,
      exportedAt: 'x',
      logs: [],
      x: `\\"${'['.repeat(100)}`,
    };
    const text = await postImport(t.app, user, 'source=json&dryRun=1', JSON.stringify(inText));
    expect(text.statusCode).toBe(200);
    const other = await postImport(t.app, user, 'source=json', '{"format":"strong","logs":[]}');
    expect(other.json().message).toBe('Line 1: format must be "workout-log" (at format)');
    const later = await postImport(
      t.app,
      user,
      'source=json',
      '{"format":"workout-log","version":2,"logs":[]}',
    );
    expect(later.json().message).toBe('Line 1: Only version 1 of the format can be read (at version)');
    const csv = await postImport(t.app, user, 'source=json', fixture('hevy.csv'), 'application/json');
    expect(csv.statusCode).toBe(400);
  });

  it('skips the sessions of an exercise that exists with the other kind', async () => {
    const user = await signUp(t.app);
    const log = await call(t.app, user, 'POST', '/api/logs', { title: 'Morning Run' });
    await call(t.app, user, 'POST', `/api/logs/${log.slugLog}/exercises`, {
      title: 'Running',
      session: 'wlsession',
    });
    const summary = await importOk(t.app, user, 'source=hevy', fixture('hevy.csv'));
    expect(summary).toMatchObject({ logs: 1, exercises: 3, sessions: 4, skippedCount: 2 });
    expect(summary.skipped[1]).toEqual({
      line: 9,
      reason: '"Running" records weight sessions (reps × kg); this row is not one: 1 session(s) not imported',
    });
  });
});
