import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Log } from '../../../contract/logs';
import { exercises, sessions } from '../../db/schema';
import {
  call,
  createExercise,
  createLog,
  createPasession,
  createWlsession,
  exerciseUrl,
  registerUser,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const logUrl = (slug: string) => `/api/logs/${encodeURIComponent(slug)}`;
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';
const greekTitle = (length: number) =>
  Array.from({ length }, (_, i) => GREEK[(i * 7) % GREEK.length]).join('');

async function listTitles(cookie: string): Promise<string[]> {
  const response = await call(t.app, 'GET', '/api/logs?limit=100', { cookie });
  return response.json().logs.map((l: Log) => l.title);
}

describe('POST /api/logs', () => {
  it('answers 201 with the created log, owned by the caller', async () => {
    const { cookie, user } = await registerUser(t.app);
    const response = await call(t.app, 'POST', '/api/logs', { cookie, body: { title: '  Leg   Day  ' } });
    expect(response.statusCode).toBe(201);
    const log = response.json();
    expect(Object.keys(log).sort()).toEqual(['_id', 'author', 'createdAt', 'slugLog', 'title', 'updatedAt']);
    expect(log).toMatchObject({ title: 'Leg   Day', slugLog: 'leg-day', author: user._id });
    expect(log._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Date(log.createdAt).toISOString()).toBe(log.createdAt);
    expect(Math.abs(Date.now() - Date.parse(log.createdAt))).toBeLessThan(60_000);

    const page = await call(t.app, 'GET', '/api/logs/leg-day', { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.json().log).toEqual(log);
  });

  it('validates the title with docs/product.md §5 messages', async () => {
    const { cookie } = await registerUser(t.app);
    const cases: [unknown, string][] = [
      [{}, 'This field is required'],
      [{ title: '' }, 'This field is required'],
      [{ title: '    ' }, 'This field is required'],
      [{ title: null }, 'This field is required'],
      [{ title: 'Leg day!' }, 'Letters, numbers, spaces, dashes and underscores allowed'],
      [{ title: 'a/b' }, 'Letters, numbers, spaces, dashes and underscores allowed'],
      [{ title: 'tab\there' }, 'Letters, numbers, spaces, dashes and underscores allowed'],
      [{ title: '<script>' }, 'Letters, numbers, spaces, dashes and underscores allowed'],
      [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await call(t.app, 'POST', '/api/logs', { cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ message, errors: { title: message } });
    }
    expect((await call(t.app, 'GET', '/api/logs', { cookie })).json().logs).toEqual([]);
  });

  it('accepts 100 characters, digits, dashes and underscores', async () => {
    const { cookie } = await registerUser(t.app);
    const long = await call(t.app, 'POST', '/api/logs', { cookie, body: { title: 'x'.repeat(100) } });
    expect(long.statusCode).toBe(201);
    const mixed = await createLog(t.app, cookie, { title: 'Week_12 - Push' });
    expect(mixed.slugLog).toBe('week-12-push');
  });

  it('refuses a title that has no letter or digit (its slug would be empty)', async () => {
    const { cookie } = await registerUser(t.app);
    const response = await call(t.app, 'POST', '/api/logs', { cookie, body: { title: '- _ -' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('keeps non-Latin titles in the slug and routes them', async () => {
    const { cookie } = await registerUser(t.app);
    const cases: [string, string][] = [
      ['Τρέξιμο Πρωί', 'τρέξιμο-πρωί'],
      ['Жим лёжа', 'жим-лёжа'],
      ['ベンチ プレス', 'ベンチ-プレス'],
      ['تمرين الصباح', 'تمرين-الصباح'],
    ];
    for (const [title, slug] of cases) {
      const log = await createLog(t.app, cookie, { title });
      expect(log.slugLog).toBe(slug);
      const page = await call(t.app, 'GET', logUrl(slug), { cookie });
      expect(page.statusCode, title).toBe(200);
      expect(page.json().log._id).toBe(log._id);
    }
  });

  it('routes a 100-letter Greek title (a ~600-character encoded path segment)', async () => {
    const { cookie } = await registerUser(t.app);
    const title = greekTitle(100);
    const log = await createLog(t.app, cookie, { title });
    expect(log.slugLog).toBe(title);
    const url = logUrl(log.slugLog);
    expect(url.length).toBeGreaterThan(600);
    const page = await call(t.app, 'GET', url, { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.json().log.title).toBe(title);
    const exercise = await createExercise(t.app, cookie, log.slugLog, { title: greekTitle(100) });
    const deep = await call(t.app, 'GET', exerciseUrl(log.slugLog, exercise.slugExercise), { cookie });
    expect(deep.statusCode).toBe(200);
    const deleted = await call(t.app, 'DELETE', url, { cookie });
    expect(deleted.statusCode).toBe(200);
  });

  it('finds a slug whatever case or Unicode normal form the path uses', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie, { title: 'Cafe\u0301 Run' }); // é typed as e + accent
    expect(log.slugLog).toBe('caf\u00e9-run');
    for (const path of ['caf\u00e9-run', 'cafe\u0301-run', 'CAF\u00c9-RUN']) {
      expect((await call(t.app, 'GET', logUrl(path), { cookie })).statusCode, path).toBe(200);
    }
  });

  it('refuses reserved slugs with 400 This title is reserved', async () => {
    const { cookie } = await registerUser(t.app);
    for (const title of ['edit', 'Edit', ' EDIT ', 'create-new-log', 'Create New Log', 'create__new--log']) {
      const response = await call(t.app, 'POST', '/api/logs', { cookie, body: { title } });
      expect(response.statusCode, title).toBe(400);
      expect(response.json().message).toBe('This title is reserved');
    }
    // An exercise's reserved word is a fine log title.
    expect((await createLog(t.app, cookie, { title: 'create new exercise' })).slugLog).toBe(
      'create-new-exercise',
    );
  });

  it("answers 409 when the slug is taken among the author's logs, not other users'", async () => {
    const { cookie } = await registerUser(t.app);
    await createLog(t.app, cookie, { title: 'Leg Day' });
    for (const title of ['Leg Day', 'leg day', 'LEG_DAY', 'leg - day']) {
      const response = await call(t.app, 'POST', '/api/logs', { cookie, body: { title } });
      expect(response.statusCode, title).toBe(409);
      expect(response.json()).toEqual({ message: 'A log with this title already exists' });
    }
    const other = await registerUser(t.app);
    expect((await createLog(t.app, other.cookie, { title: 'Leg Day' })).slugLog).toBe('leg-day');
    expect(await listTitles(cookie)).toEqual(['Leg Day']);
  });
});

describe('GET /api/logs', () => {
  it("lists only the caller's logs with pagination (default limit 10)", async () => {
    const { cookie, user } = await registerUser(t.app);
    const other = await registerUser(t.app);
    await createLog(t.app, other.cookie);
    for (let i = 1; i <= 12; i += 1) await createLog(t.app, cookie, { title: `Log ${i}` });

    const first = await call(t.app, 'GET', '/api/logs', { cookie });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.pagination).toEqual({ totalPages: 2, page: 1, limit: 10, total: 12 });
    expect(body.logs).toHaveLength(10);
    expect(body.logs.every((l: Log) => l.author === user._id)).toBe(true);
    expect(body.logs[0].title).toBe('Log 12');

    const second = (await call(t.app, 'GET', '/api/logs?page=2', { cookie })).json();
    expect(second.logs.map((l: Log) => l.title)).toEqual(['Log 2', 'Log 1']);
    expect(second.pagination).toEqual({ totalPages: 2, page: 2, limit: 10, total: 12 });

    const past = (await call(t.app, 'GET', '/api/logs?page=3', { cookie })).json();
    expect(past).toEqual({ logs: [], pagination: { totalPages: 2, page: 3, limit: 10, total: 12 } });

    const small = (await call(t.app, 'GET', '/api/logs?limit=5&page=3', { cookie })).json();
    expect(small.logs.map((l: Log) => l.title)).toEqual(['Log 2', 'Log 1']);
    expect(small.pagination).toEqual({ totalPages: 3, page: 3, limit: 5, total: 12 });
  });

  it('coerces and clamps limit and page, falling back to defaults for non-numbers', async () => {
    const { cookie } = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) await createLog(t.app, cookie);
    const cases: [string, number, number][] = [
      ['limit=abc', 10, 1],
      ['limit=', 10, 1],
      ['limit=0', 1, 1],
      ['limit=-5', 1, 1],
      ['limit=1000', 100, 1],
      ['limit=2.9', 2, 1],
      ['limit=%202%20', 2, 1],
      ['limit=1e1', 10, 1],
      ['limit=Infinity', 10, 1],
      ['limit=2&limit=3', 10, 1],
      ['page=0', 10, 1],
      ['page=-3', 10, 1],
      ['page=abc', 10, 1],
      ['page=2.5&limit=2', 2, 2],
      ['page[x]=1', 10, 1],
    ];
    for (const [query, limit, page] of cases) {
      const response = await call(t.app, 'GET', `/api/logs?${query}`, { cookie });
      expect(response.statusCode, query).toBe(200);
      expect(response.json().pagination, query).toMatchObject({ limit, page, total: 3 });
      expect(response.json().logs.length, query).toBe(Math.max(0, Math.min(limit, 3 - (page - 1) * limit)));
    }
    const huge = await call(t.app, 'GET', '/api/logs?page=99999999999999999999', { cookie });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().logs).toEqual([]);
    expect(huge.json().pagination).toMatchObject({ totalPages: 1, total: 3 });
  });

  it('answers an empty list with 0 pages for a new user', async () => {
    const { cookie } = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/logs', { cookie })).json()).toEqual({
      logs: [],
      pagination: { totalPages: 0, page: 1, limit: 10, total: 0 },
    });
  });

  it('orders logs by most recent activity in them', async () => {
    const { cookie } = await registerUser(t.app);
    const a = await createLog(t.app, cookie, { title: 'A' });
    const b = await createLog(t.app, cookie, { title: 'B' });
    const c = await createLog(t.app, cookie, { title: 'C' });
    expect(await listTitles(cookie)).toEqual(['C', 'B', 'A']);

    const exerciseA = await createExercise(t.app, cookie, a.slugLog); // exercise created in A
    expect(await listTitles(cookie)).toEqual(['A', 'C', 'B']);

    await call(t.app, 'PUT', `/api/logs/edit/${b._id}`, { cookie, body: { title: 'B2' } }); // B edited
    expect(await listTitles(cookie)).toEqual(['B2', 'A', 'C']);

    const exerciseC = await createExercise(t.app, cookie, c.slugLog);
    expect(await listTitles(cookie)).toEqual(['C', 'B2', 'A']);

    const session = await createWlsession(t.app, cookie, exerciseA); // session created in A
    expect(await listTitles(cookie)).toEqual(['A', 'C', 'B2']);

    // Reading changes nothing.
    await call(t.app, 'GET', logUrl(c.slugLog), { cookie });
    await call(t.app, 'GET', exerciseUrl(c.slugLog, exerciseC.slugExercise), { cookie });
    expect(await listTitles(cookie)).toEqual(['A', 'C', 'B2']);

    const renamed = await call(t.app, 'PUT', `${logUrl(c.slugLog)}/exercises/edit/${exerciseC._id}`, {
      cookie,
      body: { title: 'Renamed' },
    }); // exercise in C edited
    expect(renamed.statusCode).toBe(200);
    expect(await listTitles(cookie)).toEqual(['C', 'A', 'B2']);

    const edit = await call(
      t.app,
      'PUT',
      `${exerciseUrl(a.slugLog, exerciseA.slugExercise)}/wlsessions/edit/${session._id}`,
      { cookie, body: { createdDate: '2026-01-01', set: [{ repetitions: 1, kilograms: 1 }] } },
    ); // session in A edited
    expect(edit.statusCode).toBe(200);
    expect(await listTitles(cookie)).toEqual(['A', 'C', 'B2']);
  });
});

describe('GET and PUT /api/logs/edit/:id', () => {
  it('returns the bare log for its id', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie);
    const response = await call(t.app, 'GET', `/api/logs/edit/${log._id}`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(log);
  });

  it('answers 404 Log not found for an unknown or malformed id', async () => {
    const { cookie } = await registerUser(t.app);
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '1', "' or 1=1 --"]) {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await call(t.app, method, `/api/logs/edit/${encodeURIComponent(id)}`, {
          cookie,
          body: method === 'PUT' ? { title: 'Whatever' } : undefined,
        });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Log not found' });
      }
    }
  });

  it('updates the title and the slug; the old slug stops routing', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie, { title: 'Old Name' });
    const response = await call(t.app, 'PUT', `/api/logs/edit/${log._id}`, {
      cookie,
      body: { _id: log._id, title: 'New Name', slugLog: 'ignored', author: crypto.randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      _id: log._id,
      title: 'New Name',
      slugLog: 'new-name',
      author: log.author,
    });
    expect(updated.createdAt).toBe(log.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(log.updatedAt));
    expect((await call(t.app, 'GET', '/api/logs/old-name', { cookie })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/logs/new-name', { cookie })).json().log).toEqual(updated);
  });

  it('keeps its own title without a conflict, and refuses a taken or reserved one', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie, { title: 'Mine' });
    await createLog(t.app, cookie, { title: 'Taken' });
    const same = await call(t.app, 'PUT', `/api/logs/edit/${log._id}`, { cookie, body: { title: 'MINE' } });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ title: 'MINE', slugLog: 'mine' });

    const taken = await call(t.app, 'PUT', `/api/logs/edit/${log._id}`, { cookie, body: { title: 'taken' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'A log with this title already exists' });

    const reserved = await call(t.app, 'PUT', `/api/logs/edit/${log._id}`, {
      cookie,
      body: { title: 'Edit' },
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe('This title is reserved');

    const invalid = await call(t.app, 'PUT', `/api/logs/edit/${log._id}`, { cookie, body: { title: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ title: 'This field is required' });

    expect((await call(t.app, 'GET', `/api/logs/edit/${log._id}`, { cookie })).json().title).toBe('MINE');
  });
});

describe('GET /api/logs/:slugLog', () => {
  it('answers an empty page for a page number beyond any real list, however large', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie, { title: 'Far Pages' });
    const exercise = await createExercise(t.app, cookie, log.slugLog, { title: 'Row' });
    const huge = '9007199254740993'; // past Number.MAX_SAFE_INTEGER: clamped, never a 500
    for (const url of [
      `/api/logs?page=${huge}`,
      `${logUrl(log.slugLog)}?page=${huge}`,
      `${logUrl(log.slugLog)}/exercises/${exercise.slugExercise}?page=${huge}&limit=100`,
    ]) {
      const response = await call(t.app, 'GET', url, { cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().pagination.page, url).toBe(Number.MAX_SAFE_INTEGER);
    }
  });

  it('answers the log and its exercises (default limit 12), most recently active first', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie, { title: 'Strength' });
    const created = [];
    for (let i = 1; i <= 13; i += 1) {
      created.push(await createExercise(t.app, cookie, log.slugLog, { title: `Exercise ${i}` }));
    }
    const response = await call(t.app, 'GET', '/api/logs/strength', { cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.log).toMatchObject({ _id: log._id, title: 'Strength', slugLog: 'strength' });
    expect(body.pagination).toEqual({ totalPages: 2, page: 1, limit: 12, total: 13 });
    expect(body.logAggregate).toHaveLength(12);
    expect(body.logAggregate[0]).toEqual({ ...body.log, exercises: created[12] });
    expect(body.logAggregate.map((i: { exercises: { title: string } }) => i.exercises.title)[0]).toBe(
      'Exercise 13',
    );

    const second = (await call(t.app, 'GET', '/api/logs/strength?page=2', { cookie })).json();
    expect(second.logAggregate.map((i: { exercises: { _id: string } }) => i.exercises._id)).toEqual([
      created[0]._id,
    ]);
    const past = (await call(t.app, 'GET', '/api/logs/strength?page=5&limit=abc', { cookie })).json();
    expect(past.logAggregate).toEqual([]);
    expect(past.pagination).toEqual({ totalPages: 2, page: 5, limit: 12, total: 13 });

    // A session in the first exercise brings it to the top.
    await createWlsession(t.app, cookie, created[0]);
    const again = (await call(t.app, 'GET', '/api/logs/strength?limit=2', { cookie })).json();
    expect(again.logAggregate.map((i: { exercises: { _id: string } }) => i.exercises._id)).toEqual([
      created[0]._id,
      created[12]._id,
    ]);
    expect(again.pagination).toEqual({ totalPages: 7, page: 1, limit: 2, total: 13 });
  });

  it('answers an empty aggregate for a log without exercises, and 404 for an unknown slug', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie);
    const body = (await call(t.app, 'GET', logUrl(log.slugLog), { cookie })).json();
    expect(body).toEqual({
      log,
      logAggregate: [],
      pagination: { totalPages: 0, page: 1, limit: 12, total: 0 },
    });
    const missing = await call(t.app, 'GET', '/api/logs/no-such-log', { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Log not found' });
  });
});

describe('DELETE /api/logs/:idOrSlug', () => {
  async function countChildren(exerciseId: string, logId: string) {
    const ofKind = (kind: 'wlsession' | 'pasession') =>
      t.db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.exerciseId, exerciseId), eq(sessions.kind, kind)));
    const [[e], [w], [p]] = await Promise.all([
      t.db.select({ n: count() }).from(exercises).where(eq(exercises.logId, logId)),
      ofKind('wlsession'),
      ofKind('pasession'),
    ]);
    return { exercises: e.n, wlsessions: w.n, pasessions: p.n };
  }

  it('deletes by id, with its exercises and sessions', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie, { title: 'Doomed' });
    const weights = await createExercise(t.app, cookie, log.slugLog, { session: 'wlsession' });
    const runs = await createExercise(t.app, cookie, log.slugLog, { session: 'pasession' });
    await createWlsession(t.app, cookie, weights);
    await createWlsession(t.app, cookie, weights);
    await createPasession(t.app, cookie, runs);
    expect(await countChildren(weights._id, log._id)).toEqual({ exercises: 2, wlsessions: 2, pasessions: 0 });

    const response = await call(t.app, 'DELETE', `/api/logs/${log._id}`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Log deleted' });
    expect(await countChildren(weights._id, log._id)).toEqual({ exercises: 0, wlsessions: 0, pasessions: 0 });
    expect(await countChildren(runs._id, log._id)).toEqual({ exercises: 0, wlsessions: 0, pasessions: 0 });

    expect((await call(t.app, 'GET', '/api/logs/doomed', { cookie })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/logs/edit/${log._id}`, { cookie })).statusCode).toBe(404);
    // The title is free again, and the new log starts empty.
    const reborn = await createLog(t.app, cookie, { title: 'Doomed' });
    expect((await call(t.app, 'GET', logUrl(reborn.slugLog), { cookie })).json().logAggregate).toEqual([]);
    expect(
      (await call(t.app, 'GET', exerciseUrl('doomed', weights.slugExercise), { cookie })).json(),
    ).toEqual({ message: 'Exercise not found' });
  });

  it('deletes by slug (as the detail screen does), including non-Latin slugs', async () => {
    const { cookie } = await registerUser(t.app);
    const keep = await createLog(t.app, cookie, { title: 'Keep' });
    const log = await createLog(t.app, cookie, { title: 'Τρέξιμο' });
    const response = await call(t.app, 'DELETE', logUrl(log.slugLog), { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Log deleted' });
    expect(await listTitles(cookie)).toEqual([keep.title]);
  });

  it('answers 404 Log not found for an unknown id or slug, and for a second delete', async () => {
    const { cookie } = await registerUser(t.app);
    const log = await createLog(t.app, cookie);
    expect((await call(t.app, 'DELETE', `/api/logs/${log._id}`, { cookie })).statusCode).toBe(200);
    for (const target of [log._id, log.slugLog, crypto.randomUUID(), 'nothing-here']) {
      const response = await call(t.app, 'DELETE', logUrl(target), { cookie });
      expect(response.statusCode, target).toBe(404);
      expect(response.json()).toEqual({ message: 'Log not found' });
    }
  });
});
