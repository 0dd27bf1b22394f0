import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { loginAnswer } from '../../../contract/two-factor';
import {
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  forgotPasswordBody,
  loginBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  userInfo,
} from '../../../contract/users';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { HOUR, MINUTES_15 } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import { assertPasswordLogin, assertPasswordRegistration } from '../../lib/registration';
import { verifyTurnstile } from '../../lib/turnstile';
import { clearSessionCookie, sessionTokenHash, setSessionCookie } from '../../plugins/auth';
import { accountDeletionRoutes } from './account-deletion.routes';
import { createAuthSession, deleteAuthSession, deleteOtherAuthSessions } from './auth-sessions.repository';
import { deviceLabel } from './device-label';
import { devicesRoutes } from './devices.routes';
import { oidcRoutes } from './oidc.routes';
import { twoFactorOn } from './two-factor.repository';
import { startPendingLogin, twoFactorRoutes } from './two-factor.routes';
import { profileSettings } from './profile-settings';
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

export function toUserInfo(
  user: Pick<UserRow, 'id' | 'username' | 'email' | 'isAdmin' | 'weightUnit' | 'restSeconds' | 'plates'>,
  twoFactor: boolean,
) {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    weightUnit: user.weightUnit,
    twoFactor,
    ...profileSettings(user),
  };
}

export function usersRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, config, mailer } = deps;
  const limits = config.rateLimits;
  const loginPerIp = deps.limiter('login-ip', limits.loginPerIp, MINUTES_15);
  const loginFailuresPerEmail = deps.limiter('login-email', limits.loginFailuresPerEmail, MINUTES_15);
  const registerPerIp = deps.limiter('register-ip', limits.registerPerIp, HOUR);
  const forgotPerIp = deps.limiter('forgot-ip', limits.forgotPerIp, HOUR);
  const forgotPerEmail = deps.limiter('forgot-email', limits.forgotPerEmail, HOUR);
  const resetPerIp = deps.limiter('reset-ip', limits.resetPerIp, HOUR);
  const emailChangesPerUser = deps.limiter('email-change', limits.emailChangesPerUser, HOUR);

  /**
   * A password check that counts against the account's login limit (docs/api.md §9). The attempt
   * is counted before the hash, in one step with the check (in memory, or one statement in the
   * database), so parallel guesses cannot all pass the limit while their hashes run. A right
   * password gives its attempt back: it is no failure, and the failures before it still count
   * (docs/api.md §13 "A right password does not reset the account's failure count").
   */
  async function passwordMatches(email: string, check: (passwordHash: string | null) => Promise<boolean>) {
    await loginFailuresPerEmail.consume(email);
    const user = await findUserByEmail(db, email);
    const ok = await check(user?.passwordHash ?? null);
    if (!ok || !user) return null;
    await loginFailuresPerEmail.refund(email);
    return { ...user, twoFactor: await twoFactorOn(db, user.id) };
  }

  async function startSession(userId: string, userAgent: string | undefined) {
    const token = newToken();
    await createAuthSession(db, userId, hashToken(token), deviceLabel(userAgent));
    return token;
  }

  return async (app) => {
    await app.register(devicesRoutes(deps));
    await app.register(accountDeletionRoutes(deps, passwordMatches));

    app.post(
      '/api/users',
      {
        // Refused before the body is read: whatever it holds, this server takes no sign-ups.
        onRequest: async () => assertPasswordRegistration(config),
        schema: { body: registerBody, response: { 201: userInfo, '4xx': errorBody } },
      },
      async (request, reply) => {
        await registerPerIp.consume(clientKey(request.ip));
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
        setSessionCookie(reply, await startSession(user.id, request.headers['user-agent']), config);
        return reply.status(201).send(toUserInfo(user, false));
      },
    );

    app.post(
      '/api/users/login',
      {
        onRequest: async () => assertPasswordLogin(config),
        schema: { body: loginBody, response: { 200: loginAnswer, '4xx': errorBody } },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        await loginPerIp.consume(clientKey(request.ip));
        // Unknown email and wrong password answer alike, after the same hashing work.
        const user = await passwordMatches(email, (hash) =>
          hash ? verifyPassword(hash, password) : burnPasswordCheck(password).then(() => false),
        );
        if (!user) throw new AppError(401, 'Invalid email or password');
        if (user.twoFactor) {
          await startPendingLogin(db, reply, config, user.id);
          return { twoFactorRequired: true as const };
        }
        setSessionCookie(reply, await startSession(user.id, request.headers['user-agent']), config);
        return toUserInfo(user, false);
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
      async (request) => toUserInfo(request.user, await twoFactorOn(db, request.user.id)),
    );

    app.put(
      '/api/users/profile',
      {
        onRequest: deps.requireUser,
        schema: { body: profileBody, response: { 200: userInfo, '4xx': errorBody } },
      },
      async (request, reply) => {
        const { username, email, password, currentPassword, weightUnit, restSeconds, plates } = request.body;
        const current = request.user;
        const emailChanges = email !== current.email;
        if (emailChanges || password) {
          if (!currentPassword)
            throw new AppError(400, CURRENT_PASSWORD_NEEDED, { currentPassword: 'This field is required' });
          // Never 401: that would sign the user out of the app (docs/api.md §9).
          const me = await passwordMatches(current.email, async (hash) =>
            hash ? verifyPassword(hash, currentPassword) : false,
          );
          if (!me)
            throw new AppError(400, CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
        }
        // Every attempt counts, one refused as taken (409) too: the limit also keeps this route
        // from probing which emails are registered.
        if (emailChanges) await emailChangesPerUser.consume(current.id);
        const passwordHash = password ? await hashPassword(password) : undefined;
        const existing = emailChanges ? await findUserByEmail(db, email) : null;
        if (existing && existing.id !== current.id) throw new AppError(409, USER_EXISTS);
        const { user, token } = await db.transaction(async (tx) => {
          const updated = await updateUser(tx, current.id, {
            username,
            email,
            passwordHash,
            weightUnit,
            restSeconds,
            plates,
          });
          if (!updated) throw new AppError(409, USER_EXISTS);
          if (!passwordHash) return { user: updated, token: null };
          // A new password ends every session, this one included: it continues under a new
          // cookie, so a copied cookie stops working whichever session it was.
          await deleteOtherAuthSessions(tx, updated.id);
          const fresh = newToken();
          await createAuthSession(
            tx,
            updated.id,
            hashToken(fresh),
            deviceLabel(request.headers['user-agent']),
          );
          return { user: updated, token: fresh };
        });
        if (token) setSessionCookie(reply, token, config);
        if (emailChanges) {
          // To the old address: if someone else made the change, the owner hears of it.
          deps.background(() =>
            mailer.send({
              to: current.email,
              subject: 'The email of your Workout Log account was changed',
              text:
                `The email of your Workout Log account was changed from ${current.email} to ${user.email}. ` +
                `If you did not do this, reset your password at ${config.appUrl}/forgot-password and contact us.`,
            }),
          );
        }
        return toUserInfo(user, await twoFactorOn(db, user.id));
      },
    );

    app.post(
      '/api/users/forgot-password',
      { schema: { body: forgotPasswordBody, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        const { email } = request.body;
        const requester = clientKey(request.ip);
        await forgotPerIp.consume(requester);
        // Per email and requester: a stranger who asks for someone's reset five times blocks only
        // their own further requests, never the owner's (docs/api.md §9).
        await forgotPerEmail.consume(`${email} ${requester}`);
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
        await resetPerIp.consume(clientKey(request.ip));
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

    // Login's second step and 2FA set-up share the failure count above; the provider's sign-in
    // starts sessions as a password does.
    const steps = { passwordMatches, loginFailuresPerEmail, loginPerIp, startSession, toUserInfo };
    await app.register(twoFactorRoutes(deps, steps));
    await app.register(oidcRoutes(deps, steps));
  };
}
