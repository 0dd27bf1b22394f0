import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerStatementRunner, statementRunnerOf } from '../../db/statement';
import { hashToken } from '../../lib/tokens';
import { call, randomIp, registerUser, sessionCookie, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NOT_AUTHORIZED = { message: 'Not authorized, please log in' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Signs `user` in again from another device: its cookie. */
async function signInFrom(user: TestUser, userAgent: string): Promise<string> {
  const response = await call(t.app, 'POST', '/api/users/login', {
    body: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    ip: randomIp(),
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}

const devices = async (cookie: string) => {
  const response = await call(t.app, 'GET', '/api/users/sessions', { cookie });
  expect(response.statusCode).toBe(200);
  return response.json().sessions as {
    _id: string;
    createdAt: string;
    lastSeenAt: string;
    device: string;
    current: boolean;
  }[];
};

const isAuthorized = async (cookie: string) =>
  (await call(t.app, 'GET', '/api/users/profile', { cookie })).statusCode === 200;

describe('GET /api/users/sessions', () => {
  it("lists the account's devices with their labels, its own marked current, the newest activity first", async () => {
    const user = await registerUser(t.app);
    const phone = await signInFrom(user, ANDROID_CHROME);
    const iphone = await signInFrom(user, IPHONE_SAFARI);
    const other = await registerUser(t.app);
    await signInFrom(other, WINDOWS_FIREFOX);

    // Activity decides the order, not the sign-in: the first device was seen last.
    await rows(
      sql`update auth_sessions set last_seen_at = now() - interval '1 hour' where user_id = ${user.user._id}`,
    );
    await rows(sql`update auth_sessions set last_seen_at = now() - interval '1 minute'
      where token_hash = ${hashToken(user.cookie.slice('sid='.length))}`);
    await rows(sql`update auth_sessions set last_seen_at = now() - interval '2 hours'
      where token_hash = ${hashToken(iphone.slice('sid='.length))}`);

    const list = await devices(phone);
    expect(list.map((d) => [d.device, d.current])).toEqual([
      ['Unknown device', false], // registered without a User-Agent
      ['Chrome on Android', true],
      ['Safari on iPhone', false],
    ]);
    for (const d of list) {
      expect(d._id).toMatch(UUID);
      expect(Date.parse(d.createdAt)).not.toBeNaN();
      expect(d.lastSeenAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    // The id names the session: it is neither the cookie's token nor the stored hash of it.
    const tokens = [user.cookie, phone, iphone].map((c) => c.slice('sid='.length));
    for (const d of list) {
      expect(tokens).not.toContain(d._id);
      expect(tokens.map(hashToken)).not.toContain(d._id);
    }
    expect((await devices(iphone)).filter((d) => d.current).map((d) => d.device)).toEqual([
      'Safari on iPhone',
    ]);
  });

  it('leaves expired sessions out and answers 401 without a session', async () => {
    const user = await registerUser(t.app);
    const phone = await signInFrom(user, ANDROID_CHROME);
    await rows(sql`update auth_sessions set expires_at = now() - interval '1 second'
      where token_hash = ${hashToken(phone.slice('sid='.length))}`);
    expect((await devices(user.cookie)).length).toBe(1);
    const response = await call(t.app, 'GET', '/api/users/sessions');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHORIZED);
    expect((await call(t.app, 'GET', '/api/users/sessions', { cookie: phone })).statusCode).toBe(401);
  });
});

describe('lastSeenAt', () => {
  it('is written at most once every 5 minutes per session, not on every request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await registerUser(t.app);
    const touches: string[] = [];
    const runner = statementRunnerOf(t.db);
    registerStatementRunner(t.db, (name, text, values) => {
      if (name === 'touch_auth_session') touches.push(name);
      return runner(name, text, values);
    });
    try {
      const [before] = await devices(user.cookie);
      expect(before.lastSeenAt).toBe(before.createdAt);
      for (let i = 0; i < 5; i += 1) await call(t.app, 'GET', '/api/logs', { cookie: user.cookie });
      await vi.waitFor(() => expect(touches.length).toBe(1));
      // The one statement wrote nothing: the session was seen less than 5 minutes ago.
      expect((await devices(user.cookie))[0].lastSeenAt).toBe(before.lastSeenAt);

      // Six minutes on (the stored time moved back as the clock moves on): one write, to now.
      vi.setSystemTime(Date.now() + 6 * 60_000);
      await rows(
        sql`update auth_sessions set last_seen_at = now() - interval '6 minutes' where user_id = ${user.user._id}`,
      );
      const sixMinutesAgo = Date.parse((await devices(user.cookie))[0].lastSeenAt);
      await call(t.app, 'GET', '/api/logs', { cookie: user.cookie });
      await vi.waitFor(async () =>
        expect(Date.parse((await devices(user.cookie))[0].lastSeenAt)).toBeGreaterThan(
          sixMinutesAgo + 5 * 60_000,
        ),
      );
      expect(touches.length).toBe(2);
    } finally {
      registerStatementRunner(t.db, runner);
    }
  });

  it('is not touched by a request without a valid session', async () => {
    const touches: string[] = [];
    const runner = statementRunnerOf(t.db);
    registerStatementRunner(t.db, (name, text, values) => {
      if (name === 'touch_auth_session') touches.push(name);
      return runner(name, text, values);
    });
    try {
      await call(t.app, 'GET', '/api/users/profile', { cookie: 'sid=made-up' });
      await call(t.app, 'GET', '/api/logs', { cookie: 'sid=made-up-too' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(touches).toEqual([]);
    } finally {
      registerStatementRunner(t.db, runner);
    }
  });
});

describe('DELETE /api/users/sessions/:id', () => {
  it('signs another device out: its cookie stops working, this one goes on', async () => {
    const user = await registerUser(t.app);
    const phone = await signInFrom(user, ANDROID_CHROME);
    const target = (await devices(user.cookie)).find((d) => d.device === 'Chrome on Android');
    const response = await call(t.app, 'DELETE', `/api/users/sessions/${target?._id}`, {
      cookie: user.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out of that device' });
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await isAuthorized(phone)).toBe(false);
    expect(await isAuthorized(user.cookie)).toBe(true);
    expect((await devices(user.cookie)).map((d) => d.current)).toEqual([true]);
  });

  it("answers 404 Session not found for another account's session, an unknown id or a malformed one", async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const [theirs] = await devices(other.cookie);
    for (const id of [theirs._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await call(t.app, 'DELETE', `/api/users/sessions/${id}`, { cookie: user.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Session not found' });
    }
    expect(await isAuthorized(other.cookie)).toBe(true);
  });

  it('signs this device out like a logout: 200, the cookie cleared, the session gone', async () => {
    const user = await registerUser(t.app);
    const [me] = await devices(user.cookie);
    const response = await call(t.app, 'DELETE', `/api/users/sessions/${me._id}`, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out of that device' });
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect(await isAuthorized(user.cookie)).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const response = await call(t.app, 'DELETE', '/api/users/sessions/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHORIZED);
  });
});

describe('POST /api/users/sessions/revoke-others', () => {
  it("signs out every other device of the account, and no other account's", async () => {
    const user = await registerUser(t.app);
    const phone = await signInFrom(user, ANDROID_CHROME);
    const iphone = await signInFrom(user, IPHONE_SAFARI);
    const other = await registerUser(t.app);
    const response = await call(t.app, 'POST', '/api/users/sessions/revoke-others', { cookie: phone });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out of every other device' });
    expect(await isAuthorized(phone)).toBe(true);
    expect(await isAuthorized(user.cookie)).toBe(false);
    expect(await isAuthorized(iphone)).toBe(false);
    expect(await isAuthorized(other.cookie)).toBe(true);
    expect((await devices(phone)).map((d) => [d.device, d.current])).toEqual([['Chrome on Android', true]]);
  });

  it('answers 401 without a session', async () => {
    const response = await call(t.app, 'POST', '/api/users/sessions/revoke-others');
    expect(response.statusCode).toBe(401);
  });
});
