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
  interface FastifyContextConfig {
    /**
     * The route checks the session inside its own single SQL statement (one round trip):
     * `requireUser` then only insists on a cookie, and the route must call `assertSignedIn`.
     */
    authInQuery?: boolean;
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

/** The cookie's token hash, or 401 when there is no cookie. */
export function requireTokenHash(request: FastifyRequest): string {
  const tokenHash = sessionTokenHash(request);
  if (!tokenHash) throw new AppError(401, NOT_AUTHORIZED);
  return tokenHash;
}

/** For `authInQuery` routes: the statement found no live session for the cookie. */
export function assertSignedIn(userId: string | null | undefined): asserts userId is string {
  if (!userId) throw new AppError(401, NOT_AUTHORIZED);
}

/** onRequest hook for every route that needs a signed-in user: 401 before the body is read or validated. */
export function makeRequireUser(db: Db) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    if (request.routeOptions.config.authInQuery) {
      requireTokenHash(request);
      return;
    }
    const tokenHash = sessionTokenHash(request);
    const user = tokenHash ? await findSessionUser(db, tokenHash) : null;
    if (!user) throw new AppError(401, NOT_AUTHORIZED);
    request.user = user;
  };
}

/**
 * preHandler for `authInQuery` routes that take a body (they set `attachValidation`): an invalid
 * body is reported only to a signed-in user; anyone else gets the 401 that a client acts on.
 * Valid requests pay nothing here: the session is checked inside the route's statement.
 */
export function makeValidationGate(db: Db) {
  return async function validationGate(request: FastifyRequest): Promise<void> {
    if (!request.validationError) return;
    const tokenHash = sessionTokenHash(request);
    if (!tokenHash || !(await findSessionUser(db, tokenHash))) throw new AppError(401, NOT_AUTHORIZED);
    throw request.validationError;
  };
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as SessionUser);
}
