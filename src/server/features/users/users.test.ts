import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATE_SETTINGS } from '../../../contract/plates';
import type { Mail } from '../../lib/mailer';
import { call, randomIp, registerUser, sessionCookie, uniqueEmail } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const NOT_AUTHORIZED = { message: 'Not authorized, please log in' };
const INVALID_LOGIN = { message: 'Invalid email or password' };
const FORGOT_ANSWER = { message: 'If that email is registered, a reset link is on its way' };
const BAD_LINK = { message: 'Invalid or expired reset link' };
const APP_URL = 'http://localhost:3000'; // the default: http://localhost:$PORT

/** A stand-in for Cloudflare's siteverify: accepts 'good-token' only, and remembers what it was asked. */
interface TurnstileStub {
  url: string;
  requests: URLSearchParams[];
  server: Server;
}
function startTurnstileStub(): Promise<TurnstileStub> {
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      if (form.get('response') === 'server-error') {
        res.writeHead(500).end('oops');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: form.get('response') === 'good-token' }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/siteverify`, requests, server });
    });
  });
}

async function waitForMails(mails: Mail[], to: string, count = 1): Promise<Mail[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = mails.filter((m) => m.to === to);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} email(s) to ${to}, got ${found.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function resetToken(mail: Mail): string {
  const match = new RegExp(`${APP_URL}/reset-password/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

function setCookieHeader(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header.join('\n') : String(header ?? '');
}

const login = (t: TestApp, email: string, password: string, ip?: string) =>
  call(t.app, 'POST', '/api/users/login', { body: { email, password }, ip });

let main: TestApp;
let guarded: TestApp;
let limited: TestApp;
let stub: TurnstileStub;

beforeAll(async () => {
  stub = await startTurnstileStub();
  main = await createTestApp();
  guarded = await createTestApp({
    turnstileSecretKey: 'secret-key',
    turnstileSiteKey: 'site-key',
    turnstileVerifyUrl: stub.url,
    cookieSecure: true,
  });
  limited = await createTestApp({
    turnstileSiteKey: 'site-key-without-secret',
    rateLimits: {
      loginFailuresPerEmail: 2,
      loginPerIp: 5,
      registerPerIp: 2,
      forgotPerIp: 3,
      forgotPerEmail: 2,
      resetPerIp: 2,
      emailChangesPerUser: 2,
    },
  });
});

afterAll(async () => {
  await Promise.all([main?.close(), guarded?.close(), limited?.close()]);
  await new Promise((resolve) => stub?.server.close(resolve));
});

describe('POST /api/users (register)', () => {
  it('answers 201 with the user info and sets a session cookie', async () => {
    const email = uniqueEmail();
    const response = await call(main.app, 'POST', '/api/users', {
      body: { username: 'Ada', email, password: 'secret1' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      '_id',
      'email',
      'isAdmin',
      'plates',
      'restSeconds',
      'twoFactor',
      'username',
      'weightUnit',
    ]);
    expect(body).toMatchObject({ username: 'Ada', email, isAdmin: false });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);

    const cookie = setCookieHeader(response);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43,};/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie).toMatch(/;\s*Max-Age=2592000/); // 30 days
    expect(cookie).not.toMatch(/;\s*Secure/i);

    const profile = await call(main.app, 'GET', '/api/users/profile', { cookie: sessionCookie(response) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body);
  });

  it('marks the cookie Secure when cookieSecure is on', async () => {
    const response = await call(guarded.app, 'POST', '/api/users', {
      body: { username: 'Ada', email: uniqueEmail(), password: 'secret1', turnstileToken: 'good-token' },
    });
    expect(response.statusCode).toBe(201);
    expect(setCookieHeader(response)).toMatch(/;\s*Secure/i);
  });

  it('stores the email lowercased and trimmed', async () => {
    const email = uniqueEmail();
    const response = await call(main.app, 'POST', '/api/users', {
      body: { username: 'Ada', email: `  ${email.toUpperCase()} `, password: 'secret1' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBe(email);
    expect((await login(main, email, 'secret1')).statusCode).toBe(200);
  });

  it('ignores isAdmin and other fields the client may not set', async () => {
    const response = await call(main.app, 'POST', '/api/users', {
      body: {
        username: 'Eve',
        email: uniqueEmail(),
        password: 'secret1',
        isAdmin: true,
        _id: crypto.randomUUID(),
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().isAdmin).toBe(false);
    const profile = await call(main.app, 'GET', '/api/users/profile', { cookie: sessionCookie(response) });
    expect(profile.json().isAdmin).toBe(false);
  });

  it('refuses an email that is taken, whatever its case: 409 User already exists', async () => {
    const email = uniqueEmail();
    await registerUser(main.app, { email });
    for (const variant of [email, email.toUpperCase(), ` ${email.replace(/^./, (c) => c.toUpperCase())}`]) {
      const response = await call(main.app, 'POST', '/api/users', {
        body: { username: 'Other', email: variant, password: 'secret1' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'User already exists' });
    }
  });

  it('lets only one of two simultaneous sign-ups with one email win', async () => {
    const email = uniqueEmail();
    const body = { username: 'Twin', email, password: 'secret1' };
    const responses = await Promise.all([
      call(main.app, 'POST', '/api/users', { body }),
      call(main.app, 'POST', '/api/users', { body: { ...body, email: email.toUpperCase() } }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 400 with docs/product.md §5 messages per field', async () => {
    const empty = await call(main.app, 'POST', '/api/users', { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'This field is required',
      errors: {
        username: 'This field is required',
        email: 'This field is required',
        password: 'This field is required',
      },
    });

    const blank = await call(main.app, 'POST', '/api/users', {
      body: { username: '   ', email: '', password: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({
      username: 'This field is required',
      email: 'This field is required',
      password: 'This field is required',
    });

    const malformed = [
      'not-an-email',
      'a@b',
      'a b@c.io',
      '@c.io',
      'a@.io x',
      'a@b..io',
      'a@b.io.',
      'a@-b.io',
    ];
    // A dot at either end of a part, and control characters (a NUL cannot even be stored).
    malformed.push('a.@b.io', 'a\u0000b@c.io', 'a\u0001@c.io');
    for (const email of malformed) {
      const response = await call(main.app, 'POST', '/api/users', {
        body: { username: 'A', email, password: 'secret1' },
      });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toEqual({
        message: 'Not a valid email format',
        errors: { email: 'Not a valid email format' },
      });
    }

    const short = await call(main.app, 'POST', '/api/users', {
      body: { username: 'A', email: uniqueEmail(), password: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Password must be at least 6 characters',
      errors: { password: 'Password must be at least 6 characters' },
    });
  });

  it('accepts any top-level domain', async () => {
    const response = await call(main.app, 'POST', '/api/users', {
      body: { username: 'A', email: `${crypto.randomUUID()}@example.technology`, password: 'secret1' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('what is stored', () => {
  it('keeps only hashes of passwords, session tokens and reset tokens', async () => {
    const { cookie, user, email, password } = await registerUser(main.app);
    await call(main.app, 'POST', '/api/users/forgot-password', { body: { email } });
    const resetLink = resetToken((await waitForMails(main.mails, email))[0]);
    const sessionToken = cookie.replace(/^sid=/, '');
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await main.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;

    const [account] = await rows(sql`select password_hash from users where id = ${user._id}`);
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    expect(account.password_hash).not.toContain(password);

    const sessions = await rows(sql`select token_hash from auth_sessions where user_id = ${user._id}`);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).not.toBe(sessionToken);
    const resets = await rows(sql`select token_hash from password_resets where user_id = ${user._id}`);
    expect(resets).toHaveLength(1);
    expect(resets[0].token_hash).not.toBe(resetLink);

    const leaks =
      await rows(sql`select 1 from auth_sessions where token_hash in (${sessionToken}, ${resetLink})
      union all select 1 from password_resets where token_hash in (${sessionToken}, ${resetLink})`);
    expect(leaks).toEqual([]);
  });
});

describe('POST /api/users/login', () => {
  it('answers 200 with the user info and a fresh session cookie', async () => {
    const { user, email, password } = await registerUser(main.app);
    const response = await login(main, email.toUpperCase(), password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user);
    const cookie = setCookieHeader(response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    const profile = await call(main.app, 'GET', '/api/users/profile', { cookie: sessionCookie(response) });
    expect(profile.json()).toEqual(user);
  });

  it('answers 401 Invalid email or password alike for an unknown email and a wrong password', async () => {
    const { email } = await registerUser(main.app);
    const unknown = await login(main, uniqueEmail(), 'secret-password');
    const wrong = await login(main, email, 'wrong-password');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_LOGIN);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates its body', async () => {
    const response = await call(main.app, 'POST', '/api/users/login', { body: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: 'Not a valid email format',
      password: 'This field is required',
    });
    const empty = await call(main.app, 'POST', '/api/users/login', { body: {} });
    expect(empty.json()).toEqual({
      message: 'This field is required',
      errors: { email: 'This field is required', password: 'This field is required' },
    });
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the session server-side and clears the cookie', async () => {
    const { cookie, email, password } = await registerUser(main.app);
    const other = sessionCookie(await login(main, email, password));

    const response = await call(main.app, 'POST', '/api/users/logout', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('message');
    expect(setCookieHeader(response)).toMatch(/^sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);

    // Replaying the old cookie does not work: the server forgot it.
    const replay = await call(main.app, 'GET', '/api/users/profile', { cookie });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(NOT_AUTHORIZED);
    // Only that session ended.
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie: other })).statusCode).toBe(200);
  });

  it('answers 200 without a session too', async () => {
    expect((await call(main.app, 'POST', '/api/users/logout')).statusCode).toBe(200);
  });

  it('accepts an empty body sent with a JSON content-type', async () => {
    const response = await main.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully' });
  });
});

describe('GET /api/users/profile', () => {
  it('answers 401 without a cookie, with an unknown one, or an empty one', async () => {
    for (const cookie of [undefined, 'sid=not-a-real-session-token', 'sid=', 'other=1']) {
      const response = await call(main.app, 'GET', '/api/users/profile', { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(NOT_AUTHORIZED);
    }
  });

  it('answers 401 once the session has expired', async () => {
    const { cookie, user } = await registerUser(main.app);
    await main.db.execute(
      sql`update auth_sessions set expires_at = now() - interval '1 second' where user_id = ${user._id}`,
    );
    const response = await call(main.app, 'GET', '/api/users/profile', { cookie });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHORIZED);
  });
});

describe('PUT /api/users/profile', () => {
  it('updates username and email (lowercased); an empty password keeps the current one', async () => {
    const { cookie, user, email, password } = await registerUser(main.app);
    const newEmail = uniqueEmail();
    const response = await call(main.app, 'PUT', '/api/users/profile', {
      cookie,
      body: { username: 'Renamed', email: newEmail.toUpperCase(), password: '', currentPassword: password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: user._id,
      username: 'Renamed',
      email: newEmail,
      isAdmin: false,
      weightUnit: 'kg',
      twoFactor: false,
      restSeconds: 120,
      plates: DEFAULT_PLATE_SETTINGS,
    });
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie })).json()).toEqual(response.json());
    // The old address hears of the change (docs/api.md §9), and only it.
    await expect.poll(() => main.mails.filter((m) => m.to === email).length).toBe(1);
    const notice = main.mails.find((m) => m.to === email);
    expect(notice?.text).toContain(newEmail);
    expect(main.mails.some((m) => m.to === newEmail)).toBe(false);

    expect((await login(main, newEmail, password)).statusCode).toBe(200);
    expect((await login(main, email, password)).statusCode).toBe(401);
  });

  it('changes the weight unit without the current password; absent keeps it; anything else is refused', async () => {
    const { cookie, user, email, password } = await registerUser(main.app);
    const put = (body: object) =>
      call(main.app, 'PUT', '/api/users/profile', {
        cookie,
        body: { username: user.username, email, ...body },
      });
    const toPounds = await put({ weightUnit: 'lb' });
    expect(toPounds.statusCode).toBe(200);
    expect(toPounds.json().weightUnit).toBe('lb');
    expect((await put({ username: 'Still lb' })).json().weightUnit).toBe('lb');
    expect((await login(main, email, password)).json().weightUnit).toBe('lb');
    const refused = await put({ weightUnit: 'stone' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.weightUnit).toBe('Must be kg or lb');
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie })).json()).toMatchObject({
      username: 'Still lb',
      weightUnit: 'lb',
    });
  });

  it('keeps the password when the field is left out, and accepts the own email unchanged', async () => {
    const { cookie, email, password } = await registerUser(main.app);
    const response = await call(main.app, 'PUT', '/api/users/profile', {
      cookie,
      body: { username: 'Same Email', email },
    });
    expect(response.statusCode).toBe(200);
    expect((await login(main, email, password)).statusCode).toBe(200);
  });

  it('a changed password revokes every other session and gives this one a new cookie', async () => {
    const { cookie, email, password } = await registerUser(main.app);
    const elsewhere = sessionCookie(await login(main, email, password));
    const response = await call(main.app, 'PUT', '/api/users/profile', {
      cookie,
      body: { username: 'Ada', email, password: 'brand-new-password', currentPassword: password },
    });
    expect(response.statusCode).toBe(200);
    const renewed = sessionCookie(response);
    expect(renewed).not.toBe(cookie);
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie: renewed })).statusCode).toBe(200);
    // The cookie that made the change stops working too: a copy of it is worth nothing.
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie })).statusCode).toBe(401);
    const revoked = await call(main.app, 'GET', '/api/users/profile', { cookie: elsewhere });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual(NOT_AUTHORIZED);
    expect((await login(main, email, password)).statusCode).toBe(401);
    expect((await login(main, email, 'brand-new-password')).statusCode).toBe(200);
  });

  it("answers 409 User already exists for another user's email (any case) and changes nothing", async () => {
    const taken = await registerUser(main.app);
    const mine = await registerUser(main.app);
    const { cookie, user } = mine;
    const response = await call(main.app, 'PUT', '/api/users/profile', {
      cookie,
      body: {
        username: 'Thief',
        email: taken.email.toUpperCase(),
        password: 'another-password',
        currentPassword: mine.password,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'User already exists' });
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie })).json()).toEqual(user);
    expect((await login(main, taken.email, taken.password)).json()).toEqual(taken.user);
  });

  it('validates with docs/product.md §5 messages', async () => {
    const { cookie, email } = await registerUser(main.app);
    const cases: [object, Record<string, string>][] = [
      [{ username: '', email, password: '' }, { username: 'This field is required' }],
      [{ username: 'A', email: 'bad', password: '' }, { email: 'Not a valid email format' }],
      [{ username: 'A', email, password: 'abc' }, { password: 'Password must be at least 6 characters' }],
    ];
    for (const [body, errors] of cases) {
      const response = await call(main.app, 'PUT', '/api/users/profile', { cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: Object.values(errors)[0], errors });
    }
  });

  it('ignores isAdmin sent by the client', async () => {
    const { cookie, email } = await registerUser(main.app);
    const response = await call(main.app, 'PUT', '/api/users/profile', {
      cookie,
      body: { username: 'A', email, password: '', isAdmin: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().isAdmin).toBe(false);
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie })).json().isAdmin).toBe(false);
  });

  it('needs the current password to change the email or the password (docs/api.md §9)', async () => {
    const { cookie, user, email, password } = await registerUser(main.app);
    const changes = [
      { username: 'A', email: uniqueEmail(), password: '' },
      { username: 'A', email, password: 'a-new-password' },
    ];
    for (const body of changes) {
      const missing = await call(main.app, 'PUT', '/api/users/profile', { cookie, body });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: 'Enter your current password to change your email or password',
        errors: { currentPassword: 'This field is required' },
      });
      const wrong = await call(main.app, 'PUT', '/api/users/profile', {
        cookie,
        body: { ...body, currentPassword: 'not-my-password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'Current password is incorrect',
        errors: { currentPassword: 'Current password is incorrect' },
      });
    }
    // Nothing changed, and the session still works.
    expect((await call(main.app, 'GET', '/api/users/profile', { cookie })).json()).toEqual(user);
    expect((await login(main, email, password)).statusCode).toBe(200);
    // The username alone needs no password.
    const renamed = await call(main.app, 'PUT', '/api/users/profile', {
      cookie,
      body: { username: 'Only The Name', email },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('counts a wrong current password as a failed login, and limits email changes', async () => {
    const { cookie, email, password } = await registerUser(limited.app);
    for (let i = 0; i < 2; i += 1) {
      const wrong = await call(limited.app, 'PUT', '/api/users/profile', {
        cookie,
        body: { username: 'A', email, password: 'a-new-password', currentPassword: 'guess' },
      });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await login(limited, email, password)).statusCode).toBe(429);

    const other = await registerUser(limited.app);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await call(limited.app, 'PUT', '/api/users/profile', {
        cookie: other.cookie,
        body: { username: 'A', email: uniqueEmail(), currentPassword: other.password },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // An attempt refused as taken (409) counts too, so the route cannot probe which emails exist.
    const third = await registerUser(limited.app);
    const attempts = [];
    for (const target of [email, uniqueEmail(), email]) {
      const response = await call(limited.app, 'PUT', '/api/users/profile', {
        cookie: third.cookie,
        body: { username: 'A', email: target, currentPassword: third.password },
      });
      attempts.push(response.statusCode);
    }
    expect(attempts).toEqual([409, 200, 429]);
  });

  it('answers 401 without a session', async () => {
    const response = await call(main.app, 'PUT', '/api/users/profile', {
      body: { username: 'A', email: uniqueEmail(), password: '' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHORIZED);
  });
});

describe('forgot and reset password', () => {
  it('always answers the same 200, and emails a link to registered addresses only', async () => {
    const { email } = await registerUser(main.app);
    const stranger = uniqueEmail();
    const unknown = await call(main.app, 'POST', '/api/users/forgot-password', { body: { email: stranger } });
    const known = await call(main.app, 'POST', '/api/users/forgot-password', {
      body: { email: email.toUpperCase() },
    });
    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(FORGOT_ANSWER);
    }
    const [mail] = await waitForMails(main.mails, email);
    expect(mail.text).toMatch(new RegExp(`${APP_URL}/reset-password/[A-Za-z0-9_-]{43,}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(main.mails.filter((m) => m.to === stranger)).toEqual([]);
  });

  it('validates the email', async () => {
    const response = await call(main.app, 'POST', '/api/users/forgot-password', { body: { email: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Not a valid email format');
    const missing = await call(main.app, 'POST', '/api/users/forgot-password', { body: {} });
    expect(missing.json().message).toBe('This field is required');
  });

  it('resets the password once, revoking every session', async () => {
    const { cookie, email, password } = await registerUser(main.app);
    await call(main.app, 'POST', '/api/users/forgot-password', { body: { email } });
    const token = resetToken((await waitForMails(main.mails, email))[0]);

    const response = await call(main.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: 'a-new-password' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset successful' });

    expect((await call(main.app, 'GET', '/api/users/profile', { cookie })).statusCode).toBe(401);
    expect((await login(main, email, password)).statusCode).toBe(401);
    expect((await login(main, email, 'a-new-password')).statusCode).toBe(200);

    const again = await call(main.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: 'third-password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(BAD_LINK);
    expect((await login(main, email, 'a-new-password')).statusCode).toBe(200);
  });

  it('voids an older link when a newer one is requested', async () => {
    const { email } = await registerUser(main.app);
    await call(main.app, 'POST', '/api/users/forgot-password', { body: { email } });
    const first = resetToken((await waitForMails(main.mails, email, 1))[0]);
    await call(main.app, 'POST', '/api/users/forgot-password', { body: { email } });
    const second = resetToken((await waitForMails(main.mails, email, 2))[1]);
    expect(second).not.toBe(first);

    const old = await call(main.app, 'POST', `/api/users/reset-password/${first}`, {
      body: { password: 'a-new-password' },
    });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(BAD_LINK);
    const fresh = await call(main.app, 'POST', `/api/users/reset-password/${second}`, {
      body: { password: 'a-new-password' },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    for (const token of ['unknown', 'x'.repeat(43), '%F0%9F%92%A9']) {
      const response = await call(main.app, 'POST', `/api/users/reset-password/${token}`, {
        body: { password: 'a-new-password' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(BAD_LINK);
    }
  });

  it('refuses an expired token (older than 1 hour)', async () => {
    const { email, user, password } = await registerUser(main.app);
    await call(main.app, 'POST', '/api/users/forgot-password', { body: { email } });
    const token = resetToken((await waitForMails(main.mails, email))[0]);
    const result = (await main.db.execute(
      sql`select round(extract(epoch from expires_at - now()) / 60)::int as minutes from password_resets where user_id = ${user._id}`,
    )) as unknown as { rows: { minutes: number }[] }; // both drivers expose `rows`
    const [row] = result.rows;
    expect(row.minutes).toBe(60);
    await main.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${user._id}`,
    );
    const response = await call(main.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: 'a-new-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_LINK);
    expect((await login(main, email, password)).statusCode).toBe(200);
  });

  it('validates the new password without using up the link', async () => {
    const { email } = await registerUser(main.app);
    await call(main.app, 'POST', '/api/users/forgot-password', { body: { email } });
    const token = resetToken((await waitForMails(main.mails, email))[0]);
    const short = await call(main.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Password must be at least 6 characters',
      errors: { password: 'Password must be at least 6 characters' },
    });
    const missing = await call(main.app, 'POST', `/api/users/reset-password/${token}`, { body: {} });
    expect(missing.json().message).toBe('This field is required');
    const ok = await call(main.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: 'long-enough' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('Turnstile bot check on register', () => {
  const body = () => ({ username: 'Bot?', email: uniqueEmail(), password: 'secret1' });

  it('answers 400 CAPTCHA verification failed when the token is missing', async () => {
    for (const turnstileToken of [undefined, '', null]) {
      const response = await call(guarded.app, 'POST', '/api/users', { body: { ...body(), turnstileToken } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'CAPTCHA verification failed' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('asks the verifier with the secret and answers 400 when it rejects the token', async () => {
    const before = stub.requests.length;
    const response = await call(guarded.app, 'POST', '/api/users', {
      body: { ...body(), turnstileToken: 'forged-token' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'CAPTCHA verification failed' });
    const asked = stub.requests.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0].get('secret')).toBe('secret-key');
    expect(asked[0].get('response')).toBe('forged-token');
  });

  it('answers 400 when the verifier itself fails', async () => {
    const response = await call(guarded.app, 'POST', '/api/users', {
      body: { ...body(), turnstileToken: 'server-error' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'CAPTCHA verification failed' });
  });

  it('registers (201) when the verifier accepts the token, and the account is created', async () => {
    const input = body();
    const response = await call(guarded.app, 'POST', '/api/users', {
      body: { ...input, turnstileToken: 'good-token' },
    });
    expect(response.statusCode).toBe(201);
    expect((await login(guarded, input.email, input.password)).statusCode).toBe(200);
  });

  it('is off without the secret key: no token needed', async () => {
    const response = await call(main.app, 'POST', '/api/users', { body: body() });
    expect(response.statusCode).toBe(201);
  });
});

describe('GET /api/config and the CSP', () => {
  it('gives turnstileSiteKey null unless both keys are set', async () => {
    const plain = (await call(main.app, 'GET', '/api/config')).json();
    expect(plain).toEqual({
      turnstileSiteKey: null,
      contactEmail: expect.any(String),
      portfolioUrl: expect.any(String),
      registration: 'open',
      oidcName: null,
    });
    expect((await call(limited.app, 'GET', '/api/config')).json().turnstileSiteKey).toBeNull();
    expect((await call(guarded.app, 'GET', '/api/config')).json().turnstileSiteKey).toBe('site-key');
  });

  it("admits Cloudflare's script in the CSP only when Turnstile is on", async () => {
    const on = String((await call(guarded.app, 'GET', '/api/config')).headers['content-security-policy']);
    const off = String((await call(main.app, 'GET', '/api/config')).headers['content-security-policy']);
    expect(on).toMatch(/script-src 'self' https:\/\/challenges\.cloudflare\.com/);
    expect(off).toMatch(/script-src 'self'(;|$)/);
    expect(off).not.toContain('challenges.cloudflare.com');
  });
});

describe('rate limits', () => {
  function expect429(response: LightMyRequestResponse, maxSeconds: number) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    expect(response.json().message).toMatch(/try again in \d+ (second|minute)s?/i);
  }

  it('by default allows 10 failed logins per email per 15 minutes, then 429', async () => {
    const { email, password } = await registerUser(main.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(main, email, 'wrong-password', randomIp())).statusCode).toBe(401);
    }
    expect429(await login(main, email, 'wrong-password', randomIp()), 15 * 60);
    // The account is locked for that window, even with the right password.
    expect429(await login(main, email, password, randomIp()), 15 * 60);
  });

  it('counts failed logins per email, across addresses', async () => {
    const { email, password } = await registerUser(limited.app);
    expect((await login(limited, email, 'wrong-1', randomIp())).statusCode).toBe(401);
    expect((await login(limited, email, 'wrong-2', randomIp())).statusCode).toBe(401);
    expect429(await login(limited, email, password, randomIp()), 15 * 60);
    // Another account from the same addresses is not affected.
    const other = await registerUser(limited.app);
    expect((await login(limited, other.email, other.password, randomIp())).statusCode).toBe(200);
  });

  it('holds the per-account limit under parallel guesses (counted before the hash)', async () => {
    const { email } = await registerUser(limited.app);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => login(limited, email, 'wrong-password', randomIp())),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429, 429, 429]);
  });

  it('limits login attempts per IP', async () => {
    const ip = randomIp();
    const { email, password } = await registerUser(limited.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(limited, uniqueEmail(), 'whatever', ip)).statusCode).toBe(401);
    }
    expect429(await login(limited, email, password, ip), 15 * 60);
    expect((await login(limited, email, password, randomIp())).statusCode).toBe(200);
  });

  it('limits registrations per IP', async () => {
    const ip = randomIp();
    await registerUser(limited.app, { ip });
    await registerUser(limited.app, { ip });
    const third = await call(limited.app, 'POST', '/api/users', {
      ip,
      body: { username: 'Third', email: uniqueEmail(), password: 'secret1' },
    });
    expect429(third, 60 * 60);
    await registerUser(limited.app, { ip: randomIp() });
  });

  it('limits forgot-password per email and requester, and per IP', async () => {
    const { email } = await registerUser(limited.app);
    const forgot = (address: string, ip: string) =>
      call(limited.app, 'POST', '/api/users/forgot-password', { body: { email: address }, ip });
    const stranger = randomIp();
    expect((await forgot(email, stranger)).statusCode).toBe(200);
    expect((await forgot(email.toUpperCase(), stranger)).statusCode).toBe(200);
    expect429(await forgot(email, stranger), 60 * 60);
    // The stranger blocked only their own requests: the owner can still ask (docs/api.md §9).
    expect((await forgot(email, randomIp())).statusCode).toBe(200);

    const ip = randomIp();
    for (let i = 0; i < 3; i += 1) expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(200);
    expect429(await forgot(uniqueEmail(), ip), 60 * 60);
  });

  it('limits reset attempts per IP', async () => {
    const ip = randomIp();
    const reset = () =>
      call(limited.app, 'POST', '/api/users/reset-password/guessed-token', {
        body: { password: 'secret-password' },
        ip,
      });
    expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(400);
    expect429(await reset(), 60 * 60);
  });
});
