import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, randomIp, registerUser, sessionCookie, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { totpCode } from './two-factor.totp';

const CODE_INVALID = { message: 'The code is not valid', errors: { code: 'The code is not valid' } };
const SIGN_IN_AGAIN = { message: 'Sign in again' };
const WRONG_PASSWORD = {
  message: 'Current password is incorrect',
  errors: { currentPassword: 'Current password is incorrect' },
};

let main: TestApp;
let limited: TestApp;

beforeAll(async () => {
  main = await createTestApp();
  limited = await createTestApp({
    rateLimits: {
      loginFailuresPerEmail: 3,
      loginPerIp: 100,
      registerPerIp: 100,
      forgotPerIp: 100,
      forgotPerEmail: 100,
      resetPerIp: 100,
      emailChangesPerUser: 100,
    },
  });
});

afterAll(async () => {
  await Promise.all([main?.close(), limited?.close()]);
});

const now = () => Date.now() / 1000;
/** The code an authenticator app shows `steps` time steps from now (±1 is accepted). */
const codeAt = (secret: string, steps = 0) => totpCode(secret, now() + steps * 30);

/**
 * Waits, when needed, until at least 8 s of the current 30 s step remain: a test's codes are
 * taken relative to "now" (the step before, this one, the next), and a test that crossed into
 * the next step half-way would see them shift under it.
 */
async function awayFromStepEdge(): Promise<void> {
  const left = 30 - (now() % 30);
  if (left < 8) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}

/** `pending_login=<token>` from a login answer, ready to send back. */
function pendingCookie(response: LightMyRequestResponse): string {
  const pending = response.cookies.find((c) => c.name === 'pending_login');
  if (!pending?.value) throw new Error(`no pending cookie in ${response.statusCode} ${response.body}`);
  return `pending_login=${pending.value}`;
}

const login = (t: TestApp, user: TestUser, password = user.password) =>
  call(t.app, 'POST', '/api/users/login', { body: { email: user.email, password }, ip: randomIp() });
const secondStep = (t: TestApp, cookie: string | undefined, code: unknown) =>
  call(t.app, 'POST', '/api/users/login/2fa', { cookie, body: { code } });

/** A user with 2FA on: the secret their app holds and the recovery codes they were shown. */
async function userWithTwoFactor(t: TestApp) {
  await awayFromStepEdge();
  const user = await registerUser(t.app);
  const setup = await call(t.app, 'POST', '/api/users/2fa/setup', {
    cookie: user.cookie,
    body: { currentPassword: user.password },
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await call(t.app, 'POST', '/api/users/2fa/enable', {
    cookie: user.cookie,
    body: { code: codeAt(secret, -1) },
  });
  expect(enable.statusCode).toBe(200);
  return { ...user, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

describe('2FA set-up and enable', () => {
  it('gives a secret and otpauth address, turns on with a right code, and shows 10 recovery codes once', async () => {
    await awayFromStepEdge();
    const user = await registerUser(main.app);
    expect(user.user.twoFactor).toBe(false);
    const setup = await call(main.app, 'POST', '/api/users/2fa/setup', {
      cookie: user.cookie,
      body: { currentPassword: user.password },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Workout%20Log%3A${encodeURIComponent(user.email)}?secret=${secret}` +
        '&issuer=Workout+Log&algorithm=SHA1&digits=6&period=30',
    );
    // Not active yet: the profile says so and login needs no code.
    const profile = await call(main.app, 'GET', '/api/users/profile', { cookie: user.cookie });
    expect(profile.json().twoFactor).toBe(false);
    expect((await login(main, user)).json().twoFactor).toBe(false);

    const wrong = await call(main.app, 'POST', '/api/users/2fa/enable', {
      cookie: user.cookie,
      body: { code: codeAt(secret, 3) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(CODE_INVALID);

    const enable = await call(main.app, 'POST', '/api/users/2fa/enable', {
      cookie: user.cookie,
      body: { code: codeAt(secret) },
    });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    // Only hashes are kept: no recovery code is in the database as typed.
    const stored = await main.db.execute(
      `select code_hash from recovery_codes where user_id = '${user.user._id}'`,
    );
    const hashes = JSON.stringify(stored);
    for (const code of codes) expect(hashes).not.toContain(code.replaceAll('-', ''));

    const after = await call(main.app, 'GET', '/api/users/profile', { cookie: user.cookie });
    expect(after.json()).toEqual({ ...user.user, twoFactor: true });
    // Once on, neither set-up nor enable starts over.
    const again = await call(main.app, 'POST', '/api/users/2fa/setup', {
      cookie: user.cookie,
      body: { currentPassword: user.password },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Two-factor authentication is already on' });
    const enableAgain = await call(main.app, 'POST', '/api/users/2fa/enable', {
      cookie: user.cookie,
      body: { code: codeAt(secret, 1) },
    });
    expect(enableAgain.statusCode).toBe(409);
  });

  it('needs the current password for set-up, and a set-up before enable', async () => {
    const user = await registerUser(main.app);
    const wrong = await call(main.app, 'POST', '/api/users/2fa/setup', {
      cookie: user.cookie,
      body: { currentPassword: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG_PASSWORD);
    const missing = await call(main.app, 'POST', '/api/users/2fa/setup', { cookie: user.cookie, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ currentPassword: 'This field is required' });
    const early = await call(main.app, 'POST', '/api/users/2fa/enable', {
      cookie: user.cookie,
      body: { code: '123456' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: 'Set up two-factor authentication first' });
    for (const url of ['/api/users/2fa/setup', '/api/users/2fa/enable', '/api/users/2fa/disable']) {
      const stranger = await call(main.app, 'POST', url, { body: { currentPassword: 'x', code: '1' } });
      expect(stranger.statusCode, url).toBe(401);
    }
  });

  it('refuses malformed codes with the same message', async () => {
    const user = await registerUser(main.app);
    await call(main.app, 'POST', '/api/users/2fa/setup', {
      cookie: user.cookie,
      body: { currentPassword: user.password },
    });
    for (const code of ['', '12345', '1234567', 'abcdef', 123456, null, 'x'.repeat(65)]) {
      const response = await call(main.app, 'POST', '/api/users/2fa/enable', {
        cookie: user.cookie,
        body: { code },
      });
      expect(response.statusCode, String(code)).toBe(400);
      expect(response.json(), String(code)).toEqual(CODE_INVALID);
    }
  });
});

describe('login with 2FA', () => {
  it('asks for a code after the right password, with no session until the code', async () => {
    const user = await userWithTwoFactor(main);
    const first = await login(main, user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === 'pending_login');
    expect(pending).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/users/login',
      maxAge: 300,
    });
    // The pending cookie is no session.
    const profile = await call(main.app, 'GET', '/api/users/profile', { cookie: pendingCookie(first) });
    expect(profile.statusCode).toBe(401);

    const done = await secondStep(main, pendingCookie(first), codeAt(user.secret, 1));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ...user.user, twoFactor: true });
    const cleared = done.cookies.find((c) => c.name === 'pending_login');
    expect(cleared?.value).toBe('');
    const me = await call(main.app, 'GET', '/api/users/profile', { cookie: sessionCookie(done) });
    expect(me.json().twoFactor).toBe(true);

    // Single use: the same pending login cannot sign in again.
    const replay = await secondStep(main, pendingCookie(first), codeAt(user.secret, 1));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(SIGN_IN_AGAIN);
  });

  it('accepts each code of the ±1 step window once, in any order', async () => {
    const user = await userWithTwoFactor(main);
    // Enable used the previous step's code: that one is spent.
    const first = await login(main, user);
    const reused = await secondStep(main, pendingCookie(first), codeAt(user.secret, -1));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(CODE_INVALID);
    // The next step's code, then this step's, never used: both are accepted, once each.
    expect((await secondStep(main, pendingCookie(first), codeAt(user.secret, 1))).statusCode).toBe(200);
    const second = await login(main, user);
    expect((await secondStep(main, pendingCookie(second), codeAt(user.secret))).statusCode).toBe(200);
    const third = await login(main, user);
    for (const step of [-1, 0, 1]) {
      const again = await secondStep(main, pendingCookie(third), codeAt(user.secret, step));
      expect([step, again.statusCode, again.json()]).toEqual([step, 400, CODE_INVALID]);
    }
    // Two steps away is outside the window.
    for (const step of [-2, 2]) {
      expect((await secondStep(main, pendingCookie(third), codeAt(user.secret, step))).statusCode).toBe(400);
    }
  });

  it('accepts an unused recovery code once, in the same field, forgiving case and dashes', async () => {
    const user = await userWithTwoFactor(main);
    const [code] = user.recoveryCodes;
    const first = await login(main, user);
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const ok = await secondStep(main, pendingCookie(first), typed);
    expect(ok.statusCode).toBe(200);
    const second = await login(main, user);
    const spent = await secondStep(main, pendingCookie(second), code);
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toEqual(CODE_INVALID);
    expect((await secondStep(main, pendingCookie(second), user.recoveryCodes[1])).statusCode).toBe(200);
  });

  it('answers 401 Sign in again without a pending login, or with an expired one', async () => {
    const none = await secondStep(main, undefined, '123456');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(SIGN_IN_AGAIN);
    const forged = await secondStep(main, 'pending_login=forged', '123456');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(SIGN_IN_AGAIN);

    const user = await userWithTwoFactor(main);
    const first = await login(main, user);
    // Five minutes later (the clock moved by the database's own rows).
    await main.db.execute(
      `update pending_logins set expires_at = now() - interval '1 second' where user_id = '${user.user._id}'`,
    );
    const late = await secondStep(main, pendingCookie(first), codeAt(user.secret, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(SIGN_IN_AGAIN);
  });

  it('a wrong password is still 401 Invalid email or password, with no pending cookie', async () => {
    const user = await userWithTwoFactor(main);
    const wrong = await login(main, user, 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies).toEqual([]);
  });

  it('counts wrong codes as failed logins, and a right password does not reset the count', async () => {
    const user = await userWithTwoFactor(limited);
    // 3 failures allowed per 15 minutes in this app: three wrong codes; the right password is none.
    const first = await login(limited, user);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    for (let i = 0; i < 3; i += 1) {
      const wrong = await secondStep(limited, pendingCookie(first), '000000');
      // A wrong code that happens to be right is one in a million; the assertion names it.
      expect(wrong.json()).toEqual(CODE_INVALID);
    }
    const blocked = await secondStep(limited, pendingCookie(first), codeAt(user.secret, 1));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The password alone does not clear the count either.
    expect((await login(limited, user)).statusCode).toBe(429);
  });

  it('a right code is no failure, and does not clear the wrong ones before it', async () => {
    const user = await userWithTwoFactor(limited);
    const first = await login(limited, user);
    expect((await secondStep(limited, pendingCookie(first), '000000')).statusCode).toBe(400); // 1
    expect((await secondStep(limited, pendingCookie(first), codeAt(user.secret, 1))).statusCode).toBe(200);
    const second = await login(limited, user);
    expect((await secondStep(limited, pendingCookie(second), '000000')).statusCode).toBe(400); // 2
    expect((await secondStep(limited, pendingCookie(second), user.recoveryCodes[0])).statusCode).toBe(200);
    const third = await login(limited, user);
    expect(third.json()).toEqual({ twoFactorRequired: true });
    expect((await secondStep(limited, pendingCookie(third), '000000')).statusCode).toBe(400); // 3
    expect((await login(limited, user)).statusCode).toBe(429);
  });

  it('survives a password reset: the new password still needs the code', async () => {
    const user = await userWithTwoFactor(main);
    await call(main.app, 'POST', '/api/users/forgot-password', {
      body: { email: user.email },
      ip: randomIp(),
    });
    const deadline = Date.now() + 5_000;
    let token: string | undefined;
    while (!token && Date.now() < deadline) {
      const mail = main.mails.find((m) => m.to === user.email);
      token = mail ? /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
      if (!token) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const reset = await call(main.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: 'a-new-password' },
      ip: randomIp(),
    });
    expect(reset.statusCode).toBe(200);
    const after = await login(main, user, 'a-new-password');
    expect(after.json()).toEqual({ twoFactorRequired: true });
  });
});

describe('2FA disable', () => {
  it('needs the current password and a code, then login needs no code', async () => {
    const user = await userWithTwoFactor(main);
    const noPassword = await call(main.app, 'POST', '/api/users/2fa/disable', {
      cookie: user.cookie,
      body: { currentPassword: 'wrong-password', code: codeAt(user.secret) },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual(WRONG_PASSWORD);
    const badCode = await call(main.app, 'POST', '/api/users/2fa/disable', {
      cookie: user.cookie,
      body: { currentPassword: user.password, code: '000000' },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual(CODE_INVALID);
    const off = await call(main.app, 'POST', '/api/users/2fa/disable', {
      cookie: user.cookie,
      body: { currentPassword: user.password, code: user.recoveryCodes[0] },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: 'Two-factor authentication is off' });
    expect(
      (await call(main.app, 'GET', '/api/users/profile', { cookie: user.cookie })).json().twoFactor,
    ).toBe(false);
    const plain = await login(main, user);
    expect(plain.json()).toEqual({ ...user.user, twoFactor: false });
    const twice = await call(main.app, 'POST', '/api/users/2fa/disable', {
      cookie: user.cookie,
      body: { currentPassword: user.password, code: codeAt(user.secret) },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'Two-factor authentication is not on' });
  });

  it('a pending login of an account whose 2FA was turned off meanwhile must sign in again', async () => {
    const user = await userWithTwoFactor(main);
    const first = await login(main, user);
    await call(main.app, 'POST', '/api/users/2fa/disable', {
      cookie: user.cookie,
      body: { currentPassword: user.password, code: user.recoveryCodes[0] },
    });
    const late = await secondStep(main, pendingCookie(first), codeAt(user.secret, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(SIGN_IN_AGAIN);
  });
});
