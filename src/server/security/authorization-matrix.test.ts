/**
 * The authorization matrix (docs/security.md), generated from the server's own route table:
 * every /api route × {anonymous, a stranger, a look-alike user, the author}. A route without an
 * entry below fails the test, so a new route cannot ship unchecked.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../db/schema';
import { totpCode } from '../features/users/two-factor.totp';
import { hashToken } from '../lib/tokens';
import { call, randomIp, registerUser, sessionCookie, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { accountSnapshot, createWorld, type World, worldIds } from './world';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** What a signed-in user who is not the author gets: a 404 naming the kind, or their own data. */
type Outcome =
  | 'Log not found'
  | 'Exercise not found'
  | 'Session not found'
  | 'Workout not found'
  | 'Routine not found'
  | 'Item not found'
  | 'own';

interface Fixture {
  /** Values for the route's `:params`, taken from the world the call acts on. */
  params?: (w: World) => Record<string, string>;
  query?: string;
  /** A valid body for `caller` acting on `w` (made by requests of its own where it must be). */
  body?: (w: World, caller: TestUser) => unknown;
  /** A user with no records of their own. */
  stranger: Outcome;
  /** A user who owns a log and exercises with the author's slugs (but none of their ids or sessions). */
  lookalike: Outcome;
  /** Ends the caller's own account or sessions: each role is played by a new account of its own. */
  throwaway?: boolean;
  author: {
    status: 200 | 201;
    /** Destructive: act on a new world of the same author, so the shared one stays whole. */
    fresh?: boolean;
    check?: (response: LightMyRequestResponse, w: World) => void;
  };
}

const NOT_AUTHORIZED = { message: 'Not authorized, please log in' };
const FORGOT_ANSWER = 'If that email is registered, a reset link is on its way';
let titleCounter = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${(titleCounter += 1)} ${randomInt(1_000_000)}`;

const logParams = (w: World) => ({ slugLog: w.log.slugLog });
const wlParams = (w: World) => ({ slugLog: w.log.slugLog, slugExercise: w.wl.slugExercise });
const paParams = (w: World) => ({ slugLog: w.log.slugLog, slugExercise: w.pa.slugExercise });
const wlBody = () => ({
  createdDate: '2026-05-04',
  set: [
    { repetitions: 5, kilograms: 102.5, isHard: true },
    { repetitions: 12, kilograms: 20, isHard: false },
  ],
});
const paBody = () => ({
  createdDate: '2026-05-04',
  time: { hours: 1, minutes: 2, seconds: 3 },
  distance: 12.34,
});
/** The TOTP secret each caller's authenticator app holds, once 2FA is on for them. */
const secrets = new Map<string, string>();
/** Turns two-factor sign-in on for `caller` (set-up, then a code): the secret their app holds. */
async function twoFactorSecret(caller: TestUser): Promise<string> {
  const known = secrets.get(caller.email);
  if (known) return known;
  const setup = await send('POST', '/api/users/2fa/setup', {
    cookie: caller.cookie,
    body: { currentPassword: caller.password },
  });
  const { secret } = setup.json() as { secret: string };
  await send('POST', '/api/users/2fa/enable', {
    cookie: caller.cookie,
    body: { code: totpCode(secret, Date.now() / 1000) },
  });
  secrets.set(caller.email, secret);
  return secret;
}

const returnsId = (pick: (w: World) => string) => (response: LightMyRequestResponse, w: World) =>
  expect(response.json()._id).toBe(pick(w));

/** Keyed by `${method} ${url}` exactly as the route table lists it. */
const FIXTURES: Record<string, Fixture> = {
  'GET /api/logs': {
    query: '?limit=100',
    stranger: 'own',
    lookalike: 'own',
    author: {
      status: 200,
      check: (r, w) => expect(r.json().logs.map((l: { _id: string }) => l._id)).toContain(w.log._id),
    },
  },
  'POST /api/logs': {
    body: () => ({ title: uniqueTitle('New Log') }),
    stranger: 'own',
    lookalike: 'own',
    author: { status: 201 },
  },
  'GET /api/logs/edit/:id': {
    params: (w) => ({ id: w.log._id }),
    stranger: 'Log not found',
    lookalike: 'Log not found',
    author: { status: 200, check: returnsId((w) => w.log._id) },
  },
  'PUT /api/logs/edit/:id': {
    params: (w) => ({ id: w.log._id }),
    body: () => ({ title: uniqueTitle('Renamed Log') }),
    stranger: 'Log not found',
    lookalike: 'Log not found',
    author: { status: 200, fresh: true, check: returnsId((w) => w.log._id) },
  },
  'GET /api/logs/:slugLog': {
    params: logParams,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 200, check: (r, w) => expect(r.json().log._id).toBe(w.log._id) },
  },
  'DELETE /api/logs/:idOrSlug': {
    params: (w) => ({ idOrSlug: w.log._id }),
    stranger: 'Log not found',
    lookalike: 'Log not found',
    author: { status: 200, fresh: true },
  },
  'POST /api/logs/:slugLog/exercises': {
    params: logParams,
    body: () => ({ title: uniqueTitle('New Exercise'), session: 'wlsession' }),
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 201, check: (r, w) => expect(r.json().log).toBe(w.log._id) },
  },
  'GET /api/logs/:slugLog/exercises/edit/:id': {
    params: (w) => ({ slugLog: w.log.slugLog, id: w.wl._id }),
    stranger: 'Log not found',
    lookalike: 'Exercise not found',
    author: { status: 200, check: returnsId((w) => w.wl._id) },
  },
  'PUT /api/logs/:slugLog/exercises/edit/:id': {
    params: (w) => ({ slugLog: w.log.slugLog, id: w.pa._id }),
    body: () => ({ title: uniqueTitle('Renamed Exercise') }),
    stranger: 'Log not found',
    lookalike: 'Exercise not found',
    author: { status: 200, fresh: true, check: returnsId((w) => w.pa._id) },
  },
  'GET /api/logs/:slugLog/exercises/:slugExercise': {
    params: wlParams,
    stranger: 'Log not found',
    lookalike: 'own',
    author: {
      status: 200,
      check: (r, w) => expect(r.json().latestWlsession[0].wlsessions._id).toBe(w.wls._id),
    },
  },
  'GET /api/logs/:slugLog/exercises/:slugExercise/progress': {
    params: paParams,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json().points).toHaveLength(1) },
  },
  'GET /api/logs/:slugLog/exercises/:slugExercise/records': {
    params: wlParams,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json().records.heaviest).not.toBeNull() },
  },
  'GET /api/activity': {
    query: '?from=2026-01-01&to=2026-12-31',
    stranger: 'own',
    lookalike: 'own',
    author: {
      status: 200,
      check: (r, w) =>
        expect(r.json().days.map((d: { date: string }) => d.date)).toContain(w.wls.createdDate),
    },
  },
  'GET /api/days': {
    stranger: 'own',
    lookalike: 'own',
    author: {
      status: 200,
      check: (r, w) =>
        expect(r.json().days.map((d: { date: string }) => d.date)).toContain(w.wls.createdDate),
    },
  },
  'GET /api/days/:date': {
    params: (w) => ({ date: w.wls.createdDate }),
    stranger: 'own',
    lookalike: 'own',
    author: {
      status: 200,
      check: (r, w) =>
        expect(r.json().sessions.map((s: { wlsession?: { _id: string } }) => s.wlsession?._id)).toContain(
          w.wls._id,
        ),
    },
  },
  'GET /api/trash': {
    stranger: 'own',
    lookalike: 'own',
    author: {
      status: 200,
      check: (r, w) => expect(r.json().items.map((i: { _id: string }) => i._id)).toContain(w.trashed._id),
    },
  },
  'POST /api/trash/:id/restore': {
    params: (w) => ({ id: w.trashed._id }),
    stranger: 'Item not found',
    lookalike: 'Item not found',
    author: { status: 200, fresh: true },
  },
  'DELETE /api/trash/:id': {
    params: (w) => ({ id: w.trashed._id }),
    stranger: 'Item not found',
    lookalike: 'Item not found',
    author: { status: 200, fresh: true },
  },
  'DELETE /api/logs/:slugLog/exercises/:slugExercise': {
    params: wlParams,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 200, fresh: true },
  },
  'POST /api/logs/:slugLog/exercises/:slugExercise/wlsessions': {
    params: wlParams,
    body: wlBody,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 201, check: (r, w) => expect(r.json().exercise).toBe(w.wl._id) },
  },
  'GET /api/logs/:slugLog/exercises/:slugExercise/wlsessions/edit/:id': {
    params: (w) => ({ ...wlParams(w), id: w.wls._id }),
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, check: returnsId((w) => w.wls._id) },
  },
  'PUT /api/logs/:slugLog/exercises/:slugExercise/wlsessions/edit/:id': {
    params: (w) => ({ ...wlParams(w), id: w.wls._id }),
    body: wlBody,
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, fresh: true, check: (r) => expect(r.json().totalVolume).toBe(752.5) },
  },
  'GET /api/logs/:slugLog/exercises/:slugExercise/wlsessions/:slugSession': {
    params: (w) => ({ ...wlParams(w), slugSession: w.wls.slugSession }),
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, check: (r, w) => expect(r.json().wlsession._id).toBe(w.wls._id) },
  },
  'DELETE /api/logs/:slugLog/exercises/:slugExercise/wlsessions/:slugSession': {
    params: (w) => ({ ...wlParams(w), slugSession: w.wls.slugSession }),
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, fresh: true },
  },
  'POST /api/logs/:slugLog/exercises/:slugExercise/pasessions': {
    params: paParams,
    body: paBody,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 201, check: (r, w) => expect(r.json().exercise).toBe(w.pa._id) },
  },
  'GET /api/logs/:slugLog/exercises/:slugExercise/pasessions/edit/:id': {
    params: (w) => ({ ...paParams(w), id: w.pas._id }),
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, check: returnsId((w) => w.pas._id) },
  },
  'PUT /api/logs/:slugLog/exercises/:slugExercise/pasessions/edit/:id': {
    params: (w) => ({ ...paParams(w), id: w.pas._id }),
    body: paBody,
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, fresh: true, check: (r) => expect(r.json().distance).toBe(12.34) },
  },
  'GET /api/logs/:slugLog/exercises/:slugExercise/pasessions/:slugSession': {
    params: (w) => ({ ...paParams(w), slugSession: w.pas.slugSession }),
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, check: (r, w) => expect(r.json().pasession._id).toBe(w.pas._id) },
  },
  'DELETE /api/logs/:slugLog/exercises/:slugExercise/pasessions/:slugSession': {
    params: (w) => ({ ...paParams(w), slugSession: w.pas.slugSession }),
    stranger: 'Log not found',
    lookalike: 'Session not found',
    author: { status: 200, fresh: true },
  },
  'GET /api/logs/:slugLog/workouts': {
    params: logParams,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 200, check: (r, w) => expect(r.json().workouts[0]._id).toBe(w.workout._id) },
  },
  'POST /api/logs/:slugLog/workouts': {
    params: logParams,
    body: (w) => ({ createdDate: '2026-05-04', entries: [{ slugExercise: w.wl.slugExercise, ...wlBody() }] }),
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 201, check: (r, w) => expect(r.json().workout.log).toBe(w.log._id) },
  },
  'GET /api/logs/:slugLog/workouts/:id': {
    params: (w) => ({ ...logParams(w), id: w.workout._id }),
    stranger: 'Log not found',
    lookalike: 'Workout not found',
    author: { status: 200, check: (r, w) => expect(r.json().workout._id).toBe(w.workout._id) },
  },
  'PUT /api/logs/:slugLog/workouts/:id': {
    params: (w) => ({ ...logParams(w), id: w.workout._id }),
    body: (w) => ({ createdDate: '2026-02-01', entries: [{ slugExercise: w.wl.slugExercise, ...wlBody() }] }),
    stranger: 'Log not found',
    lookalike: 'Workout not found',
    author: { status: 200, fresh: true, check: (r) => expect(r.json().workout.totalVolume).toBe(752.5) },
  },
  'DELETE /api/logs/:slugLog/workouts/:id': {
    params: (w) => ({ ...logParams(w), id: w.workout._id }),
    stranger: 'Log not found',
    lookalike: 'Workout not found',
    author: { status: 200, fresh: true },
  },
  'GET /api/logs/:slugLog/routines': {
    params: logParams,
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 200, check: (r, w) => expect(r.json().routines[0]._id).toBe(w.routine._id) },
  },
  'POST /api/logs/:slugLog/routines': {
    params: logParams,
    body: (w) => ({ title: 'Push', entries: [{ slugExercise: w.pa.slugExercise }] }),
    stranger: 'Log not found',
    lookalike: 'own',
    author: { status: 201, check: (r, w) => expect(r.json().routine.log).toBe(w.log._id) },
  },
  'GET /api/logs/:slugLog/routines/:id': {
    params: (w) => ({ ...logParams(w), id: w.routine._id }),
    stranger: 'Log not found',
    lookalike: 'Routine not found',
    author: { status: 200, check: (r, w) => expect(r.json().routine._id).toBe(w.routine._id) },
  },
  'PUT /api/logs/:slugLog/routines/:id': {
    params: (w) => ({ ...logParams(w), id: w.routine._id }),
    body: (w) => ({ title: 'Renamed', entries: [{ slugExercise: w.pa.slugExercise }] }),
    stranger: 'Log not found',
    lookalike: 'Routine not found',
    author: { status: 200, fresh: true, check: (r) => expect(r.json().routine.title).toBe('Renamed') },
  },
  'DELETE /api/logs/:slugLog/routines/:id': {
    params: (w) => ({ ...logParams(w), id: w.routine._id }),
    stranger: 'Log not found',
    lookalike: 'Routine not found',
    author: { status: 200, fresh: true },
  },
  'GET /api/users/profile': {
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r, w) => expect(r.json()._id).toBe(w.user.user._id) },
  },
  'PUT /api/users/profile': {
    body: (_w, caller) => ({ username: 'Renamed User', email: caller.email, password: '' }),
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json().username).toBe('Renamed User') },
  },
  'GET /api/users/sessions': {
    stranger: 'own',
    lookalike: 'own',
    author: {
      status: 200,
      check: (r) => expect(r.json().sessions.some((d: { current: boolean }) => d.current)).toBe(true),
    },
  },
  'DELETE /api/users/sessions/:id': {
    // Another sign-in of the author's: its id, which no one else's session has.
    params: () => ({ id: authorOtherDevice }),
    stranger: 'Session not found',
    lookalike: 'Session not found',
    author: { status: 200, check: (r) => expect(r.json()).toEqual({ message: 'Signed out of that device' }) },
  },
  'POST /api/users/sessions/revoke-others': {
    throwaway: true,
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200 },
  },
  'POST /api/users/2fa/setup': {
    body: (_w, caller) => ({ currentPassword: caller.password }),
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json().otpauthUrl).toContain('otpauth://totp/') },
  },
  'POST /api/users/2fa/enable': {
    // A code of the caller's own new set-up (made here, as the app would show it).
    body: async (_w, caller) => {
      const setup = await send('POST', '/api/users/2fa/setup', {
        cookie: caller.cookie,
        body: { currentPassword: caller.password },
      });
      const secret = setup.statusCode === 200 ? (setup.json() as { secret: string }).secret : 'A'.repeat(32);
      secrets.set(caller.email, secret);
      return { code: totpCode(secret, Date.now() / 1000) };
    },
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json().recoveryCodes).toHaveLength(10) },
  },
  'POST /api/users/2fa/disable': {
    // The next step's code: the one that turned 2FA on is spent.
    body: async (_w, caller) => ({
      currentPassword: caller.password,
      code: totpCode(await twoFactorSecret(caller), Date.now() / 1000 + 30),
    }),
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json().message).toBe('Two-factor authentication is off') },
  },
  'GET /api/auth/oidc/link': {
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json()).toEqual({ linked: false, passwordSet: true }) },
  },
  'DELETE /api/auth/oidc/link': {
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200 },
  },
  'DELETE /api/users/profile': {
    body: (_w, caller) => ({ currentPassword: caller.password }),
    throwaway: true,
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json()).toEqual({ message: 'Account deleted' }) },
  },
  'GET /api/export.json': {
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r, w) => expect(r.body).toContain(w.wls._id) },
  },
  'GET /api/export.csv': {
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r, w) => expect(r.body).toContain(w.log.title) },
  },
  'POST /api/import': {
    query: '?source=json',
    body: () => ({
      format: 'workout-log',
      version: 1,
      logs: [
        {
          title: uniqueTitle('Imported'),
          exercises: [{ title: 'Bench', session: 'wlsession', sessions: [wlBody()] }],
        },
      ],
    }),
    stranger: 'own',
    lookalike: 'own',
    author: { status: 200, check: (r) => expect(r.json()).toMatchObject({ logs: 1, sessions: 1 }) },
  },
};

let t: TestApp;
let author: TestUser;
let world: World;
/** The id of a second session of the author's (Devices). */
let authorOtherDevice: string;
let apiRoutes: { method: Method; url: string; key: string }[];
let privateRoutes: typeof apiRoutes;
const covered = { anonymous: 0, stranger: 0, lookalike: 0, author: 0, public: 0, requests: 0 };

/** Public routes, each with its anonymous behaviour asserted. */
/** The API's documentation (plugins/openapi.ts): public, the same for everyone, no user data. */
const DOCS = [
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
];

const PUBLIC: Record<string, () => Promise<void>> = {
  ...Object.fromEntries(
    DOCS.map((key) => [
      key,
      async () => {
        const url = key.slice(4).replace('*', 'swagger-ui.css');
        const r = await send('GET', url);
        expect(r.statusCode, key).toBeLessThan(400);
        expect(r.body).not.toContain(author.email);
      },
    ]),
  ),
  'GET /api/health': async () => {
    const r = await send('GET', '/api/health');
    expect([r.statusCode, r.json()]).toEqual([200, { status: 'ok' }]);
  },
  'GET /api/config': async () => {
    const r = await send('GET', '/api/config');
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json()).sort()).toEqual([
      'contactEmail',
      'oidcName',
      'portfolioUrl',
      'registration',
      'turnstileSiteKey',
    ]);
  },
  'POST /api/users': async () => {
    const email = `matrix-${randomInt(1e9)}@test.io`;
    const r = await send('POST', '/api/users', {
      body: { username: 'Public', email, password: 'secret-password', isAdmin: true, _id: 'forged' },
      ip: randomIp(),
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ username: 'Public', email, isAdmin: false });
    expect(r.json()._id).not.toBe('forged');
    expect(sessionCookie(r)).toMatch(/^sid=/);
  },
  'POST /api/users/login': async () => {
    const r = await send('POST', '/api/users/login', {
      body: { email: author.email, password: author.password },
      ip: randomIp(),
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()._id).toBe(author.user._id);
    expect(sessionCookie(r)).toMatch(/^sid=/);
  },
  'POST /api/users/login/2fa': async () => {
    const r = await send('POST', '/api/users/login/2fa', { body: { code: '123456' }, ip: randomIp() });
    expect([r.statusCode, r.json()]).toEqual([401, { message: 'Sign in again' }]);
  },
  // The provider is set but not answering here (oidc.test.ts runs the flow against a real one).
  'GET /api/auth/oidc/start': async () => {
    const r = await send('GET', '/api/auth/oidc/start');
    expect([r.statusCode, r.headers.location]).toEqual([302, '/login?oidc=failed']);
  },
  'GET /api/auth/oidc/callback': async () => {
    const r = await send('GET', '/api/auth/oidc/callback?code=stolen&state=guessed');
    expect([r.statusCode, r.headers.location]).toEqual([302, '/login?oidc=expired']);
    expect(r.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  },
  'POST /api/users/logout': async () => {
    const r = await send('POST', '/api/users/logout');
    expect([r.statusCode, r.json()]).toEqual([200, { message: 'Logged out successfully' }]);
  },
  'POST /api/users/forgot-password': async () => {
    const r = await send('POST', '/api/users/forgot-password', {
      body: { email: author.email },
      ip: randomIp(),
    });
    expect([r.statusCode, r.json()]).toEqual([200, { message: FORGOT_ANSWER }]);
  },
  'POST /api/users/reset-password/:token': async () => {
    const bogus = await send('POST', '/api/users/reset-password/not-a-token', {
      body: { password: 'another-password' },
      ip: randomIp(),
    });
    expect([bogus.statusCode, bogus.json()]).toEqual([400, { message: 'Invalid or expired reset link' }]);
    // A real link works once, without a session (the forgot-password call above sent it).
    const user = await registerUser(t.app);
    await send('POST', '/api/users/forgot-password', { body: { email: user.email }, ip: randomIp() });
    const link = await waitForMail(user.email);
    const token = link.split('/reset-password/')[1];
    const ok = await send('POST', `/api/users/reset-password/${token}`, {
      body: { password: 'a-new-password' },
      ip: randomIp(),
    });
    expect([ok.statusCode, ok.json()]).toEqual([200, { message: 'Password reset successful' }]);
  },
};

async function waitForMail(to: string): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const mail = t.mails.find((m) => m.to === to);
    if (mail) return /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.text)![0];
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no reset mail for ${to}`);
}

function send(method: Method, url: string, options: Parameters<typeof call>[3] = {}) {
  covered.requests += 1;
  return call(t.app, method, url, options);
}

/** The route's URL with its params filled in; every `:param` must get a value. */
function concreteUrl(pattern: string, fixture: Fixture, w: World): string {
  const values = fixture.params?.(w) ?? {};
  const url = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern}: the fixture gives no value for :${name}`);
    return encodeURIComponent(value);
  });
  return `${url}${fixture.query ?? ''}`;
}

beforeAll(async () => {
  // A provider that does not answer (port 9, discard): the link routes work without it.
  t = await createTestApp({ oidc: { issuer: 'http://127.0.0.1:9', clientId: 'matrix', name: 'Matrix ID' } });
  author = await registerUser(t.app, { username: 'Author' });
  world = await createWorld(t.app, author, { log: 'Training', wl: 'Squat', pa: 'Run' });
  const other = sessionCookie(
    await call(t.app, 'POST', '/api/users/login', {
      body: { email: author.email, password: author.password },
      ip: randomIp(),
    }),
  );
  const devices = (await call(t.app, 'GET', '/api/users/sessions', { cookie: other })).json();
  authorOtherDevice = devices.sessions.find((d: { current: boolean }) => d.current)._id;
  apiRoutes = t.app.routeTable
    .filter((r) => r.url === '/api' || r.url.startsWith('/api/'))
    .map((r) => ({ method: r.method as Method, url: r.url, key: `${r.method} ${r.url}` }));
  privateRoutes = apiRoutes.filter((r) => !(r.key in PUBLIC));
});
afterAll(async () => {
  const privateCount = privateRoutes?.length ?? 0;
  const publicCount = (apiRoutes?.length ?? 0) - privateCount;
  const cases = covered.anonymous + covered.stranger + covered.lookalike + covered.author + covered.public;
  console.log(
    `authorization matrix: ${privateCount} private routes × 4 roles (anonymous, stranger, look-alike, author)` +
      ` + ${publicCount} public routes = ${cases} route×role cases, ${covered.requests} requests`,
  );
  await t?.close();
});

describe('the route table', () => {
  it('has a fixture or a public entry for every /api route, and no stale entries', () => {
    const keys = apiRoutes.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    const missing = keys.filter((k) => !(k in FIXTURES) && !(k in PUBLIC));
    expect(missing, 'routes with no entry in the authorization matrix: add them to FIXTURES').toEqual([]);
    const stale = [...Object.keys(FIXTURES), ...Object.keys(PUBLIC)].filter((k) => !keys.includes(k));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
    expect(Object.keys(PUBLIC).filter((k) => k in FIXTURES)).toEqual([]);
    expect(privateRoutes.length).toBe(Object.keys(FIXTURES).length);
  });
});

describe('public routes', () => {
  it('answer anonymous callers as docs/api.md says', async () => {
    for (const route of apiRoutes.filter((r) => r.key in PUBLIC)) {
      await PUBLIC[route.key]();
      covered.public += 1;
    }
    expect(covered.public).toBe(Object.keys(PUBLIC).length);
  });
});

describe('anonymous callers', () => {
  it('get 401 Not authorized on every private route (no cookie, forged, logged out, expired, HEAD)', async () => {
    // A session ended by logout, and one past its expiry: both must be dead cookies.
    const loggedOut = sessionCookie(
      await send('POST', '/api/users/login', {
        body: { email: author.email, password: author.password },
        ip: randomIp(),
      }),
    );
    await send('POST', '/api/users/logout', { cookie: loggedOut });
    const expired = sessionCookie(
      await send('POST', '/api/users/login', {
        body: { email: author.email, password: author.password },
        ip: randomIp(),
      }),
    );
    await t.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.tokenHash, hashToken(expired.slice('sid='.length))));
    const cookies = [undefined, 'sid=forged-token-value', 'sid=', loggedOut, expired];

    const before = await accountSnapshot(t.app, author.cookie);
    const problems: string[] = [];
    for (const route of privateRoutes) {
      const fixture = FIXTURES[route.key];
      const url = concreteUrl(route.url, fixture, world);
      const body = await fixture.body?.(world, author);
      for (const cookie of cookies) {
        const r = await send(route.method, url, { cookie, body });
        if (r.statusCode !== 401 || r.body !== JSON.stringify(NOT_AUTHORIZED))
          problems.push(`${route.key} [${cookie ?? 'no cookie'}] → ${r.statusCode} ${r.body.slice(0, 120)}`);
      }
      if (route.method === 'GET') {
        const head = await t.app.inject({ method: 'HEAD', url });
        covered.requests += 1;
        if (head.statusCode !== 401) problems.push(`HEAD ${route.url} → ${head.statusCode}`);
      }
      covered.anonymous += 1;
    }
    expect(problems).toEqual([]);
    expect(await accountSnapshot(t.app, author.cookie)).toEqual(before);
  });
});

/** Calls every private route on the author's world as `caller`; the author's data must not move. */
async function probeAs(role: 'stranger' | 'lookalike', makeCaller: () => Promise<TestUser>) {
  const authorIds = worldIds(world);
  const before = await accountSnapshot(t.app, author.cookie);
  const problems: string[] = [];
  for (const route of privateRoutes) {
    const fixture = FIXTURES[route.key];
    const caller = fixture.throwaway ? await registerUser(t.app) : await makeCaller();
    const url = concreteUrl(route.url, fixture, world);
    const body = await fixture.body?.(world, caller);
    const r = await send(route.method, url, { cookie: caller.cookie, body });
    const expected = fixture[role];
    const label = `${role} ${route.key}`;
    if (expected === 'own') {
      if (r.statusCode < 200 || r.statusCode >= 300) problems.push(`${label} → ${r.statusCode} ${r.body}`);
      const leaked = authorIds.filter((id) => r.body.includes(id));
      if (leaked.length || r.body.includes(author.email))
        problems.push(`${label} reveals the author's records: ${leaked.join(', ')}`);
    } else if (r.statusCode !== 404 || r.body !== JSON.stringify({ message: expected })) {
      problems.push(`${label} → ${r.statusCode} ${r.body.slice(0, 120)}, expected 404 ${expected}`);
    }
    const after = await accountSnapshot(t.app, author.cookie);
    try {
      expect(after).toEqual(before);
    } catch {
      problems.push(`${label} changed the author's data`);
    }
    covered[role] += 1;
  }
  expect(problems).toEqual([]);
}

describe('another signed-in user', () => {
  it("gets 404 naming the kind on every route under the author's log, and changes nothing", async () => {
    const stranger = await registerUser(t.app, { username: 'Stranger' });
    await probeAs('stranger', async () => stranger);
  });

  it('who owns look-alike slugs reaches only their own records, and changes nothing', async () => {
    // A fresh look-alike per route: their own deletes and creates must not colour the next route.
    await probeAs('lookalike', async () => {
      const lookalike = await registerUser(t.app, { username: 'Lookalike' });
      const mirror = await createWorld(t.app, lookalike, { log: 'Training', wl: 'Squat', pa: 'Run' });
      for (const kind of ['wlsessions', 'pasessions'] as const) {
        // The mirror's own sessions go: "Session not found" must not depend on the slug being free.
        const exercise = kind === 'wlsessions' ? mirror.wl : mirror.pa;
        const session = kind === 'wlsessions' ? mirror.wls : mirror.pas;
        const r = await send(
          'DELETE',
          `/api/logs/${mirror.log.slugLog}/exercises/${exercise.slugExercise}/${kind}/${session.slugSession}`,
          { cookie: lookalike.cookie },
        );
        expect(r.statusCode).toBe(200);
      }
      expect([mirror.log.slugLog, mirror.wl.slugExercise, mirror.pa.slugExercise]).toEqual([
        world.log.slugLog,
        world.wl.slugExercise,
        world.pa.slugExercise,
      ]);
      return lookalike;
    });
  });
});

describe('the author', () => {
  it('succeeds on every private route', async () => {
    const problems: string[] = [];
    for (const route of privateRoutes) {
      const fixture = FIXTURES[route.key];
      const w = fixture.author.fresh ? await createWorld(t.app, author) : world;
      const url = concreteUrl(route.url, fixture, w);
      const caller = fixture.throwaway ? await registerUser(t.app) : author;
      const body = await fixture.body?.(w, caller);
      const r = await send(route.method, url, { cookie: caller.cookie, body });
      if (r.statusCode !== fixture.author.status) {
        problems.push(`${route.key} → ${r.statusCode} ${r.body.slice(0, 200)}`);
      } else {
        try {
          fixture.author.check?.(r, w);
        } catch (error) {
          problems.push(`${route.key}: ${(error as Error).message}`);
        }
      }
      covered.author += 1;
    }
    expect(problems).toEqual([]);
    const cases = covered.anonymous + covered.stranger + covered.lookalike + covered.author + covered.public;
    expect(cases).toBe(privateRoutes.length * 4 + (apiRoutes.length - privateRoutes.length));
  });
});
