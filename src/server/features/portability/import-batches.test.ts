import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports, sessions } from '../../db/schema';
import { registerStatementRunner, statementRunnerOf } from '../../db/statement';
import type { TestApp } from '../../test/test-app';
import { insertImported, sessionContentPages } from './data.repository';
import {
  beginImport,
  discardStaleImports,
  finishImport,
  IMPORT_RUNNING,
  STALE_AFTER_MS,
} from './import-batches';
import { Turns } from './import-limits';
import { call, createDataTestApp, importOk, postImport, signUp, type TestUser } from './data-test-helpers';

// Decision 0017: an import writes in short statements under a batch that can be taken back whole.

const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';
const runs = (n: number, date = '2024-01-15') =>
  STRONG_HEADER + `${date} 18:30:00,Runs,,Run,1,0,0,5,1800,,,\n`.repeat(n);

let t: TestApp;
beforeAll(async () => {
  t = await createDataTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sessionCount = async (user: TestUser) =>
  (await call(t.app, user, 'GET', '/api/logs/runs/exercises/run')).pagination.total as number;

async function batchesOf(user: TestUser) {
  return t.db.select().from(imports).where(eq(imports.authorId, user.id));
}

describe('import batches', () => {
  it('moves the existing exercises it adds sessions to up their list, 100 per statement', async () => {
    // One update each, in the final transaction, held PGlite 30 s for 50,000 exercises.
    const user = await signUp(t.app);
    const day = (date: string, n: number) =>
      STRONG_HEADER +
      Array.from({ length: n }, (_, i) => `${date} 18:30:00,Lifts,,E ${i},1,100,5,,,,,\n`).join('');
    await importOk(t.app, user, 'source=strong&unit=kg', day('2024-01-01', 250));
    await call(t.app, user, 'POST', '/api/logs', { title: 'Newer' });
    const updates: string[] = [];
    const runner = statementRunnerOf(t.db);
    registerStatementRunner(t.db, (name, text, values) => {
      if (name.endsWith('_active_at')) updates.push(name);
      return runner(name, text, values);
    });
    try {
      const later = day('2024-01-02', 250);
      expect(await importOk(t.app, user, 'source=strong&unit=kg', later)).toMatchObject({ sessions: 250 });
    } finally {
      registerStatementRunner(t.db, runner);
    }
    expect(updates).toEqual([
      'import_logs_active_at',
      'import_exercises_active_at',
      'import_exercises_active_at',
      'import_exercises_active_at',
    ]);
    const list = await call(t.app, user, 'GET', '/api/logs');
    expect(list.logs[0].title).toBe('Lifts');
    const page = await call(t.app, user, 'GET', '/api/logs/lifts?limit=3');
    expect(page.logAggregate.length).toBe(3);
  });

  it("reads an account's sessions a page at a time when an import meets them", async () => {
    // One statement for all of an account's 200,000 sessions held PGlite 2.7 s, then failed (500).
    const user = await signUp(t.app);
    expect(await importOk(t.app, user, 'source=strong&unit=kg', runs(2500))).toMatchObject({
      sessions: 2500,
    });
    const { exercise } = await call(t.app, user, 'GET', '/api/logs/runs/exercises/run');
    let pauses = 0; // the batch's sign of life and a turn for other requests (a long read lost its batch: 503)
    const pages = async (from: string, to: string) => {
      const sizes: number[] = [];
      const range = { exerciseId: exercise._id, from, to };
      const turns = new Turns(async () => void pauses++);
      for await (const page of sessionContentPages(t.db, user.id, [range], turns)) sizes.push(page.length);
      return sizes;
    };
    expect(await pages('2024-01-15', '2024-01-15')).toEqual([1000, 1000, 500]);
    expect(pauses).toBeGreaterThanOrEqual(4);
    // Only the dates an import adds to are read.
    expect(await pages('2024-01-16', '2030-01-01')).toEqual([]);
    expect(await importOk(t.app, user, 'source=strong&unit=kg', runs(2500))).toMatchObject({
      sessions: 0,
      duplicates: 2500,
    });
    // A later day: nothing of the 2,500 is read, its slug is the date's first.
    expect(await importOk(t.app, user, 'source=strong&unit=kg', runs(1, '2024-01-16'))).toMatchObject({
      sessions: 1,
      duplicates: 0,
    });
    await call(t.app, user, 'GET', '/api/logs/runs/exercises/run/pasessions/2024-01-16');
  });

  it('meets the sessions of every existing exercise it adds to, read 100 exercises at a time', async () => {
    // Read for the whole file before the diff, a second import's states held all its sessions at once.
    const user = await signUp(t.app);
    const day = (date: string, reps: number) =>
      Array.from({ length: 250 }, (_, i) => `${date} 18:30:00,Lifts,,E ${i},1,100,${reps},,,,,\n`).join('');
    await importOk(t.app, user, 'source=strong&unit=kg', STRONG_HEADER + day('2024-01-01', 5));
    const again = STRONG_HEADER + day('2024-01-01', 5) + day('2024-01-02', 5);
    expect(await importOk(t.app, user, 'source=strong&unit=kg', again)).toMatchObject({
      sessions: 250,
      duplicates: 250,
    });
    // Other sets on a day every exercise has: each takes the date's next slug, the last exercise too.
    const other = STRONG_HEADER + day('2024-01-01', 6);
    expect(await importOk(t.app, user, 'source=strong&unit=kg', other)).toMatchObject({
      sessions: 250,
      duplicates: 0,
    });
    const last = await call(t.app, user, 'GET', '/api/logs/lifts/exercises/e-249/wlsessions/2024-01-01-2');
    expect(last.wlsession.set[0].repetitions).toBe(6);
  });

  it('writes long sessions in statements of at most about 64 KB, not 100 sessions at a time', async () => {
    // 100 sessions of 100 sets in one statement held PGlite (and every other request) for 200 ms.
    const user = await signUp(t.app);
    const file = STRONG_HEADER + '2024-01-15 18:30:00,Lifts,,Squat,1,100,5,,,,,\n'.repeat(8000);
    const sizes: number[] = [];
    const runner = statementRunnerOf(t.db);
    registerStatementRunner(t.db, (name, text, values) => {
      if (name === 'import_insert_sessions') sizes.push(Math.max(...values.map((v) => String(v).length)));
      return runner(name, text, values);
    });
    try {
      expect(await importOk(t.app, user, 'source=strong&unit=kg', file)).toMatchObject({ sessions: 80 });
    } finally {
      registerStatementRunner(t.db, runner);
    }
    expect(sizes.length).toBeGreaterThanOrEqual(10);
    // A statement stops at the first session that takes it past 64 KB (a session is ~10 KB here).
    expect(Math.max(...sizes)).toBeLessThan(64 * 1024 + 12 * 1024);
  });

  it('marks every row it adds with its batch, and closes the batch', async () => {
    const user = await signUp(t.app);
    expect(await importOk(t.app, user, 'source=strong&unit=kg', runs(600))).toMatchObject({ sessions: 600 });
    const [batch, ...others] = await batchesOf(user);
    expect(others).toEqual([]);
    expect(batch.finishedAt).not.toBeNull();
    const marked = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.authorId, user.id), eq(sessions.importId, batch.id)));
    expect(marked[0].n).toBe(600);
  });

  it('refuses a second import into an account while one is running, with 409', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=strong&unit=kg', runs(1, '2024-01-01'));
    const running = await beginImport(t.db, user.id);
    const refused = await postImport(t.app, user, 'source=strong&unit=kg', runs(5));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: IMPORT_RUNNING });
    // A preview writes nothing, so it needs no batch.
    expect((await postImport(t.app, user, 'source=strong&unit=kg&dryRun=1', runs(5))).statusCode).toBe(200);
    // Another account is not held up.
    const other = await signUp(t.app);
    expect(await importOk(t.app, other, 'source=strong&unit=kg', runs(5))).toMatchObject({ sessions: 5 });
    await t.db
      .update(imports)
      .set({ finishedAt: sql`now()` })
      .where(eq(imports.id, running.id));
    expect(await importOk(t.app, user, 'source=strong&unit=kg', runs(5))).toMatchObject({ sessions: 5 });
    expect(await sessionCount(user)).toBe(6);
  });

  it('takes back, whole, an import whose writer died part-way', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=strong&unit=kg', runs(3, '2024-01-01'));
    const [first] = await batchesOf(user);
    // A writer that got as far as 300 sessions, then died: same exercise, rows marked with its batch.
    const dead = await beginImport(t.db, user.id);
    const exercise = await t.db
      .select({ id: sessions.exerciseId })
      .from(sessions)
      .where(eq(sessions.authorId, user.id))
      .limit(1);
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: crypto.randomUUID(),
      authorId: user.id,
      exerciseId: exercise[0].id,
      kind: 'pasession' as const,
      slug: `2024-02-${String((i % 28) + 1).padStart(2, '0')}-${i + 2}`,
      createdDate: `2024-02-${String((i % 28) + 1).padStart(2, '0')}`,
      hours: 0,
      minutes: 30,
      seconds: 0,
      distance: 5,
      paceMinutes: 6,
      paceSeconds: 0,
      speed: 10,
    }));
    await insertImported(t.db, dead.id, { logs: [], exercises: [], sessions: rows }, new Turns());
    expect(await sessionCount(user)).toBe(303);

    // Still showing life: not taken back.
    expect(await discardStaleImports(t.db, STALE_AFTER_MS, user.id)).toBe(0);
    // Silent for longer than STALE_AFTER_MS: the next import takes it back, then runs.
    await t.db
      .update(imports)
      .set({ aliveAt: sql`now() - interval '10 minutes'` })
      .where(eq(imports.id, dead.id));
    expect(await importOk(t.app, user, 'source=strong&unit=kg', runs(2))).toMatchObject({ sessions: 2 });
    expect(await sessionCount(user)).toBe(5);
    const left = await batchesOf(user);
    expect(left.map((b) => b.id)).not.toContain(dead.id);
    expect(left.map((b) => b.id)).toContain(first.id);
  });

  it('at start, every unfinished batch of a server that died is taken back (silent for 0 ms)', async () => {
    const user = await signUp(t.app);
    const dead = await beginImport(t.db, user.id);
    await t.db
      .update(imports)
      .set({ aliveAt: sql`now() - interval '1 second'` })
      .where(eq(imports.id, dead.id));
    expect(await discardStaleImports(t.db, 0, user.id)).toBe(1);
    expect(await batchesOf(user)).toEqual([]);
  });

  it('a writer whose batch was taken back under it cannot finish it', async () => {
    const user = await signUp(t.app);
    const batch = await beginImport(t.db, user.id);
    await t.db
      .update(imports)
      .set({ aliveAt: sql`now() - interval '1 minute'` })
      .where(eq(imports.id, batch.id));
    expect(await discardStaleImports(t.db, STALE_AFTER_MS, user.id)).toBe(1);
    await expect(t.db.transaction((tx) => finishImport(tx, batch))).rejects.toMatchObject({
      statusCode: 503,
      message: 'The import was interrupted and nothing of it was kept. Import the file again.',
    });
  });

  it('an edit that takes a slug the import planned: the import is taken back and run again, nothing lost', async () => {
    const user = await signUp(t.app);
    await importOk(t.app, user, 'source=strong&unit=kg', runs(1));
    const body = { time: { hours: 0, minutes: 25, seconds: 0 }, distance: 5, createdDate: '2024-01-15' };
    const [summary] = await Promise.all([
      importOk(t.app, user, 'source=strong&unit=kg', runs(1) + runs(2000).slice(STRONG_HEADER.length)),
      ...Array.from({ length: 10 }, () =>
        call(t.app, user, 'POST', '/api/logs/runs/exercises/run/pasessions', body),
      ),
    ]);
    // The file's first row is the session already there; its 2,000 others are added once.
    expect(summary).toMatchObject({ sessions: 2000, duplicates: 1 });
    expect(await sessionCount(user)).toBe(1 + 2000 + 10);
    const batches = await batchesOf(user);
    expect(batches.every((b) => b.finishedAt !== null)).toBe(true);
  });
});
