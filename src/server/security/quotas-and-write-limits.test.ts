import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fixture, postImport } from '../features/portability/data-test-helpers';
import {
  call,
  createExercise,
  createLog,
  createWlsession,
  registerUser,
  sessionCookie,
  userWithExercise,
} from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

// Quotas and write limits (docs/api.md §12). A quota is reached by setting its counter
// (migration 0014's quota_counts) just below the limit, as if the rows were there: 200,000 real
// sessions would take minutes to write. heavy-histories.test.ts reaches 20,000 sessions for real.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setCount(ownerId: string, item: string, n: number) {
  await t.db.execute(sql`insert into quota_counts (owner_id, item, n) values (${ownerId}::uuid, ${item}, ${n})
    on conflict (owner_id, item) do update set n = excluded.n`);
}

const session = (createdDate: string) => ({ createdDate, set: [{ repetitions: 5, kilograms: 100 }] });

describe('quotas', () => {
  it('500 logs per account', async () => {
    const { cookie, user } = await registerUser(t.app);
    await setCount(user._id, 'user-logs', 499);
    const last = await createLog(t.app, cookie);
    const refused = await call(t.app, 'POST', '/api/logs', { cookie, body: { title: 'One more' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Your account already has 500 logs, the most it can hold' });
    const logs = (await call(t.app, 'GET', '/api/logs', { cookie })).json().logs;
    expect(logs.map((l: { title: string }) => l.title)).toEqual([last.title]);
    // Deleting one makes room for one.
    expect((await call(t.app, 'DELETE', `/api/logs/${last.slugLog}`, { cookie })).statusCode).toBe(200);
    await createLog(t.app, cookie);
  });

  it('1,000 exercises per log', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie);
    await setCount(log._id, 'log-exercises', 999);
    await createExercise(t.app, cookie, log.slugLog);
    const refused = await call(t.app, 'POST', `/api/logs/${log.slugLog}/exercises`, {
      cookie,
      body: { title: 'One more', session: 'wlsession' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This log already has 1000 exercises, the most it can hold' });
    // Another log of the same account has its own 1,000.
    const other = await createLog(t.app, cookie);
    await createExercise(t.app, cookie, other.slugLog);
  });

  it('200,000 sessions per account, of both kinds, nothing created past it', async () => {
    const runner = await userWithExercise(t.app, 'pasession');
    await setCount(runner.user._id, 'user-sessions', 199_999);
    const run = { createdDate: '2026-01-02', time: { hours: 0, minutes: 25, seconds: 0 }, distance: 5 };
    expect((await call(t.app, 'POST', runner.base, { cookie: runner.cookie, body: run })).statusCode).toBe(
      201,
    );
    const refused = await call(t.app, 'POST', runner.base, { cookie: runner.cookie, body: run });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Your account already has 200000 sessions, the most it can hold',
    });
    const page = (await call(t.app, 'GET', runner.page, { cookie: runner.cookie })).json();
    expect(page.exerciseAggregatePa).toHaveLength(1);
  });

  it('refuses a whole import that would pass one with 413 saying which, a dry run too', async () => {
    const { cookie, user } = await registerUser(t.app);
    const importer = { id: user._id, cookie };
    const strong = fixture('strong.csv');
    const dry = await postImport(t.app, importer, 'source=strong&unit=kg&dryRun=true', strong);
    expect(dry.statusCode, dry.body).toBe(200);
    const { sessions, logs } = dry.json();
    expect(sessions).toBeGreaterThan(1);

    await setCount(user._id, 'user-sessions', 200_000 - sessions + 1);
    const sessionsMessage =
      'Importing this file would pass a limit: an account can hold at most 200000 sessions. Nothing was imported.';
    for (const query of ['source=strong&unit=kg', 'source=strong&unit=kg&dryRun=true']) {
      const refused = await postImport(t.app, importer, query, strong);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ message: sessionsMessage });
    }
    expect((await call(t.app, 'GET', '/api/logs', { cookie })).json().logs).toEqual([]);

    await setCount(user._id, 'user-sessions', 0);
    await setCount(user._id, 'user-logs', 500 - logs + 1);
    const tooManyLogs = await postImport(t.app, importer, 'source=strong&unit=kg', strong);
    expect(tooManyLogs.statusCode).toBe(413);
    expect(tooManyLogs.json().message).toBe(
      'Importing this file would pass a limit: an account can hold at most 500 logs. Nothing was imported.',
    );

    await setCount(user._id, 'user-logs', 500 - logs);
    const fits = await postImport(t.app, importer, 'source=strong&unit=kg', strong);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().sessions).toBe(sessions);
  });
});

describe('the per-account write limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    const defaults = loadConfig({ LOG_LEVEL: 'silent' }).rateLimits;
    limited = await createTestApp({ rateLimits: { ...defaults, writesPerUser: 3 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('is 429 with Retry-After past its writes a minute, for every session of the account', async () => {
    const { cookie, email, password } = await registerUser(limited.app);
    // Registering and signing in are not the account's writes; reading is not either.
    const login = await call(limited.app, 'POST', '/api/users/login', { body: { email, password } });
    const second = sessionCookie(login);
    const log = await createLog(limited.app, cookie);
    await createExercise(limited.app, second, log.slugLog);
    const logs = await call(limited.app, 'GET', '/api/logs', { cookie });
    expect(logs.statusCode).toBe(200);
    expect(
      (await call(limited.app, 'POST', '/api/logs', { cookie: second, body: { title: 'Third' } })).statusCode,
    ).toBe(201);

    const refused = await call(limited.app, 'POST', '/api/logs', { cookie, body: { title: 'Fourth' } });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().message).toMatch(
      /^Too many changes: at most 3 a minute\. Please try again in (\d+ seconds?|1 minute)\.$/,
    );
    // An import is a write too, refused before its file is read.
    const importer = { id: '', cookie };
    expect(
      (await postImport(limited.app, importer, 'source=strong&unit=kg', fixture('strong.csv'))).statusCode,
    ).toBe(429);
    // Another account is not held back.
    const other = await registerUser(limited.app);
    await createLog(limited.app, other.cookie);
  });

  it('counts an import as one write', async () => {
    const { cookie } = await registerUser(limited.app);
    const importer = { id: '', cookie };
    const imported = await postImport(limited.app, importer, 'source=strong&unit=kg', fixture('strong.csv'));
    expect(imported.statusCode, imported.body).toBe(200);
    await createLog(limited.app, cookie);
    await createLog(limited.app, cookie);
    expect((await call(limited.app, 'POST', '/api/logs', { cookie, body: { title: 'x' } })).statusCode).toBe(
      429,
    );
  });

  it('keeps no answer of a 429 under its Idempotency-Key', async () => {
    const { cookie, user } = await registerUser(limited.app);
    for (let i = 0; i < 3; i += 1) await createLog(limited.app, cookie);
    const key = randomUUID();
    const refused = await call(limited.app, 'POST', '/api/logs', {
      cookie,
      body: { title: 'Later' },
      headers: { 'idempotency-key': key },
    });
    expect(refused.statusCode).toBe(429);
    const kept = await limited.db.execute(
      sql`select count(*)::int as n from idempotency_keys where user_id = ${user._id}::uuid and key = ${key}`,
    );
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('idempotency', () => {
  const keyed = (key: string) => ({ 'idempotency-key': key });

  it('answers a body nested 40,000 deep with a key as without one, never a 500', async () => {
    const { cookie } = await registerUser(t.app);
    const deep = (title: string) => `{"title":"${title}","extra":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
    const send = (headers: Record<string, string>, title = 'Deep with a key') =>
      t.app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: deep(title),
      });
    const plain = await send({}, 'Deep without a key');
    const key = randomUUID();
    const withKey = await send(keyed(key));
    expect(withKey.statusCode).toBe(plain.statusCode);
    expect(withKey.statusCode).toBeLessThan(500);
    const replayed = await send(keyed(key));
    expect(replayed.statusCode).toBe(withKey.statusCode);
    expect(replayed.body).toBe(withKey.body);
  });

  it('keeps no 404: the same key is answered afresh once the exercise exists', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie);
    const url = `/api/logs/${log.slugLog}/exercises/squat/wlsessions`;
    const key = randomUUID();
    const missing = await call(t.app, 'POST', url, {
      cookie,
      body: session('2026-01-01'),
      headers: keyed(key),
    });
    expect(missing.statusCode).toBe(404);
    await createExercise(t.app, cookie, log.slugLog, { title: 'Squat' });
    const created = await call(t.app, 'POST', url, {
      cookie,
      body: session('2026-01-01'),
      headers: keyed(key),
    });
    expect(created.statusCode, created.body).toBe(201);
    const replayed = await call(t.app, 'POST', url, {
      cookie,
      body: session('2026-01-01'),
      headers: keyed(key),
    });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(created.body);
  });

  it('keeps a 400 (a 4xx other than 401, 404, 429)', async () => {
    const { cookie } = await registerUser(t.app);
    const key = randomUUID();
    const refused = await call(t.app, 'POST', '/api/logs', {
      cookie,
      body: { title: '' },
      headers: keyed(key),
    });
    expect(refused.statusCode).toBe(400);
    const replayed = await call(t.app, 'POST', '/api/logs', {
      cookie,
      body: { title: '' },
      headers: keyed(key),
    });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps at most 1,000 keys per account, the oldest going first', async () => {
    const { cookie, user } = await registerUser(t.app);
    await t.db
      .execute(sql`insert into idempotency_keys (user_id, route, key, request_hash, status, body, created_at)
      select ${user._id}::uuid, '/api/logs', 'old-' || g, 'h', 400, '{}', now() - g * interval '1 second'
      from generate_series(1, 1000) g`);
    await createLog(t.app, cookie);
    const created = await call(t.app, 'POST', '/api/logs', {
      cookie,
      body: { title: 'Kept' },
      headers: keyed('newest'),
    });
    expect(created.statusCode).toBe(201);
    const result = await t.db.execute(sql`select count(*)::int as n,
        bool_or(key = 'old-1000') as oldest, bool_or(key = 'old-999') as next, bool_or(key = 'newest') as newest
      from idempotency_keys where user_id = ${user._id}::uuid`);
    expect((result as unknown as { rows: object[] }).rows[0]).toEqual({
      n: 1000,
      oldest: false,
      next: true,
      newest: true,
    });
  });
});

describe('request bodies with a Content-Encoding', () => {
  it('are refused with 415 before they are read; identity passes', async () => {
    const { cookie } = await registerUser(t.app);
    const body = JSON.stringify({ title: 'Zipped' });
    for (const encoding of ['gzip', 'deflate', 'br', 'identity, gzip']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie, 'content-type': 'application/json', 'content-encoding': encoding },
        payload: gzipSync(body),
      });
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({
        message: 'Send the request body uncompressed: Content-Encoding is not accepted',
      });
    }
    const importRefused = await t.app.inject({
      method: 'POST',
      url: '/api/import?source=strong',
      headers: { cookie, 'content-type': 'text/csv', 'content-encoding': 'gzip' },
      payload: gzipSync(fixture('strong.csv')),
    });
    expect(importRefused.statusCode).toBe(415);
    expect((await call(t.app, 'GET', '/api/logs', { cookie })).json().logs).toEqual([]);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: body,
    });
    expect(plain.statusCode).toBe(201);
  });
});

// Every write takes the session counters in one order, item then owner (db/functions/
// quota-counts-sessions.sql): the exercise's, then the account's. A delete that took the
// account's first deadlocked with a create in the same exercise under load (PostgreSQL's 40P01,
// answered 500). Here another transaction holds the exercise's counter while a delete runs: the
// delete must wait for it holding nothing, so the account's counter stays free.
describe.runIf(process.env.DATABASE_URL)('session counters under concurrent writes', () => {
  it('a delete takes the exercise counter before the account counter, as a create does', async () => {
    const lifter = await userWithExercise(t.app);
    await createWlsession(t.app, lifter.cookie, lifter.exercise);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query("set local lock_timeout = '5s'");
      await other.query("update quota_counts set n = n where owner_id = $1 and item = 'exercise-sessions'", [
        lifter.exercise._id,
      ]);
      const deleting = call(t.app, 'DELETE', `${lifter.base}/2026-03-01`, { cookie: lifter.cookie });
      // Until the delete waits on a lock this transaction holds.
      for (let waited = 0; ; waited += 20) {
        const blocked = await other.query(
          'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
        );
        if (blocked.rows[0].n > 0) break;
        if (waited > 5_000) throw new Error('the delete never waited for the exercise counter');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The account's counter is not held by the waiting delete: taken at once.
      await other.query("update quota_counts set n = n where owner_id = $1 and item = 'user-sessions'", [
        lifter.user._id,
      ]);
      await other.query('commit');
      expect((await deleting).statusCode).toBe(200);
    } finally {
      await other.end();
    }
  });
});
