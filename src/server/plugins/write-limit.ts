import type { FastifyInstance } from 'fastify';
import { sessionTokenHash } from './auth';

// Every write of a signed-in account counts against RATE_LIMIT_WRITES_PER_USER a minute
// (docs/api.md §12): creates, edits and deletes of logs, exercises and sessions, profile changes,
// and an import as one. Signing in, out, up and the password-reset steps have their own per-IP
// and per-email limits (docs/api.md §9) and do not count.

/** Counts one write of the session's user; 429 past the limit. A stranger passes: the route answers 401. */
export type WriteLimit = (tokenHash: string) => Promise<void>;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NOT_COUNTED = new Set([
  '/api/users',
  '/api/users/login',
  '/api/users/logout',
  '/api/users/forgot-password',
  '/api/users/reset-password/:token',
]);

/** onRequest, after the cookie plugin: refused before the body (an import's 10 MB) is read. */
export function registerWriteLimit(app: FastifyInstance, limit: WriteLimit): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!WRITES.has(request.method) || !route?.startsWith('/api/') || NOT_COUNTED.has(route)) return;
    const tokenHash = sessionTokenHash(request);
    if (tokenHash) await limit(tokenHash);
  });
}
