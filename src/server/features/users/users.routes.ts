import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import {
  forgotPasswordBody,
  loginBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  userInfo,
} from '../../../contract/users';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { HOUR, MINUTES_15, RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import { verifyTurnstile } from '../../lib/turnstile';
import { clearSessionCookie, sessionTokenHash, setSessionCookie } from '../../plugins/auth';
import { createAuthSession, deleteAuthSession, deleteOtherAuthSessions } from './auth-sessions.repository';
import {
  consumeResetToken,
  createUser,
  findUserByEmail,
  replaceResetToken,
  setPassword,
  updateUser,
  type UserRow,
} from './users.repository';

const USER_EXISTS = 'User already exists';
const FORGOT_ANSWER = 'If that email is registered, a reset link is on its way';

export function toUserInfo(user: Pick<UserRow, 'id' | 'username' | 'email' | 'isAdmin'>) {
  return { _id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin };
}

export function usersRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, config, mailer } = deps;
  const limits = config.rateLimits;
  const loginPerIp = new RateLimiter(limits.loginPerIp, MINUTES_15);
  const loginFailuresPerEmail = new RateLimiter(limits.loginFailuresPerEmail, MINUTES_15);
  const registerPerIp = new RateLimiter(limits.registerPerIp, HOUR);
  const forgotPerIp = new RateLimiter(limits.forgotPerIp, HOUR);
  const forgotPerEmail = new RateLimiter(limits.forgotPerEmail, HOUR);
  const resetPerIp = new RateLimiter(limits.resetPerIp, HOUR);

  async function startSession(userId: string) {
    const token = newToken();
    await createAuthSession(db, userId, hashToken(token));
    return token;
  }

  return async (app) => {
    app.post(
      '/api/users',
      { schema: { body: registerBody, response: { 201: userInfo, '4xx': errorBody } } },
      async (request, reply) => {
        registerPerIp.consume(request.ip);
        const { username, email, password, turnstileToken } = request.body;
        if (config.turnstileSecretKey) {
          const ok =
            !!turnstileToken &&
            (await verifyTurnstile(
              config.turnstileVerifyUrl,
              config.turnstileSecretKey,
              turnstileToken,
              request.ip,
            ));
          if (!ok) throw new AppError(400, 'CAPTCHA verification failed');
        }
        if (await findUserByEmail(db, email)) throw new AppError(409, USER_EXISTS);
        const user = await createUser(db, { username, email, passwordHash: await hashPassword(password) });
        if (!user) throw new AppError(409, USER_EXISTS);
        setSessionCookie(reply, await startSession(user.id), config);
        return reply.status(201).send(toUserInfo(user));
      },
    );

    app.post(
      '/api/users/login',
      { schema: { body: loginBody, response: { 200: userInfo, '4xx': errorBody } } },
      async (request, reply) => {
        const { email, password } = request.body;
        loginPerIp.consume(request.ip);
        loginFailuresPerEmail.check(email);
        const user = await findUserByEmail(db, email);
        // Unknown email and wrong password answer alike, after the same hashing work.
        const ok = user
          ? await verifyPassword(user.passwordHash, password)
          : await burnPasswordCheck(password);
        if (!user || !ok) {
          loginFailuresPerEmail.hit(email);
          throw new AppError(401, 'Invalid email or password');
        }
        loginFailuresPerEmail.reset(email);
        setSessionCookie(reply, await startSession(user.id), config);
        return toUserInfo(user);
      },
    );

    app.post('/api/users/logout', { schema: { response: { 200: messageBody } } }, async (request, reply) => {
      const tokenHash = sessionTokenHash(request);
      if (tokenHash) await deleteAuthSession(db, tokenHash);
      clearSessionCookie(reply, config);
      return { message: 'Logged out successfully' };
    });

    app.get(
      '/api/users/profile',
      { onRequest: deps.requireUser, schema: { response: { 200: userInfo, '4xx': errorBody } } },
      async (request) => toUserInfo(request.user),
    );

    app.put(
      '/api/users/profile',
      {
        onRequest: deps.requireUser,
        schema: { body: profileBody, response: { 200: userInfo, '4xx': errorBody } },
      },
      async (request) => {
        const { username, email, password } = request.body;
        const passwordHash = password ? await hashPassword(password) : undefined;
        const existing = email !== request.user.email ? await findUserByEmail(db, email) : null;
        if (existing && existing.id !== request.user.id) throw new AppError(409, USER_EXISTS);
        const user = await db.transaction(async (tx) => {
          const updated = await updateUser(tx, request.user.id, { username, email, passwordHash });
          if (!updated) throw new AppError(409, USER_EXISTS);
          // A new password ends every other session: a stolen cookie stops working.
          if (passwordHash)
            await deleteOtherAuthSessions(tx, updated.id, sessionTokenHash(request) ?? undefined);
          return updated;
        });
        return toUserInfo(user);
      },
    );

    app.post(
      '/api/users/forgot-password',
      { schema: { body: forgotPasswordBody, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        const { email } = request.body;
        forgotPerIp.consume(request.ip);
        forgotPerEmail.consume(email);
        // The answer goes out before any work that depends on the account existing,
        // so neither the body nor the timing tells whether the email is registered.
        deps.background(async () => {
          const user = await findUserByEmail(db, email);
          if (!user) return;
          const token = newToken();
          await replaceResetToken(db, user.id, hashToken(token));
          await mailer.send({
            to: user.email,
            subject: 'Reset your Workout Log password',
            text: `Open this link within 1 hour to choose a new password: ${config.appUrl}/reset-password/${token}`,
          });
        });
        return { message: FORGOT_ANSWER };
      },
    );

    app.post(
      '/api/users/reset-password/:token',
      {
        schema: {
          params: z.object({ token: z.string() }),
          body: resetPasswordBody,
          response: { 200: messageBody, '4xx': errorBody },
        },
      },
      async (request) => {
        resetPerIp.consume(request.ip);
        const passwordHash = await hashPassword(request.body.password);
        await db.transaction(async (tx) => {
          const userId = await consumeResetToken(tx, hashToken(request.params.token));
          if (!userId) throw new AppError(400, 'Invalid or expired reset link');
          await setPassword(tx, userId, passwordHash);
          await deleteOtherAuthSessions(tx, userId);
        });
        return { message: 'Password reset successful' };
      },
    );
  };
}
