/**
 * Abuse controls (docs/security.md, docs/api.md §9): rate limits per IP and per account, no account
 * enumeration through forgot-password (answer or timing) or login timing, stolen cookies dying
 * with a password change, cookie flags, cross-site writes, the Content-Security-Policy, and
 * secrets stored only as hashes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, WEB_DIST } from '../app';
import { THEME_SCRIPT_HASH } from '../plugins/security';
import { type Config, loadConfig, type RateLimits } from '../config';
import { type Database, openDatabase } from '../db/client';
import { authSessions, passwordResets, users } from '../db/schema';
import type { Mail } from '../lib/mailer';
import { hashToken } from '../lib/tokens';
import { call, randomIp, registerUser, sessionCookie, uniqueEmail, type TestUser } from '../test/factories';
import { accountSnapshot, createWorld, type World } from './world';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  APP_URL: 'https://workouts.example.com',
};

const FORGOT_ANSWER = { message: 'If that email is registered, a reset link is on its way' };
const NOT_AUTHORIZED = { message: 'Not authorized, please log in' };
const NO_LIMITS: RateLimits = {
  loginFailuresPerEmail: 1e9,
  loginPerIp: 1e9,
  registerPerIp: 1e9,
  forgotPerIp: 1e9,
  forgotPerEmail: 1e9,
  resetPerIp: 1e9,
  emailChangesPerUser: 1e9,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const APP_URL = 'https://workout.example.com';
/** Mail takes this long, as SMTP may: a reply that waited for it would show in its timing. */
const MAIL_DELAY_MS = 250;

interface AbuseApp {
  app: FastifyInstance;
  mails: Mail[];
  db: Database['db'];
}

// One database (PGlite boots are slow on 2 cores), several apps on it, each with its own config.
let database: Database;
const apps: FastifyInstance[] = [];
const baseConfig = (): Config =>
  loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: ':memory:', LOG_LEVEL: 'silent' });

async function makeApp(overrides: Partial<Config>): Promise<AbuseApp> {
  const mails: Mail[] = [];
  const app = await buildApp({
    config: { ...baseConfig(), rateLimits: NO_LIMITS, ...overrides },
    database,
    logger: false,
    mailer: {
      async send(mail) {
        await sleep(MAIL_DELAY_MS);
        mails.push(mail);
      },
    },
  });
  await app.ready();
  apps.push(app);
  return { app, mails, db: database.db };
}

beforeAll(async () => {
  database = await openDatabase(baseConfig());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

/** A 429 as docs/api.md §2 wants it: a Retry-After in seconds, and a message saying when. */
function expectTooMany(response: LightMyRequestResponse, windowSeconds: number, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds, label).toBe(true);
  const { message } = response.json();
  const match = /^Too many attempts\. Please try again in (\d+) (second|minute)s?\.$/.exec(message);
  expect(match, `${label}: ${message}`).not.toBeNull();
  const [, amount, unit] = match!;
  expect(Number(amount), label).toBe(unit === 'second' ? retryAfter : Math.ceil(retryAfter / 60));
}

const login = (app: FastifyInstance, email: string, password: string, ip = randomIp()) =>
  call(app, 'POST', '/api/users/login', { body: { email, password }, ip });

async function waitForResetToken(mails: Mail[], to: string): Promise<string> {
  for (let i = 0; i < 300; i += 1) {
    const mail = mails.find((m) => m.to === to);
    if (mail) return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await sleep(10);
  }
  throw new Error(`no reset mail for ${to}`);
}

describe('rate limits', () => {
  const LIMITS: RateLimits = {
    loginFailuresPerEmail: 3,
    loginPerIp: 6,
    registerPerIp: 3,
    forgotPerIp: 4,
    forgotPerEmail: 2,
    resetPerIp: 3,
    emailChangesPerUser: 3,
  };
  let t: AbuseApp;
  beforeAll(async () => {
    t = await makeApp({ rateLimits: LIMITS });
  });

  it('login: per IP, whatever the emails; another IP is unaffected', async () => {
    const user = await registerUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < LIMITS.loginPerIp; i += 1) {
      expect((await login(t.app, uniqueEmail(), 'wrong-password', ip)).statusCode).toBe(401);
    }
    expectTooMany(await login(t.app, user.email, user.password, ip), 15 * 60, 'login per IP');
    expect((await login(t.app, user.email, user.password, randomIp())).statusCode).toBe(200);
  });

  it('login: per account, across IPs and letter case, even with the right password', async () => {
    const victim = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    for (let i = 0; i < LIMITS.loginFailuresPerEmail; i += 1) {
      const email = i % 2 ? victim.email.toUpperCase() : victim.email;
      expect((await login(t.app, email, `guess-${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(t.app, victim.email, victim.password), 15 * 60, 'login per account');
    expect((await login(t.app, bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it('login: a success is no failure, and does not clear the failures before it', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < LIMITS.loginFailuresPerEmail - 1; i += 1) {
      expect((await login(t.app, user.email, 'wrong')).statusCode).toBe(401);
      expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
    }
    expect((await login(t.app, user.email, 'wrong')).statusCode).toBe(401);
    expectTooMany(await login(t.app, user.email, user.password), 15 * 60, 'login per account');
  });

  it('register: per IP', async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.registerPerIp; i += 1) {
      expect((await registerUser(t.app, { ip })).user._id).toBeTruthy();
    }
    const response = await call(t.app, 'POST', '/api/users', {
      body: { username: 'Bot', email: uniqueEmail(), password: 'secret-password' },
      ip,
    });
    expectTooMany(response, 60 * 60, 'register per IP');
    expect((await registerUser(t.app, { ip: randomIp() })).user._id).toBeTruthy();
  });

  it('forgot-password: per IP and per email, known and unknown emails alike', async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.forgotPerIp; i += 1) {
      const r = await call(t.app, 'POST', '/api/users/forgot-password', {
        body: { email: uniqueEmail() },
        ip,
      });
      expect(r.json()).toEqual(FORGOT_ANSWER);
    }
    const blocked = await call(t.app, 'POST', '/api/users/forgot-password', {
      body: { email: uniqueEmail() },
      ip,
    });
    expectTooMany(blocked, 60 * 60, 'forgot per IP');

    // Per email and requester: the limit hits a registered and an unknown address at the same count.
    const known = (await registerUser(t.app)).email;
    for (const email of [known, uniqueEmail()]) {
      const requester = randomIp();
      for (let i = 0; i < LIMITS.forgotPerEmail; i += 1) {
        const r = await call(t.app, 'POST', '/api/users/forgot-password', {
          body: { email },
          ip: requester,
        });
        expect(r.json()).toEqual(FORGOT_ANSWER);
      }
      const r = await call(t.app, 'POST', '/api/users/forgot-password', {
        body: { email: email.toUpperCase() },
        ip: requester,
      });
      expectTooMany(r, 60 * 60, `forgot per email (${email === known ? 'known' : 'unknown'})`);
    }
  });

  it('reset-password: per IP, so reset tokens cannot be guessed in bulk', async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.resetPerIp; i += 1) {
      const r = await call(t.app, 'POST', `/api/users/reset-password/guess-${i}`, {
        body: { password: 'new-password' },
        ip,
      });
      expect(r.statusCode).toBe(400);
    }
    const r = await call(t.app, 'POST', '/api/users/reset-password/guess-x', {
      body: { password: 'new-password' },
      ip,
    });
    expectTooMany(r, 60 * 60, 'reset per IP');
  });

  it('a forged X-Forwarded-For does not give a new IP (no proxy is trusted)', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.resetPerIp + 2; i += 1) {
      const r = await call(t.app, 'POST', '/api/users/reset-password/guess', {
        body: { password: 'new-password' },
        ip,
        headers: { 'x-forwarded-for': randomIp(), 'x-real-ip': randomIp() },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(LIMITS.resetPerIp)).toEqual([429, 429]);
  });
});

describe('account enumeration', () => {
  let app: FastifyInstance;
  let mails: Mail[];
  beforeAll(async () => {
    ({ app, mails } = await makeApp({}));
  });

  async function timed(
    request: () => Promise<LightMyRequestResponse>,
  ): Promise<[number, LightMyRequestResponse]> {
    const start = process.hrtime.bigint();
    const response = await request();
    return [Number(process.hrtime.bigint() - start) / 1e6, response];
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  it('forgot-password answers a known and an unknown email identically', async () => {
    const user = await registerUser(app);
    const unknown = uniqueEmail();
    const answers = [];
    for (const email of [user.email, unknown]) {
      const r = await call(app, 'POST', '/api/users/forgot-password', { body: { email }, ip: randomIp() });
      const { date: _date, ...headers } = r.headers;
      answers.push({ status: r.statusCode, body: r.body, headers });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].status).toBe(200);
    expect(JSON.parse(answers[0].body)).toEqual(FORGOT_ANSWER);
    await waitForResetToken(mails, user.email);
    await sleep(MAIL_DELAY_MS * 2);
    expect(mails.filter((m) => m.to === unknown)).toEqual([]);
  });

  it('forgot-password takes the same time for a known and an unknown email (mail sent after the answer)', async () => {
    const known = await registerUser(app);
    const send = (email: string) => () =>
      call(app, 'POST', '/api/users/forgot-password', { body: { email }, ip: randomIp() });
    for (let i = 0; i < 3; i += 1) await send(uniqueEmail())(); // warm-up
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      knownMs.push((await timed(send(known.email)))[0]);
      unknownMs.push((await timed(send(uniqueEmail())))[0]);
    }
    const [k, u] = [median(knownMs), median(unknownMs)];
    console.log(`forgot-password median: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`);
    // A reply that waited for the 250 ms mail would differ by about that much; noise is far smaller.
    expect(Math.abs(k - u)).toBeLessThan(MAIL_DELAY_MS / 2);
  });

  it('login takes about as long for an unknown email as for a wrong password', async () => {
    const user = await registerUser(app);
    await login(app, uniqueEmail(), 'warm-up-password'); // builds the dummy hash once
    const unknownMs: number[] = [];
    const wrongMs: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const [a, ra] = await timed(() => login(app, uniqueEmail(), 'some-password'));
      const [b, rb] = await timed(() => login(app, user.email, 'some-password'));
      expect([ra.statusCode, ra.body]).toEqual([rb.statusCode, rb.body]);
      unknownMs.push(a);
      wrongMs.push(b);
    }
    const [u, w] = [median(unknownMs), median(wrongMs)];
    console.log(`login median: unknown email ${u.toFixed(1)} ms, wrong password ${w.toFixed(1)} ms`);
    // Skipping the hash for unknown emails would make them ~20× faster; allow 3× for noise.
    expect(u).toBeGreaterThan(w / 3);
    expect(u).toBeLessThan(w * 3);
  });
});

describe('stolen cookies', () => {
  let t: AbuseApp;
  beforeAll(async () => {
    t = await makeApp({});
  });

  /** Every way a cookie is checked: the profile, a one-statement read, a write. */
  async function works(cookie: string): Promise<boolean[]> {
    const profile = await call(t.app, 'GET', '/api/users/profile', { cookie });
    const list = await call(t.app, 'GET', '/api/logs', { cookie });
    const write = await call(t.app, 'POST', '/api/logs', {
      cookie,
      body: { title: `Probe ${randomUUID()}` },
    });
    for (const r of [profile, list, write])
      if (r.statusCode === 401) expect(r.json()).toEqual(NOT_AUTHORIZED);
    return [profile.statusCode === 200, list.statusCode === 200, write.statusCode === 201];
  }

  it('stops working after the victim changes their password in their profile', async () => {
    const victim = await registerUser(t.app);
    const stolen = sessionCookie(await login(t.app, victim.email, victim.password));
    expect(await works(stolen)).toEqual([true, true, true]);
    const change = await call(t.app, 'PUT', '/api/users/profile', {
      cookie: victim.cookie,
      body: {
        username: 'Victim',
        email: victim.email,
        password: 'a-brand-new-password',
        currentPassword: victim.password,
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await works(stolen)).toEqual([false, false, false]);
    // The victim's own session goes on under a new cookie; the old value is dead too.
    expect(await works(victim.cookie)).toEqual([false, false, false]);
    expect(await works(sessionCookie(change))).toEqual([true, true, true]);
    expect((await login(t.app, victim.email, victim.password)).statusCode).toBe(401);
  });

  it('cannot change the email or password without the current password (a copied cookie is not enough)', async () => {
    const victim = await registerUser(t.app);
    const stolen = sessionCookie(await login(t.app, victim.email, victim.password));
    for (const body of [
      { username: 'Thief', email: `thief-${victim.email}` },
      { username: 'Thief', email: victim.email, password: 'thief-password' },
    ]) {
      const response = await call(t.app, 'PUT', '/api/users/profile', { cookie: stolen, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ currentPassword: 'This field is required' });
    }
    expect((await login(t.app, victim.email, victim.password)).statusCode).toBe(200);
  });

  it('stops working after a password reset, as do all other sessions', async () => {
    const victim = await registerUser(t.app);
    const stolen = sessionCookie(await login(t.app, victim.email, victim.password));
    await call(t.app, 'POST', '/api/users/forgot-password', {
      body: { email: victim.email },
      ip: randomIp(),
    });
    const token = await waitForResetToken(t.mails, victim.email);
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    const reset = await call(t.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: 'a-reset-password' },
      ip: randomIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect(await works(stolen)).toEqual([false, false, false]);
    expect(await works(victim.cookie)).toEqual([false, false, false]);
    // The link is single use.
    const again = await call(t.app, 'POST', `/api/users/reset-password/${token}`, {
      body: { password: 'attacker-password' },
      ip: randomIp(),
    });
    expect(again.statusCode).toBe(400);
    expect((await login(t.app, victim.email, 'a-reset-password')).statusCode).toBe(200);
  });

  it('stops working after logout, even if the client keeps it', async () => {
    const user = await registerUser(t.app);
    const copy = sessionCookie(await login(t.app, user.email, user.password));
    expect((await call(t.app, 'POST', '/api/users/logout', { cookie: copy })).statusCode).toBe(200);
    expect(await works(copy)).toEqual([false, false, false]);
    expect(await works(user.cookie)).toEqual([true, true, true]);
  });

  it('secrets are stored only as hashes: session tokens, reset tokens, passwords', async () => {
    const user = await registerUser(t.app, { password: 'plain-text-password' });
    const token = user.cookie.slice('sid='.length);
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.user._id));
    expect(sessions.map((s) => s.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(sessions)).not.toContain(token);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user._id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain('plain-text-password');
    await call(t.app, 'POST', '/api/users/forgot-password', { body: { email: user.email }, ip: randomIp() });
    const resetToken = await waitForResetToken(t.mails, user.email);
    const resets = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user._id));
    expect(resets.map((r) => r.tokenHash)).toEqual([hashToken(resetToken)]);
  });
});

describe('cookies', () => {
  function sidCookie(response: LightMyRequestResponse): string {
    const header = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sid='));
    if (!header) throw new Error(`no sid cookie: ${response.statusCode} ${response.body}`);
    return header;
  }
  const attributes = (header: string) =>
    header
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());

  for (const cookieSecure of [false, true]) {
    it(`are HttpOnly, SameSite=Strict, Path=/, 30 days${cookieSecure ? ', Secure (COOKIE_SECURE)' : ''}`, async () => {
      const t = await makeApp({ cookieSecure });
      const email = uniqueEmail();
      const register = await call(t.app, 'POST', '/api/users', {
        body: { username: 'Flags', email, password: 'secret-password' },
      });
      const signIn = await login(t.app, email, 'secret-password');
      for (const response of [register, signIn]) {
        const header = sidCookie(response);
        const attrs = attributes(header);
        expect(attrs).toContain('httponly');
        expect(attrs).toContain('samesite=strict');
        expect(attrs).toContain('path=/');
        expect(attrs).toContain(`max-age=${30 * 24 * 60 * 60}`);
        expect(attrs.includes('secure')).toBe(cookieSecure);
        expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
        const value = header.slice('sid='.length).split(';')[0];
        expect(value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      }
      const logout = await call(t.app, 'POST', '/api/users/logout', { cookie: sessionCookie(signIn) });
      const cleared = sidCookie(logout);
      expect(cleared).toMatch(/^sid=;/);
      expect(attributes(cleared)).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));
      expect(attributes(cleared).includes('secure')).toBe(cookieSecure);
    });
  }

  it('are Secure in production without COOKIE_SECURE', () => {
    expect(loadConfig(PRODUCTION).cookieSecure).toBe(true);
    expect(loadConfig({}).cookieSecure).toBe(false);
  });
});

describe('cross-site requests', () => {
  let t: AbuseApp;
  let author: TestUser;
  let world: World;
  beforeAll(async () => {
    t = await makeApp({ appUrl: APP_URL });
    author = await registerUser(t.app);
    world = await createWorld(t.app, author);
  });

  const FOREIGN = [
    'https://evil.example',
    'http://localhost:8080', // same host name, another port
    'http://evil.localhost:80',
    'https://workout.example.com.evil.example',
    'null', // sandboxed frames and some redirects
    'not a url',
  ];

  it('every state-changing /api route refuses a foreign Origin with 403, before doing anything', async () => {
    const writes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method),
    );
    expect(writes.length).toBeGreaterThan(10);
    const before = await accountSnapshot(t.app, author.cookie);
    const problems: string[] = [];
    for (const route of writes) {
      const url = route.url
        .replace(':slugLog', world.log.slugLog)
        .replace(':slugExercise', world.wl.slugExercise)
        .replace(':slugSession', world.wls.slugSession)
        .replace(':idOrSlug', world.log._id)
        .replace(':id', world.log._id)
        .replace(':token', 'some-token');
      for (const origin of FOREIGN) {
        const r = await call(t.app, route.method as 'POST', url, {
          cookie: author.cookie,
          headers: { origin },
          body: { title: 'Cross Site', email: author.email, password: 'x-password', username: 'x' },
        });
        if (r.statusCode !== 403 || r.json().message !== 'Cross-site request refused')
          problems.push(
            `${route.method} ${route.url} Origin ${origin} → ${r.statusCode} ${r.body.slice(0, 100)}`,
          );
      }
    }
    expect(problems).toEqual([]);
    expect(await accountSnapshot(t.app, author.cookie)).toEqual(before);
  });

  it('allows the request’s own host, APP_URL’s origin, no Origin at all, and any Origin on reads', async () => {
    const post = (headers: Record<string, string>) =>
      call(t.app, 'POST', '/api/logs', {
        cookie: author.cookie,
        headers,
        body: { title: `Ok ${randomUUID()}` },
      });
    expect((await post({ origin: 'http://localhost:3000', host: 'localhost:3000' })).statusCode).toBe(201);
    expect((await post({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).statusCode).toBe(201);
    expect((await post({ origin: APP_URL })).statusCode).toBe(201);
    expect((await post({})).statusCode).toBe(201);
    const read = await call(t.app, 'GET', '/api/logs', {
      cookie: author.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('also guards sign-in and registration (login CSRF)', async () => {
    const r = await call(t.app, 'POST', '/api/users/login', {
      headers: { origin: 'https://evil.example' },
      body: { email: author.email, password: author.password },
    });
    expect(r.statusCode).toBe(403);
    expect(r.headers['set-cookie']).toBeUndefined();
  });
});

describe('security headers', () => {
  function csp(response: LightMyRequestResponse): Map<string, string[]> {
    const header = String(response.headers['content-security-policy'] ?? '');
    expect(header).not.toBe('');
    return new Map(
      header
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name, values]),
    );
  }

  function expectStrictScripts(policy: Map<string, string[]>) {
    const scripts = policy.get('script-src') ?? policy.get('default-src')!;
    expect(scripts).toContain("'self'");
    for (const bad of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      '*',
      'data:',
      'http:',
      'https:',
    ])
      expect(scripts).not.toContain(bad);
    expect(policy.get('script-src-attr') ?? ["'none'"]).not.toContain("'unsafe-inline'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  }

  it('a CSP with no unsafe-inline script on API answers and on the web app, and other headers', async () => {
    const t = await makeApp({});
    for (const url of ['/api/health', '/api/does-not-exist', '/', '/reset-password/some-token']) {
      const r = await t.app.inject({ method: 'GET', url });
      expectStrictScripts(csp(r));
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      // Reset links carry their token in the URL: it must not leak through Referer.
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('with Turnstile on, scripts may come from Cloudflare only, still no unsafe-inline; HSTS with Secure cookies', async () => {
    const t = await makeApp({
      turnstileSiteKey: 'site-key',
      turnstileSecretKey: 'secret-key',
      cookieSecure: true,
    });
    const r = await t.app.inject({ method: 'GET', url: '/api/config' });
    const policy = csp(r);
    expectStrictScripts(policy);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(r.body).not.toContain('secret-key');
  });

  it.runIf(existsSync(path.join(WEB_DIST, 'index.html')))(
    'the built index.html has no inline script the CSP would block',
    () => {
      const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        if (!/\bsrc=/.test(attrs)) {
          // The theme script (no flash of the wrong theme), allowed by its hash alone.
          expect(`'sha256-${createHash('sha256').update(body).digest('base64')}'`).toBe(THEME_SCRIPT_HASH);
          continue;
        }
        expect(body.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers
    },
  );
});
