import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { ConfigError, defaultPoolSize, loadConfig, turnstileWidgetKey } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  APP_URL: 'https://workouts.example.com',
};

describe('loadConfig', () => {
  it("has docs/api.md §8's defaults, including §2's rate limits", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      appUrl: 'http://localhost:3000',
      cookieSecure: false,
      turnstileSecretKey: undefined,
      turnstileVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    });
    expect(config.rateLimits).toEqual({
      loginFailuresPerEmail: 10,
      loginPerIp: 100,
      registerPerIp: 20,
      forgotPerIp: 20,
      forgotPerEmail: 5,
      resetPerIp: 20,
      emailChangesPerUser: 5,
      writesPerUser: 600,
    });
  });

  it('reads overrides from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_URL: 'https://workouts.example.com/',
      COOKIE_SECURE: 'true',
      RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3',
      RATE_LIMIT_FORGOT_PER_EMAIL: '1',
      RATE_LIMIT_WRITES_PER_USER: '30',
    });
    expect(config.port).toBe(8080);
    expect(config.appUrl).toBe('https://workouts.example.com');
    expect(config.cookieSecure).toBe(true);
    expect(config.rateLimits.loginFailuresPerEmail).toBe(3);
    expect(config.rateLimits.forgotPerEmail).toBe(1);
    expect(config.rateLimits.writesPerUser).toBe(30);
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_USER: '0' })).toThrow(
      /RATE_LIMIT_WRITES_PER_USER: must be greater than 0/,
    );
    expect(loadConfig({ PORT: '4000' }).appUrl).toBe('http://localhost:4000');
  });

  it("accepts PostgreSQL URLs, including libpq's Unix-socket form", () => {
    for (const url of [
      'postgres://user:pw@db.example.com:5432/workouts',
      'postgresql://localhost/workouts',
      'postgres://postgres@/wl_test?host=/var/run/postgresql',
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'localhost' })).toThrow(/DATABASE_URL/);
  });

  it('sizes the PostgreSQL pool at twice the cores unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(defaultPoolSize()).toBe(2 * availableParallelism());
    expect(loadConfig({}).databasePoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const bad of ['0', '-1', '2.5', 'ten', '1001']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('makes cookies Secure in production', () => {
    expect(loadConfig(PRODUCTION).cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('refuses to start in production without SMTP_URL or APP_URL, naming it', () => {
    expect(() => loadConfig({ ...PRODUCTION, SMTP_URL: undefined })).toThrow(/SMTP_URL: must be set/);
    expect(() => loadConfig({ ...PRODUCTION, APP_URL: '' })).toThrow(/APP_URL: must be set/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: must be set.*\n.*APP_URL: must be set/,
    );
    expect(loadConfig({ ...PRODUCTION }).appUrl).toBe('https://workouts.example.com');
    expect(() => loadConfig({ SMTP_URL: undefined })).not.toThrow();
  });

  it('reads TRUST_PROXY as off, on, a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2001:db8::1,2001:db8::/32, ::ffff:10.0.0.1' }).trustProxy).toHaveLength(
      3,
    );
  });

  it('names TRUST_PROXY when an address or a prefix in it is not one (not a crash at start-up)', () => {
    for (const bad of [
      'abc',
      '999.1.1.1',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '10.0.0.0/99',
      '2001:db8::/129',
      '10.0.0.1/8/8',
      '1.2.3.4,,5.6.7.8',
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be true/);
  });

  it('stops with a message naming a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_IP: '0' })).toThrow(/RATE_LIMIT_LOGIN_PER_IP/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/);
  });

  it('shows the Turnstile widget only when both keys are set', () => {
    expect(turnstileWidgetKey(loadConfig({}))).toBeNull();
    expect(turnstileWidgetKey(loadConfig({ TURNSTILE_SITE_KEY: 'site' }))).toBeNull();
    expect(turnstileWidgetKey(loadConfig({ TURNSTILE_SECRET_KEY: 'secret' }))).toBeNull();
    expect(
      turnstileWidgetKey(loadConfig({ TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' })),
    ).toBe('site');
  });
});
