import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportSummary } from '../../../contract/data';
import { createTestApp } from '../../test/test-app';

/** Shared by this feature's integration tests: an app that lets a file register many users. */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

export function createDataTestApp() {
  const many = 10_000;
  return createTestApp({
    rateLimits: {
      loginFailuresPerEmail: many,
      loginPerIp: many,
      registerPerIp: many,
      forgotPerIp: many,
      forgotPerEmail: many,
      resetPerIp: many,
      emailChangesPerUser: many,
    },
  });
}

export interface TestUser {
  id: string;
  cookie: string;
}

/** A new account (unique email: PostgreSQL runs are shared) and its session cookie. */
export async function signUp(app: FastifyInstance): Promise<TestUser> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { username: 'Porter', email: `data-${randomUUID()}@example.com`, password: 'secret-pass' },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const sid = res.cookies.find((c) => c.name === 'sid');
  return { id: res.json()._id, cookie: `sid=${sid!.value}` };
}

export async function postImport(
  app: FastifyInstance,
  user: TestUser | null,
  query: string,
  body: string,
  contentType = query.includes('source=json') ? 'application/json' : 'text/csv',
) {
  return app.inject({
    method: 'POST',
    url: `/api/import?${query}`,
    headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) },
    payload: body,
  });
}

export async function importOk(app: FastifyInstance, user: TestUser, query: string, body: string) {
  const res = await postImport(app, user, query, body);
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json() as ImportSummary;
}

export async function call(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function exportJson(app: FastifyInstance, user: TestUser) {
  const res = await app.inject({ method: 'GET', url: '/api/export.json', headers: { cookie: user.cookie } });
  if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode} ${res.body}`);
  return { res, data: JSON.parse(res.body) };
}
