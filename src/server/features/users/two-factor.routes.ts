import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { errorBody, messageBody } from '../../../contract/errors';
import {
  CODE_INVALID,
  recoveryCodes,
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorSetup,
  twoFactorSetupBody,
} from '../../../contract/two-factor';
import { CURRENT_PASSWORD_WRONG, userInfo, type UserInfo } from '../../../contract/users';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { verifyPassword } from '../../lib/passwords';
import type { Limiter } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import { setSessionCookie } from '../../plugins/auth';
import {
  createPendingLogin,
  disableTwoFactor,
  enableTwoFactor,
  findPendingLogin,
  finishPendingLogin,
  setUpTwoFactor,
  twoFactorState,
  useRecoveryCode,
  useTotpStep,
} from './two-factor.repository';
import { base32Encode, matchingTotpStep, newTotpSecret, otpauthUrl } from './two-factor.totp';
import { findUserById, type UserRow } from './users.repository';

// Two-factor sign-in (docs/api.md §13): set-up, enable, disable, and login's second step.

/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = 'Workout Log';
const RECOVERY_CODE_COUNT = 10;
/** A right password waits this long for its code (docs/api.md §13). */
const PENDING_SECONDS = 5 * 60;
export const PENDING_COOKIE = 'pending_login';
/** Only login's two steps ever read the pending cookie. */
const PENDING_PATH = '/api/users/login';

const SIGN_IN_AGAIN = 'Sign in again';
const ALREADY_ON = 'Two-factor authentication is already on';
const codeInvalid = () => new AppError(400, CODE_INVALID, { code: CODE_INVALID });

/** What login's second step shares with the first (users.routes.ts): one count of failures per account. */
export interface SignInSteps {
  /** The account when the password is right; counts the attempt against the account's limit. */
  passwordMatches(
    email: string,
    check: (passwordHash: string | null) => Promise<boolean>,
  ): Promise<(UserRow & { twoFactor: boolean }) | null>;
  loginFailuresPerEmail: Limiter;
  loginPerIp: Limiter;
  startSession(userId: string, userAgent: string | undefined): Promise<string>;
  toUserInfo(user: UserRow, twoFactor: boolean): UserInfo;
}

/** 16 base32 characters (80 random bits) shown in groups of four: ABCD-EFGH-JKLM-NPQR. */
function newRecoveryCode(): string {
  return base32Encode(randomBytes(10)).replace(/(.{4})(?!$)/g, '$1-');
}

/** Recovery codes are compared without case, spaces or dashes (people copy them by hand). */
function recoveryCodeHash(code: string): string | null {
  const clean = code.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z2-7]{16}$/.test(clean) ? hashToken(clean) : null;
}

/**
 * A code for an account with 2FA on: a TOTP code of a step after the last one used (kept, so it
 * works once), or an unused recovery code (spent).
 */
export async function codeAccepted(
  db: object,
  userId: string,
  secret: string,
  code: string,
): Promise<boolean> {
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = matchingTotpStep(secret, digits, Date.now() / 1000);
    return step !== null && (await useTotpStep(db, userId, step));
  }
  const hash = recoveryCodeHash(code);
  return hash !== null && (await useRecoveryCode(db, userId, hash));
}

/** A right password of an account with 2FA: the single-use pending token goes in an httpOnly cookie. */
export async function startPendingLogin(
  db: object,
  reply: FastifyReply,
  config: Config,
  userId: string,
): Promise<void> {
  const token = newToken();
  await createPendingLogin(db, hashToken(token), userId, PENDING_SECONDS);
  reply.setCookie(PENDING_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: PENDING_PATH,
    secure: config.cookieSecure,
    maxAge: PENDING_SECONDS,
  });
}

function clearPendingCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(PENDING_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: PENDING_PATH,
    secure: config.cookieSecure,
  });
}

function pendingTokenHash(request: FastifyRequest): string | null {
  const token = request.cookies[PENDING_COOKIE];
  return token ? hashToken(token) : null;
}

export function twoFactorRoutes(deps: Deps, steps: SignInSteps): FastifyPluginAsyncZod {
  const { db, config } = deps;

  /** The current password of a signed-in user, counted as a login attempt (docs/api.md §9). */
  async function checkCurrentPassword(email: string, password: string) {
    const me = await steps.passwordMatches(email, async (hash) =>
      hash ? verifyPassword(hash, password) : false,
    );
    if (!me) throw new AppError(400, CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    return me;
  }

  return async (app) => {
    app.post(
      '/api/users/2fa/setup',
      {
        onRequest: deps.requireUser,
        schema: { body: twoFactorSetupBody, response: { 200: twoFactorSetup, '4xx': errorBody } },
      },
      async (request) => {
        const me = request.user;
        await checkCurrentPassword(me.email, request.body.currentPassword);
        const secret = newTotpSecret();
        if (!(await setUpTwoFactor(db, me.id, secret))) throw new AppError(409, ALREADY_ON);
        return { secret, otpauthUrl: otpauthUrl(TOTP_ISSUER, me.email, secret) };
      },
    );

    app.post(
      '/api/users/2fa/enable',
      {
        onRequest: deps.requireUser,
        schema: { body: twoFactorCodeBody, response: { 200: recoveryCodes, '4xx': errorBody } },
      },
      async (request) => {
        const me = request.user;
        const state = await twoFactorState(db, me.id);
        if (!state) throw new AppError(400, 'Set up two-factor authentication first');
        if (state.enabled) throw new AppError(409, ALREADY_ON);
        const step = matchingTotpStep(state.secret, request.body.code.replace(/\s/g, ''), Date.now() / 1000);
        if (step === null) throw codeInvalid();
        const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        const hashes = codes.map((code) => recoveryCodeHash(code) as string);
        if (!(await enableTwoFactor(db, me.id, step, hashes))) throw new AppError(409, ALREADY_ON);
        return { recoveryCodes: codes };
      },
    );

    app.post(
      '/api/users/2fa/disable',
      {
        onRequest: deps.requireUser,
        schema: { body: twoFactorDisableBody, response: { 200: messageBody, '4xx': errorBody } },
      },
      async (request) => {
        const { currentPassword, code } = request.body;
        const me = await checkCurrentPassword(request.user.email, currentPassword);
        const state = await twoFactorState(db, me.id);
        if (!state?.enabled) throw new AppError(400, 'Two-factor authentication is not on');
        // A wrong code counts as a failed login, as at sign-in; a right one gives its attempt back.
        await steps.loginFailuresPerEmail.consume(me.email);
        if (!(await codeAccepted(db, me.id, state.secret, code))) throw codeInvalid();
        await steps.loginFailuresPerEmail.refund(me.email);
        await disableTwoFactor(db, me.id);
        return { message: 'Two-factor authentication is off' };
      },
    );

    app.post(
      '/api/users/login/2fa',
      { schema: { body: twoFactorCodeBody, response: { 200: userInfo, '4xx': errorBody } } },
      async (request, reply) => {
        const tokenHash = pendingTokenHash(request);
        if (!tokenHash) throw new AppError(401, SIGN_IN_AGAIN);
        await steps.loginPerIp.consume(clientKey(request.ip));
        const pending = await findPendingLogin(db, tokenHash);
        if (!pending) {
          clearPendingCookie(reply, config);
          throw new AppError(401, SIGN_IN_AGAIN);
        }
        // Counted before the check, as a password is (users.routes.ts): parallel guesses cannot
        // all pass the limit; a right code gives its attempt back.
        await steps.loginFailuresPerEmail.consume(pending.email);
        const state = await twoFactorState(db, pending.userId);
        const user = await findUserById(db, pending.userId);
        if (!state?.enabled || !user) {
          // 2FA was turned off (or the account deleted) since the password: start over.
          clearPendingCookie(reply, config);
          throw new AppError(401, SIGN_IN_AGAIN);
        }
        if (!(await codeAccepted(db, user.id, state.secret, request.body.code))) throw codeInvalid();
        // Single use: of two requests with right codes, only the one that deletes it signs in.
        if (!(await finishPendingLogin(db, tokenHash))) {
          clearPendingCookie(reply, config);
          throw new AppError(401, SIGN_IN_AGAIN);
        }
        await steps.loginFailuresPerEmail.refund(pending.email);
        clearPendingCookie(reply, config);
        setSessionCookie(reply, await steps.startSession(user.id, request.headers['user-agent']), config);
        return steps.toUserInfo(user, true);
      },
    );
  };
}
