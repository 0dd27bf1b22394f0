import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, exerciseUrl, userWithExercise } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

// Idempotency-Key on POST creates (docs/api.md §10).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const weights = { createdDate: '2026-05-01', set: [{ repetitions: 5, kilograms: 100 }] };

const setup = () => userWithExercise(t.app);

async function sessionCount(page: string, cookie: string): Promise<number> {
  return (await call(t.app, 'GET', page, { cookie })).json().exerciseAggregate.length;
}

describe('Idempotency-Key', () => {
  it('answers a repeated create with the first answer and creates nothing more', async () => {
    const { cookie, base, page } = await setup();
    const headers = { 'idempotency-key': 'key-1' };
    const first = await call(t.app, 'POST', base, { cookie, body: weights, headers });
    const again = await call(t.app, 'POST', base, { cookie, body: weights, headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await sessionCount(page, cookie)).toBe(1);
    // Without a key, the same body is a new session.
    expect((await call(t.app, 'POST', base, { cookie, body: weights })).statusCode).toBe(201);
    expect(await sessionCount(page, cookie)).toBe(2);
  });

  it('creates once when five duplicates arrive at once', async () => {
    const { cookie, base, page } = await setup();
    const headers = { 'idempotency-key': 'at-once' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, 'POST', base, { cookie, body: weights, headers })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    expect(await sessionCount(page, cookie)).toBe(1);
  });

  it('answers 422 to the same key with another body, and replays a 4xx', async () => {
    const { cookie, base, page } = await setup();
    const headers = { 'idempotency-key': 'reused' };
    await call(t.app, 'POST', base, { cookie, body: weights, headers });
    const other = await call(t.app, 'POST', base, {
      cookie,
      body: { ...weights, createdDate: '2026-05-02' },
      headers,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: 'This Idempotency-Key was already used for a different request',
    });

    const bad = { createdDate: '2026-05-03', set: [] };
    const refused = await call(t.app, 'POST', base, {
      cookie,
      body: bad,
      headers: { 'idempotency-key': 'bad' },
    });
    const replayed = await call(t.app, 'POST', base, {
      cookie,
      body: bad,
      headers: { 'idempotency-key': 'bad' },
    });
    expect(refused.statusCode).toBe(400);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.body).toBe(refused.body);
    expect(await sessionCount(page, cookie)).toBe(1);
    // A refused body under a key that already holds another request's answer: 422 as well.
    const invalidOther = await call(t.app, 'POST', base, { cookie, body: { set: 'x' }, headers });
    expect(invalidOther.statusCode).toBe(422);
    // A valid body under the key of a refused one: 422, and nothing is created.
    const validUnderBad = await call(t.app, 'POST', base, {
      cookie,
      body: weights,
      headers: { 'idempotency-key': 'bad' },
    });
    expect(validUnderBad.statusCode).toBe(422);
    expect(await sessionCount(page, cookie)).toBe(1);
  });

  it('scopes keys per user and per route, on every create', async () => {
    const ann = await setup();
    const bob = await setup();
    const headers = { 'idempotency-key': 'shared' };
    const logA = await call(t.app, 'POST', '/api/logs', {
      cookie: ann.cookie,
      body: { title: 'Legs' },
      headers,
    });
    const logB = await call(t.app, 'POST', '/api/logs', {
      cookie: bob.cookie,
      body: { title: 'Legs' },
      headers,
    });
    expect(logA.statusCode).toBe(201);
    expect(logB.statusCode).toBe(201);
    expect(logB.json()._id).not.toBe(logA.json()._id);
    const again = await call(t.app, 'POST', '/api/logs', {
      cookie: ann.cookie,
      body: { title: 'Legs' },
      headers,
    });
    expect(again.json()._id).toBe(logA.json()._id);

    const exercise = { title: 'Squat', session: 'wlsession' };
    const url = `/api/logs/${logA.json().slugLog}/exercises`;
    const x1 = await call(t.app, 'POST', url, { cookie: ann.cookie, body: exercise, headers });
    const x2 = await call(t.app, 'POST', url, { cookie: ann.cookie, body: exercise, headers });
    expect(x1.statusCode).toBe(201);
    expect(x2.body).toBe(x1.body);
    const list = await call(t.app, 'GET', `/api/logs/${logA.json().slugLog}?limit=100`, {
      cookie: ann.cookie,
    });
    expect(JSON.stringify(list.json())).toContain('Squat');
    expect(JSON.stringify(list.json()).match(/"title":"Squat"/g)).toHaveLength(1);

    const pa = await call(t.app, 'POST', url, {
      cookie: ann.cookie,
      body: { title: 'Run', session: 'pasession' },
    });
    const run = { createdDate: '2026-05-04', time: { hours: 0, minutes: 20, seconds: 0 }, distance: 4 };
    const paUrl = `${exerciseUrl(logA.json().slugLog, pa.json().slugExercise)}/pasessions`;
    const p1 = await call(t.app, 'POST', paUrl, { cookie: ann.cookie, body: run, headers });
    const p2 = await call(t.app, 'POST', paUrl, { cookie: ann.cookie, body: run, headers });
    expect(p1.statusCode).toBe(201);
    expect(p2.body).toBe(p1.body);
  });

  it('refuses a key that is empty, too long or not visible characters', async () => {
    const { cookie, base } = await setup();
    for (const key of ['', 'x'.repeat(201), 'two words']) {
      const response = await call(t.app, 'POST', base, {
        cookie,
        body: weights,
        headers: { 'idempotency-key': key },
      });
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().message).toMatch(/Idempotency-Key/);
    }
    const longest = await call(t.app, 'POST', base, {
      cookie,
      body: weights,
      headers: { 'idempotency-key': 'k'.repeat(200) },
    });
    expect(longest.statusCode).toBe(201);
  });

  it('answers 409 once for a key older than 24 hours that the sweep has not removed, then frees it', async () => {
    const { cookie, base, page } = await setup();
    const headers = { 'idempotency-key': `old-${Date.now()}` };
    const first = await call(t.app, 'POST', base, { cookie, body: weights, headers });
    expect(first.statusCode).toBe(201);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${headers['idempotency-key']}`,
    );
    const expired = await call(t.app, 'POST', base, { cookie, body: weights, headers });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/send the request again/);
    expect(expired.headers['idempotent-replayed']).toBeUndefined();
    const retried = await call(t.app, 'POST', base, { cookie, body: weights, headers });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json()._id).not.toBe(first.json()._id);
    expect(await sessionCount(page, cookie)).toBe(2);
  });

  it('gives a stranger 401 whatever the key and the body, and keeps nothing for them', async () => {
    const { base } = await setup();
    const headers = { 'idempotency-key': 'k' };
    const anonymous = await call(t.app, 'POST', base, { body: weights, headers });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await call(t.app, 'POST', base, {
      cookie: 'sid=not-a-session',
      body: { set: 1 },
      headers,
    });
    expect(stranger.statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', base, { cookie: 'sid=not-a-session', body: weights, headers })).statusCode,
    ).toBe(401);
  });
});
