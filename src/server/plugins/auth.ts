import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findSessionUser, SESSION_DAYS, type SessionUser } from '../features/users/auth-sessions.repository';
import { notSignedIn } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it may rely on it. */
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
 * a request makes one round trip. A body refused before its statement runs is answered 401 for a
 * stranger by the error handler (plugins/errors.ts), which checks the session then.
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
