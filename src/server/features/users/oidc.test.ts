import type { LightMyRequestResponse } from 'fastify';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { call, randomIp, registerUser, sessionCookie, uniqueEmail } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The whole authorization code flow against a real OpenID provider (the `oidc-provider`
// package) on a loopback port: the test plays the browser, following the redirects between the
// app (app.inject) and the provider (fetch), each with its own cookies.

const CLIENT_ID = 'workout-log';
const CLIENT_SECRET = 'test-client-secret';
const APP_URL = 'http://localhost:3000'; // the test app's default APP_URL
const CALLBACK = `${APP_URL}/api/auth/oidc/callback`;

interface Person {
  email?: string;
  email_verified?: boolean;
  name?: string;
}
/** The provider's accounts, by `sub`. */
const people = new Map<string, Person>();
/** Who signs in at the provider's login screen next. */
let signingIn = '';

let issuer: string;
let server: Server;
let t: TestApp;
let plain: TestApp;

async function startProvider(): Promise<void> {
  // Made once the port (its issuer) is known; the server answers 503 until then.
  const made: { provider?: Provider } = {};
  server = createServer((req, res) => {
    const provider = made.provider;
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) {
      // The provider's login and consent screens, answered at once for `signingIn`.
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({
          accountId: signingIn,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: signingIn }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  made.provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Name and email in the ID token itself, as Keycloak, Authentik and Google put them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
  } as ConstructorParameters<typeof Provider>[1]);
}

beforeAll(async () => {
  await startProvider();
  t = await createTestApp({
    oidc: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, name: 'Test ID' },
  });
  plain = await createTestApp();
});

afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
  await new Promise((resolve) => server?.close(resolve));
});

/** A browser's cookies for the provider's site. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function location(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

/** `oidc_flow=<token>` from the start's answer. */
function flowCookie(response: LightMyRequestResponse): string {
  const flow = response.cookies.find((c) => c.name === 'oidc_flow');
  if (!flow?.value) throw new Error(`no flow cookie in ${response.statusCode}`);
  return `oidc_flow=${flow.value}`;
}

/**
 * Start at the app, sign in at the provider as `sub`, and stop where the provider sends the
 * browser back: the callback's path and query, and the flow cookie the app set.
 */
async function throughProvider(sub: string, options: { cookie?: string; link?: boolean } = {}) {
  signingIn = sub;
  const start = await call(t.app, 'GET', `/api/auth/oidc/start${options.link ? '?link=1' : ''}`, {
    cookie: options.cookie,
  });
  let url = location(start);
  const flow = flowCookie(start);
  const jar = new CookieJar();
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(CALLBACK))
      return { callback: url.slice(APP_URL.length), flow, authorize: location(start) };
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const next = response.headers.get('location');
    if (!next) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('too many redirects');
}

const callback = (path: string, flow?: string) => call(t.app, 'GET', path, { cookie: flow });

function newPerson(person: Person = {}): string {
  const sub = randomUUID();
  people.set(sub, { email: uniqueEmail(), email_verified: true, name: 'Ida Provider', ...person });
  return sub;
}

describe('GET /api/auth/oidc/start', () => {
  it('redirects to the provider with PKCE (S256), state, nonce and the scopes, and sets a Lax flow cookie', async () => {
    const start = await call(t.app, 'GET', '/api/auth/oidc/start');
    const to = new URL(location(start));
    expect(`${to.origin}`).toBe(issuer);
    const q = to.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    const cookie = start.cookies.find((c) => c.name === 'oidc_flow');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 600 });
  });

  it('is 404 where no provider is set, and /api/config says so', async () => {
    const start = await call(plain.app, 'GET', '/api/auth/oidc/start');
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({
      message: 'Signing in with an identity provider is not set up on this server',
    });
    expect((await call(plain.app, 'GET', '/api/config')).json().oidcName).toBeNull();
    expect((await call(t.app, 'GET', '/api/config')).json().oidcName).toBe('Test ID');
  });

  it('linking needs a signed-in user', async () => {
    const start = await call(t.app, 'GET', '/api/auth/oidc/start?link=1');
    expect(start.statusCode).toBe(401);
  });
});

describe('GET /api/auth/oidc/callback', () => {
  it('makes an account from the ID token on the first sign-in, and finds it by (issuer, sub) afterwards', async () => {
    const sub = newPerson({ name: 'Ida Provider' });
    const { email } = people.get(sub) as Person;
    const { callback: path, flow } = await throughProvider(sub);
    const done = await callback(path, flow);
    expect(location(done)).toBe('/logs');
    const cookie = sessionCookie(done);
    const profile = await call(t.app, 'GET', '/api/users/profile', { cookie });
    expect(profile.json()).toMatchObject({
      username: 'Ida Provider',
      email,
      isAdmin: false,
      twoFactor: false,
    });
    // No password: the password form cannot sign in, and unlinking would lock the account out.
    const state = await call(t.app, 'GET', '/api/auth/oidc/link', { cookie });
    expect(state.json()).toEqual({ linked: true, passwordSet: false });
    const unlink = await call(t.app, 'DELETE', '/api/auth/oidc/link', { cookie });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json().message).toMatch(/^Set a password first/);
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { email, password: 'anything' },
      ip: randomIp(),
    });
    expect(login.statusCode).toBe(401);

    // The provider's email changed: the account is still found by sub, and keeps its own email.
    people.set(sub, { ...(people.get(sub) as Person), email: uniqueEmail() });
    const again = await throughProvider(sub);
    const second = await callback(again.callback, again.flow);
    expect(location(second)).toBe('/logs');
    const same = await call(t.app, 'GET', '/api/users/profile', { cookie: sessionCookie(second) });
    expect(same.json()).toEqual(profile.json());
  });

  it('makes no account when the provider has not verified the email', async () => {
    const sub = newPerson({ email_verified: false });
    const { callback: path, flow } = await throughProvider(sub);
    const done = await callback(path, flow);
    expect(location(done)).toBe('/login?oidc=unverified');
    expect(done.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const email = (people.get(sub) as Person).email as string;
    const register = await call(t.app, 'POST', '/api/users', {
      body: { username: 'Later', email, password: 'secret-password' },
      ip: randomIp(),
    });
    expect(register.statusCode).toBe(201); // the email was not taken by a half-made account
  });

  it('links nothing by email: the owner signs in with the password and links from the profile', async () => {
    const owner = await registerUser(t.app);
    const sub = newPerson({ email: owner.email });
    const first = await throughProvider(sub);
    const refused = await callback(first.callback, first.flow);
    expect(location(refused)).toBe('/login?oidc=taken');
    expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/auth/oidc/link', { cookie: owner.cookie })).json()).toEqual({
      linked: false,
      passwordSet: true,
    });

    const link = await throughProvider(sub, { cookie: owner.cookie, link: true });
    const linked = await callback(link.callback, link.flow);
    expect(location(linked)).toBe('/profile?oidc=linked');
    expect((await call(t.app, 'GET', '/api/auth/oidc/link', { cookie: owner.cookie })).json()).toEqual({
      linked: true,
      passwordSet: true,
    });
    const signIn = await throughProvider(sub);
    const done = await callback(signIn.callback, signIn.flow);
    expect(location(done)).toBe('/logs');
    const me = await call(t.app, 'GET', '/api/users/profile', { cookie: sessionCookie(done) });
    expect(me.json()).toEqual(owner.user);

    // Another account cannot link the same provider account.
    const other = await registerUser(t.app);
    const steal = await throughProvider(sub, { cookie: other.cookie, link: true });
    expect(location(await callback(steal.callback, steal.flow))).toBe('/profile?oidc=in-use');

    // With a password, unlinking is allowed; the provider then finds no account and says so.
    const unlink = await call(t.app, 'DELETE', '/api/auth/oidc/link', { cookie: owner.cookie });
    expect(unlink.statusCode).toBe(200);
    expect(unlink.json()).toEqual({ message: 'Test ID is unlinked' });
    const after = await throughProvider(sub);
    expect(location(await callback(after.callback, after.flow))).toBe('/login?oidc=taken');
  });

  it('refuses a wrong state, and the flow is spent', async () => {
    const sub = newPerson();
    const { callback: path, flow } = await throughProvider(sub);
    const forged = path.replace(/state=[^&]+/, 'state=forged-state');
    const done = await callback(forged, flow);
    expect(location(done)).toBe('/login?oidc=failed');
    expect(done.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(location(await callback(path, flow))).toBe('/login?oidc=expired');
  });

  it('refuses a replayed code, with the same flow or a fresh one', async () => {
    const sub = newPerson();
    const { callback: path, flow } = await throughProvider(sub);
    expect(location(await callback(path, flow))).toBe('/logs');
    const replay = await callback(path, flow);
    expect(location(replay)).toBe('/login?oidc=expired');
    expect(replay.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // A new flow's cookie with the old code (and its state): the state does not match.
    const fresh = await call(t.app, 'GET', '/api/auth/oidc/start');
    const again = await callback(path, flowCookie(fresh));
    expect(location(again)).toBe('/login?oidc=failed');
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('without its flow cookie, or with the provider saying no, ends on the login screen', async () => {
    const sub = newPerson();
    const { callback: path } = await throughProvider(sub);
    expect(location(await callback(path))).toBe('/login?oidc=expired');
    const start = await call(t.app, 'GET', '/api/auth/oidc/start');
    const state = new URL(location(start)).searchParams.get('state');
    const denied = await callback(
      `/api/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(issuer)}`,
      flowCookie(start),
    );
    expect(location(denied)).toBe('/login?oidc=failed');
    expect(location(await callback('/api/auth/oidc/callback?code=x'))).toBe('/login?oidc=expired');
    expect(location(await call(plain.app, 'GET', '/api/auth/oidc/callback'))).toBe('/login?oidc=off');
  });
});

describe('/api/auth/oidc/link', () => {
  it('needs a signed-in user, and a provider', async () => {
    expect((await call(t.app, 'GET', '/api/auth/oidc/link')).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/auth/oidc/link')).statusCode).toBe(401);
    const user = await registerUser(plain.app);
    const none = await call(plain.app, 'GET', '/api/auth/oidc/link', { cookie: user.cookie });
    expect(none.statusCode).toBe(404);
  });
});

describe('OIDC_* configuration', () => {
  it('is on with an issuer and a client id; the name falls back to the issuer host', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://id.example.com/realms/home',
        OIDC_CLIENT_ID: 'workout-log',
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_NAME: 'Home ID',
      }).oidc,
    ).toEqual({
      issuer: 'https://id.example.com/realms/home',
      clientId: 'workout-log',
      clientSecret: 's3cret',
      name: 'Home ID',
    });
    const unnamed = loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'app' }).oidc;
    expect(unnamed).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'app',
      clientSecret: undefined,
      name: 'id.example.com',
    });
  });

  it('refuses an issuer without a client id, and an issuer that is not a URL', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'id.example.com', OIDC_CLIENT_ID: 'app' })).toThrow(/OIDC_ISSUER/);
  });
});
