import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { call, createDataTestApp, importOk, postImport, signUp } from './data-test-helpers';

// docs/api.md §9: the row cap, unstorable timestamps, and many sessions on one date.

const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('import limits', () => {
  it('refuses more than 200,000 rows with 413 saying how to split the file, writing nothing', async () => {
    const user = await signUp(t.app);
    const body = STRONG_HEADER + '2024-01-15 18:30:00,W,,E,1,1,1,0,0,,,\n'.repeat(200_001);
    expect(body.length).toBeLessThan(10 * 1024 * 1024);
    const response = await postImport(t.app, user, 'source=strong&unit=kg&dryRun=1', body);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message:
        'This file has 200001 rows; at most 200000 can be imported at once. Split it into smaller files and import each.',
    });
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it('counts the rows of a file whose lines end in a lone CR (old Mac) against the cap too', async () => {
    const user = await signUp(t.app);
    const body = (STRONG_HEADER + '2024-01-15 18:30:00,W,,E,1,1,1,0,0,,,\n'.repeat(200_001)).replaceAll(
      '\n',
      '\r',
    );
    const response = await postImport(t.app, user, 'source=strong&unit=kg&dryRun=1', body);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/^This file has 200001 rows; at most 200000/);
  });

  it('refuses more than 20,000 workouts or 50,000 exercises with 413, writing nothing', async () => {
    // 199,999 distinct names ran the server out of memory; the caps stop the plan early.
    const user = await signUp(t.app);
    const rows = (n: number, row: (i: number) => string) =>
      STRONG_HEADER + Array.from({ length: n }, (_, i) => row(i)).join('');
    const workouts = rows(20_001, (i) => `2024-01-15 18:30:00,W ${i},,E,1,1,1,,,,,\n`);
    const exercises = rows(50_001, (i) => `2024-01-15 18:30:00,W,,E ${i},1,1,1,,,,,\n`);
    for (const [body, what, max] of [
      [workouts, 'logs (workouts)', 20_000],
      [exercises, 'exercises', 50_000],
    ] as const) {
      for (const dryRun of [1, 0]) {
        const response = await postImport(t.app, user, `source=strong&unit=kg&dryRun=${dryRun}`, body);
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({
          message: `This file has more than ${max} ${what}; at most ${max} can be imported at once. Split it into smaller files and import each.`,
        });
      }
    }
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
    // At the file's caps, the account's quota of 500 logs (docs/api.md §12) is what refuses it.
    const atCap = rows(20_000, (i) => `2024-01-15 18:30:00,W ${i},,E,1,1,1,,,,,\n`);
    const quota = await postImport(t.app, user, 'source=strong&unit=kg&dryRun=1', atCap);
    expect(quota.statusCode).toBe(413);
    expect(quota.json().message).toBe(
      'Importing this file would pass a limit: an account can hold at most 500 logs. Nothing was imported.',
    );
  });

  it('refuses a timestamp PostgreSQL cannot store with a 400 naming its line, writing nothing', async () => {
    const user = await signUp(t.app);
    for (const stamp of [
      '0000-01-01T00:00:00Z',
      '2024-01-15T10:00:00+23:59',
      '2024-01-15T10:00:00+1600',
      '2024-01-15 10:00:00+16',
      '2024-01-15T10:00:00+15:99',
    ]) {
      const file = {
        format: 'workout-log',
        version: 1,
        exportedAt: '2024-02-01T00:00:00Z',
        logs: [{ title: 'Odd', createdAt: stamp, exercises: [] }],
      };
      const response = await postImport(t.app, user, 'source=json', JSON.stringify(file, null, 2));
      expect(response.statusCode, stamp).toBe(400);
      expect(response.json().message).toMatch(/^Line \d+: This date and time cannot be stored/);
    }
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  it('refuses a stamp whose time does not exist (hour 25) with a 400 naming its line, writing nothing', async () => {
    const user = await signUp(t.app);
    const session = { createdDate: '2024-01-15', set: [{ repetitions: 1, kilograms: 1, isHard: true }] };
    for (const stamp of ['2024-01-15T25:00:00Z', '2024-01-15T10:60:00+01:00', '2024-02-30T10:00:00Z']) {
      const file = {
        format: 'workout-log',
        version: 1,
        exportedAt: '2024-02-01T00:00:00Z',
        logs: [
          {
            title: 'Odd',
            exercises: [{ title: 'E', session: 'wlsession', sessions: [{ ...session, updatedAt: stamp }] }],
          },
        ],
      };
      const response = await postImport(t.app, user, 'source=json', JSON.stringify(file, null, 2));
      expect(response.statusCode, stamp).toBe(400);
      expect(response.json().message).toMatch(
        /^Line \d+: This date and time does not exist \(at logs\[0\]\.exercises\[0\]\.sessions\[0\]\.updatedAt\)$/,
      );
    }
    expect((await call(t.app, user, 'GET', '/api/logs')).pagination.total).toBe(0);
  });

  // What this checks is the slugs; the import's time is measured elsewhere (docs/security.md "An
  // import that takes the server down"). The 81 page reads after it, 100 sessions each at offsets
  // up to 7,900, take most of this test's time: 12–16 s on PGlite on 2026-11-27 (the import 3.7 s),
  // near the suite's 30 s default on a slower machine, so it has a limit of its own.
  it(
    'imports 8,000 sessions on one date with the slugs date, date-2 … date-8000',
    { timeout: 120_000 },
    async () => {
      const user = await signUp(t.app);
      const body = STRONG_HEADER + '2024-01-15 18:30:00,Runs,,Run,1,0,0,5,1800,,,\n'.repeat(8000);
      expect(await importOk(t.app, user, 'source=strong&unit=kg', body)).toMatchObject({ sessions: 8000 });
      const page = await call(t.app, user, 'GET', '/api/logs/runs/exercises/run?limit=100&page=80');
      const slugs = page.exerciseAggregatePa.map(
        (i: { pasessions: { slugSession: string } }) => i.pasessions.slugSession,
      );
      expect(page.pagination.total).toBe(8000);
      expect(slugs).toContain('2024-01-15');
      const all = new Set<string>();
      for (let p = 1; p <= 80; p += 1) {
        const next = await call(t.app, user, 'GET', `/api/logs/runs/exercises/run?limit=100&page=${p}`);
        for (const i of next.exerciseAggregatePa) all.add(i.pasessions.slugSession);
      }
      expect(all.size).toBe(8000);
      expect(all.has('2024-01-15-8000')).toBe(true);
    },
  );

  it('refuses an hour that does not exist in a session date', async () => {
    const user = await signUp(t.app);
    await call(t.app, user, 'POST', '/api/logs', { title: 'L' });
    await call(t.app, user, 'POST', '/api/logs/l/exercises', { title: 'E', session: 'wlsession' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs/l/exercises/e/wlsessions',
      headers: { cookie: user.cookie },
      payload: { createdDate: '2026-01-01T25:00:00Z', set: [{ repetitions: 1, kilograms: 1 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ createdDate: 'Must be a valid date' });
  });
});
