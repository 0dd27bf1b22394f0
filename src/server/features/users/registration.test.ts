import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { call, randomIp, registerUser, uniqueEmail } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addUser } from './add-user';

const CLOSED = { message: 'Registration is closed on this server' };
const SIGN_UP = { username: 'New', email: 'new@test.io', password: 'secret-password' };

let open: TestApp;
let closed: TestApp;
let oidcOnly: TestApp;

beforeAll(async () => {
  open = await createTestApp();
  closed = await createTestApp({ registration: 'closed' });
  oidcOnly = await createTestApp({
    registration: 'oidc-only',
    oidc: { issuer: 'https://id.example.com', clientId: 'workout-log', name: 'Acme SSO' },
  });
});
afterAll(async () => {
  await Promise.all([open, closed, oidcOnly].map((t) => t?.close()));
});

/** A password account on `t`, as `npm run add-user` makes it, with its password set through the link. */
async function addedUser(t: TestApp) {
  const email = uniqueEmail();
  const result = await addUser(t.db, { appUrl: 'http://localhost:3000', registration: 'closed' }, { email });
  if (!result.ok) throw new Error(result.message);
  const token = result.link.split('/reset-password/')[1];
  const reset = await call(t.app, 'POST', `/api/users/reset-password/${token}`, {
    body: { password: 'chosen-password' },
    ip: randomIp(),
  });
  expect(reset.statusCode).toBe(200);
  return { email, password: 'chosen-password' };
}

describe('REGISTRATION', () => {
  it('is open by default: GET /api/config says so, with no identity provider yet', async () => {
    const config = await call(open.app, 'GET', '/api/config');
    expect(config.json()).toMatchObject({ registration: 'open', oidcName: null });
    await registerUser(open.app);
  });

  it('closed: register → 403 whatever the body, and accounts that exist still sign in', async () => {
    expect((await call(closed.app, 'GET', '/api/config')).json()).toMatchObject({ registration: 'closed' });
    for (const body of [SIGN_UP, {}, undefined]) {
      const response = await call(closed.app, 'POST', '/api/users', { body, ip: randomIp() });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(CLOSED);
      expect(response.cookies).toEqual([]);
    }
    const account = await addedUser(closed);
    const login = await call(closed.app, 'POST', '/api/users/login', { body: account, ip: randomIp() });
    expect(login.statusCode).toBe(200);
    expect(login.json().email).toBe(account.email);
  });

  it('oidc-only: password registration and login → 403 Sign in with {OIDC_NAME}', async () => {
    expect((await call(oidcOnly.app, 'GET', '/api/config')).json()).toMatchObject({
      registration: 'oidc-only',
      oidcName: 'Acme SSO',
    });
    const account = await addedUser(oidcOnly);
    for (const [url, body] of [
      ['/api/users', SIGN_UP],
      ['/api/users/login', account],
      ['/api/users/login', {}],
    ] as const) {
      const response = await call(oidcOnly.app, 'POST', url, { body, ip: randomIp() });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Sign in with Acme SSO' });
      expect(response.cookies).toEqual([]);
    }
  });

  it('is read from the environment; oidc-only needs an OpenID Connect provider', () => {
    const base = { DATA_DIR: ':memory:' };
    expect(loadConfig(base).registration).toBe('open');
    expect(loadConfig({ ...base, REGISTRATION: 'closed' }).registration).toBe('closed');
    expect(() => loadConfig({ ...base, REGISTRATION: 'invite' })).toThrow(
      /REGISTRATION: must be open, closed or oidc-only/,
    );
    expect(() =>
      loadConfig({ ...base, REGISTRATION: 'oidc-only', OIDC_ISSUER: 'https://id.example.com' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, REGISTRATION: 'oidc-only' })).toThrow(
      /REGISTRATION: oidc-only needs OIDC_ISSUER, OIDC_CLIENT_ID/,
    );
    const withProvider = {
      ...base,
      REGISTRATION: 'oidc-only',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'workout-log',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Acme SSO',
    };
    expect(loadConfig(withProvider).registration).toBe('oidc-only');
  });
});

describe('npm run add-user', () => {
  it('creates an account whose owner sets the password through a single-use link', async () => {
    const email = uniqueEmail();
    const result = await addUser(
      closed.db,
      { appUrl: 'https://log.example.com', registration: 'closed' },
      {
        email: ` ${email.toUpperCase()} `,
        username: 'Jane',
      },
    );
    expect(result).toMatchObject({ ok: true, email });
    if (!result.ok) return;
    expect(result.link).toMatch(/^https:\/\/log\.example\.com\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = result.link.split('/reset-password/')[1];
    // Nobody can sign in before the link is used: the stored password is random and unknown.
    const before = await call(closed.app, 'POST', '/api/users/login', {
      body: { email, password: token },
      ip: randomIp(),
    });
    expect(before.statusCode).toBe(401);
    const set = (password: string) =>
      call(closed.app, 'POST', `/api/users/reset-password/${token}`, { body: { password }, ip: randomIp() });
    expect((await set('my-own-password')).statusCode).toBe(200);
    expect((await set('again-password')).statusCode).toBe(400);
    const login = await call(closed.app, 'POST', '/api/users/login', {
      body: { email, password: 'my-own-password' },
      ip: randomIp(),
    });
    expect(login.json()).toMatchObject({ email, username: 'Jane', isAdmin: false });
  });

  it('refuses a taken email, a malformed one, and an oidc-only server', async () => {
    const taken = await registerUser(open.app);
    const config = { appUrl: 'http://localhost:3000', registration: 'open' } as const;
    expect(await addUser(open.db, config, { email: taken.email })).toEqual({
      ok: false,
      message: `An account already uses ${taken.email}.`,
    });
    expect(await addUser(open.db, config, { email: 'not-an-email' })).toMatchObject({ ok: false });
    expect(
      await addUser(open.db, { ...config, registration: 'oidc-only' }, { email: uniqueEmail() }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('oidc-only') });
  });
});
