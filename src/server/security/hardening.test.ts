import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { loggable } from '../plugins/errors';
import { call, registerUser, uniqueEmail } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

// docs/api.md §9, the parts answered by the app as a whole: long addresses, caching, proxies,
// and what a 5xx log line may carry.

const LIMITS = {
  loginFailuresPerEmail: 1e9,
  loginPerIp: 2,
  registerPerIp: 1e9,
  forgotPerIp: 1e9,
  forgotPerEmail: 1e9,
  resetPerIp: 1e9,
  emailChangesPerUser: 1e9,
};

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    createTestApp({ rateLimits: LIMITS }),
    createTestApp({ rateLimits: LIMITS, trustProxy: ['127.0.0.1'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

const login = (t: TestApp, forwardedFor: string) =>
  call(t.app, 'POST', '/api/users/login', {
    body: { email: uniqueEmail(), password: 'wrong-password' },
    ip: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('hardening', () => {
  it('answers a path too long to serve with 414 and a plain message', async () => {
    const long = 'a'.repeat(5000);
    // A route parameter, an unknown API path, a web page, a write: all the same answer.
    for (const [method, url] of [
      ['GET', `/api/logs/${long}`],
      ['GET', `/api/${long}`],
      ['GET', `/${long}`],
      ['GET', `/logs/${'%CE%B1'.repeat(900)}`],
      ['POST', `/api/users/login${'/'.repeat(5000)}`],
    ] as const) {
      const response = await call(direct.app, method, url);
      expect(response.statusCode, url.slice(0, 20)).toBe(414);
      expect(response.json()).toEqual({ message: 'The address is too long' });
    }
  });

  it('answers 414 too for an address past what Node reads of a request (16 KB), over a real socket', async () => {
    const server = await createTestApp();
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
      for (const length of [5000, 20_000, 200_000]) {
        const response = await fetch(`${base}/api/logs/${'a'.repeat(length)}`);
        expect(response.status, String(length)).toBe(414);
        expect(await response.json()).toEqual({ message: 'The address is too long' });
      }
      // Headers too large with a short address are not the address's fault.
      const headers = await fetch(`${base}/api/health`, { headers: { 'x-big': 'b'.repeat(20_000) } });
      expect(headers.status).toBe(431);
      expect(await headers.json()).toEqual({ message: 'The request headers are too large' });
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('sends Cache-Control: no-store on API answers, signed in or not', async () => {
    const { cookie, email: ownEmail } = await registerUser(direct.app);
    for (const [url, c] of [
      ['/api/users/profile', cookie],
      ['/api/logs', cookie],
      ['/api/logs', undefined],
    ] as const) {
      const response = await call(direct.app, 'GET', url, { cookie: c });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // The answers that carry the account itself (docs/api.md §9): register, login, profile update.
    const email = uniqueEmail();
    const body = { username: 'Cached', email, password: 'secret-password' };
    const registered = await call(direct.app, 'POST', '/api/users', { body, ip: '10.1.1.1' });
    const loggedIn = await call(direct.app, 'POST', '/api/users/login', { body, ip: '10.1.1.2' });
    const updated = await call(direct.app, 'PUT', '/api/users/profile', {
      cookie,
      body: { username: 'Renamed', email: ownEmail },
    });
    for (const response of [registered, loggedIn, updated])
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    expect([registered.statusCode, loggedIn.statusCode, updated.statusCode]).toEqual([201, 200, 200]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    // Untrusted: every request is the socket's address, whatever the header claims.
    const untrusted = [await login(direct, '198.51.100.1'), await login(direct, '198.51.100.2')];
    expect(untrusted.map((r) => r.statusCode)).toEqual([401, 401]);
    expect((await login(direct, '198.51.100.3')).statusCode).toBe(429);
    // Trusted proxy: each client its own limit.
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect((await login(proxied, client)).statusCode).toBe(401);
    expect((await login(proxied, '198.51.100.1')).statusCode).toBe(401);
    expect((await login(proxied, '198.51.100.1')).statusCode).toBe(429);
  });

  it('limits IPv6 clients per /64', async () => {
    expect((await login(proxied, '2001:db8:7:7::1')).statusCode).toBe(401);
    expect((await login(proxied, '2001:db8:7:7::2')).statusCode).toBe(401);
    expect((await login(proxied, '2001:db8:7:7:ffff::3')).statusCode).toBe(429);
    expect((await login(proxied, '2001:db8:7:8::1')).statusCode).toBe(401);
  });

  it('logs a failed query by its database code and message, never its parameters', () => {
    const query = Object.assign(
      new Error('Failed query: insert into users …\nparams: secret@example.com,hash'),
      {
        query: 'insert into users …',
        params: ['secret@example.com', 'hash'],
        cause: Object.assign(new Error('value too long for type character varying(5)'), { code: '22001' }),
      },
    );
    const line = JSON.stringify(loggable(query as never));
    expect(line).toContain('22001');
    expect(line).not.toContain('secret@example.com');
    const bare = Object.assign(new Error('Failed query: select $1\nparams: secret@example.com'), {
      params: ['secret@example.com'],
    });
    expect(JSON.stringify(loggable(bare as never))).not.toContain('secret@example.com');
  });
});

describe('background failures in the log', () => {
  it('logs a failed email of forgot-password by code and message, never the query parameters', async () => {
    const lines: string[] = [];
    const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: ':memory:' });
    const database = await openDatabase(config);
    const app = await buildApp({
      config: { ...config, rateLimits: LIMITS },
      database,
      rateLimitScope: `${crypto.randomUUID()}:`,
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
      mailer: {
        async send(mail) {
          // As drizzle throws a failed query: its message and `params` carry the values.
          throw Object.assign(new Error(`Failed query: update …\nparams: ${mail.to}`), {
            params: [mail.to],
            cause: Object.assign(new Error('the database went away'), { code: '57P01' }),
          });
        },
      },
    });
    try {
      const { email } = await registerUser(app);
      const response = await call(app, 'POST', '/api/users/forgot-password', { body: { email } });
      expect(response.statusCode).toBe(200);
      await app.close(); // waits for background work
      const failed = lines.filter((l) => l.includes('background task failed'));
      expect(failed).toHaveLength(1);
      expect(failed[0]).toContain('57P01');
      expect(failed[0]).not.toContain(email);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// With DATABASE_URL the limits live in PostgreSQL: two app instances on one database enforce one
// limit (CI runs this file on PostgreSQL; on PGlite each app has its own database).
describe.runIf(process.env.DATABASE_URL)('rate limits across instances', () => {
  it('counts failed logins of one account on every instance together', async () => {
    const limits = { ...LIMITS, loginFailuresPerEmail: 3, loginPerIp: 1e9 };
    const shared = { rateLimitScope: `${crypto.randomUUID()}:` };
    const [a, b] = await Promise.all([
      createTestApp({ rateLimits: limits }, shared),
      createTestApp({ rateLimits: limits }, shared),
    ]);
    try {
      const { email } = await registerUser(a.app);
      const wrong = (t: TestApp) =>
        call(t.app, 'POST', '/api/users/login', { body: { email, password: 'wrong-password' } });
      const statuses = [];
      for (const t of [a, b, a, b, a]) statuses.push((await wrong(t)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
