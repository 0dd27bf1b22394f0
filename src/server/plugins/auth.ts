import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findSessionUser, SESSION_DAYS, type SessionUser } from '../features/users/auth-sessions.repository';
import { notSignedIn } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`, and by `requireSession` on POST and PUT; routes behind it may rely on it. */
    user: SessionUser;
    /** Set by `requireSession`: the hash of the session cookie's token, which record statements start from. */
    tokenHash: string;
  }
}

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
  const token = request.cookies[SESSION_COOKIE];
  return token ? hashToken(token) : null;
}

/**
 * onRequest hook of the record routes (logs, exercises, sessions): 401 without a session cookie.
 * Their statements check the session themselves (features/users/signed-in.ts, decision 0014), so
 * a read makes one round trip. A write with a body is checked here as well: its body is validated
 * before its statement runs, and a stranger gets 401, not the validation's answer.
 */
export function makeRequireSession(db: Db) {
  return async function requireSession(request: FastifyRequest): Promise<void> {
    const tokenHash = sessionTokenHash(request);
    if (!tokenHash) throw notSignedIn();
    if (request.method === 'POST' || request.method === 'PUT') {
      const user = await findSessionUser(db, tokenHash);
      if (!user) throw notSignedIn();
      // The Idempotency-Key of a create is the user's own (plugins/idempotency.ts).
      request.user = user;
    }
    request.tokenHash = tokenHash;
  };
}

/**
 * onRequest hook of the account routes (profile, import, export), which need the user before
 * their first statement: the session's user, or 401 before the body is read or validated.
 */
export function makeRequireUser(db: Db) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const tokenHash = sessionTokenHash(request);
    const user = tokenHash ? await findSessionUser(db, tokenHash) : null;
    if (!user) throw notSignedIn();
    request.user = user;
  };
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('tokenHash', '');
}
