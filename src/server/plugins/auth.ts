import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findSessionUser, SESSION_DAYS, type SessionUser } from '../features/users/auth-sessions.repository';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

export const SESSION_COOKIE = 'sid';
const NOT_AUTHORIZED = 'Not authorized, please log in';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it may rely on it. */
    user: SessionUser;
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

/** onRequest hook for every route that needs a signed-in user: 401 before the body is read or validated. */
export function makeRequireUser(db: Db) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const tokenHash = sessionTokenHash(request);
    const user = tokenHash ? await findSessionUser(db, tokenHash) : null;
    if (!user) throw new AppError(401, NOT_AUTHORIZED);
    request.user = user;
  };
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as SessionUser);
}
