import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { notSignedIn } from '../lib/app-error';
import { SESSION_DAYS, type SessionUser } from '../lib/session-user';
import { hashToken } from '../lib/tokens';
import { loggable } from './errors';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it may rely on it. */
    user: SessionUser;
    /** Set by `requireSession`: the hash of the session cookie's token, which record statements start from. */
    tokenHash: string;
    /** Set by the error handler: this error answer went out before any statement checked the session. */
    sessionUnchecked?: boolean;
  }
}

/** The session's user, if the session exists and has not expired (features/users, passed in by app.ts). */
export type FindSessionUser = (tokenHash: string) => Promise<SessionUser | null>;

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.cookieSecure,
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.cookieSecure,
  });
}

export function sessionTokenHash(request: FastifyRequest): string | null {
  // Null on a request answered before @fastify/cookie's onRequest hook ran (app.ts: a 414, or a
  // 415 of encoded-bodies.ts), which the hooks after the answer still see.
  const cookies = request.cookies as FastifyRequest['cookies'] | null;
  const token = cookies?.[SESSION_COOKIE];
  return token ? hashToken(token) : null;
}

/**
 * onRequest hook of the record routes (logs, exercises, sessions): 401 without a session cookie.
 * Their statements check the session themselves (`signed_in_user`, db/functions/signed-in-user.sql, decision 0014), so
 * a request makes one round trip. A body refused before its statement runs is answered 401 for a
 * stranger by `registerStrangerCheck`, which checks the session then.
 */
export function makeRequireSession() {
  return async function requireSession(request: FastifyRequest): Promise<void> {
    const tokenHash = sessionTokenHash(request);
    if (!tokenHash) throw notSignedIn();
    request.tokenHash = tokenHash;
  };
}

/**
 * onRequest hook of the account routes (profile, import, export), which need the user before
 * their first statement: the session's user, or 401 before the body is read or validated.
 */
export function makeRequireUser(findSessionUser: FindSessionUser) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const tokenHash = sessionTokenHash(request);
    const user = tokenHash ? await findSessionUser(tokenHash) : null;
    if (!user) throw notSignedIn();
    request.user = user;
  };
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('tokenHash', '');
}

/**
 * A record route's error answered before its statement ran (a refused body, a 5xx) is a 401 for a
 * stranger, not the body's message: checked here, as the answer goes out, only for those answers,
 * so a write that succeeds still checks its session in its own statement alone (decision 0016).
 * Registered before the Idempotency-Key's onSend hook, which keeps answers but never a 401.
 */
export function registerStrangerCheck(app: FastifyInstance, findSessionUser: FindSessionUser): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.sessionUnchecked) return payload;
    request.sessionUnchecked = false;
    // A failing check leaves the answer as it is.
    if ((await findSessionUser(request.tokenHash).catch(() => true)) !== null) return payload;
    const refused = notSignedIn();
    reply.status(refused.statusCode).type('application/json; charset=utf-8');
    return JSON.stringify({ message: refused.message });
  });
}

/** Moves a session's last-seen time to now when it is older than 5 minutes (features/users). */
export type TouchSession = (tokenHash: string) => Promise<void>;

export const LAST_SEEN_EVERY_MS = 5 * 60_000;
/** Bounded memory under a flood of made-up cookies: past this, the oldest half is forgotten. */
const LAST_SEEN_KEPT = 50_000;

/**
 * The Devices list's `lastSeenAt` (docs/api.md §13), without a write per request: after each
 * answer to a request with a session cookie (not a 401), a session this instance has not touched
 * in the last 5 minutes is touched once, after the answer has gone. Its statement writes only
 * when the stored time is over 5 minutes old, so several instances do not add writes either.
 */
export function registerLastSeen(
  app: FastifyInstance,
  touch: TouchSession,
  now: () => number = () => Date.now(),
): void {
  const touchedAt = new Map<string, number>();
  // Touches still running when the app closes are waited for, before the database closes.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401 || !request.url.startsWith('/api/')) return;
    const tokenHash = sessionTokenHash(request);
    if (!tokenHash) return;
    const time = now();
    const last = touchedAt.get(tokenHash);
    if (last !== undefined && time - last < LAST_SEEN_EVERY_MS) return;
    touchedAt.delete(tokenHash); // re-inserted last: the map stays in touch order
    touchedAt.set(tokenHash, time);
    if (touchedAt.size > LAST_SEEN_KEPT) {
      let drop = LAST_SEEN_KEPT / 2;
      for (const key of touchedAt.keys()) {
        if (drop-- <= 0) break;
        touchedAt.delete(key);
      }
    }
    const run = touch(tokenHash)
      .catch((error: FastifyError) => request.log.warn({ error: loggable(error) }, 'last-seen not written'))
      .finally(() => running.delete(run));
    running.add(run);
  });
}
