import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DELETED,
  DELETE_PASSWORD_NEEDED,
  deleteAccountBody,
  SIGN_IN_AGAIN_TO_DELETE,
} from '../../../contract/account-deletion';
import { errorBody, messageBody } from '../../../contract/errors';
import { REQUIRED } from '../../../contract/fields';
import { CURRENT_PASSWORD_WRONG } from '../../../contract/users';
import type { Deps } from '../../deps';
import { AppError, notSignedIn } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { clearSessionCookie } from '../../plugins/auth';
import { passwordlessAccountReauthenticated } from './account-deletion-reauth';
import { deleteAccount } from './account-deletion.repository';
import { findUserById, type UserRow } from './users.repository';

/** The password check of users.routes.ts: counted as a login attempt of the account (docs/api.md §9). */
export type PasswordMatches = (
  email: string,
  check: (passwordHash: string | null) => Promise<boolean>,
) => Promise<UserRow | null>;

/** `DELETE /api/users/profile` (docs/api.md §13): the account and everything in it, at once. */
export function accountDeletionRoutes(deps: Deps, passwordMatches: PasswordMatches): FastifyPluginAsyncZod {
  const { db, config, mailer } = deps;
  return async (app) => {
    app.delete(
      '/api/users/profile',
      {
        onRequest: deps.requireUser,
        schema: { body: deleteAccountBody, response: { 200: messageBody, '4xx': errorBody } },
      },
      async (request, reply) => {
        const { currentPassword, code } = request.body;
        const account = await findUserById(db, request.user.id);
        if (!account) throw notSignedIn();
        // An account from the identity provider may have no password (the column allows none
        // once OpenID Connect is built): then the hook decides.
        if (account.passwordHash) {
          if (!currentPassword)
            throw new AppError(400, DELETE_PASSWORD_NEEDED, { currentPassword: REQUIRED });
          // Never 401 (that would sign the user out); a wrong password counts as a failed login.
          const me = await passwordMatches(account.email, async (hash) =>
            hash ? verifyPassword(hash, currentPassword) : false,
          );
          if (!me)
            throw new AppError(400, CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
        } else if (!(await passwordlessAccountReauthenticated(deps, request, { id: account.id, code }))) {
          throw new AppError(400, SIGN_IN_AGAIN_TO_DELETE);
        }
        const deleted = await deleteAccount(db, account.id);
        clearSessionCookie(reply, config);
        if (deleted) {
          deps.background(() =>
            mailer.send({
              to: deleted.email,
              subject: 'Your Workout Log account was deleted',
              text:
                `The Workout Log account of ${deleted.email} was deleted, with every log, exercise and ` +
                `session in it, and every device was signed out. Nothing of it is kept. ` +
                `If you did not do this, someone knew your password: change it wherever else you use it.` +
                (config.registration === 'open'
                  ? ` You can register again with this email at ${config.appUrl}/register.`
                  : ''),
            }),
          );
        }
        return { message: ACCOUNT_DELETED };
      },
    );
  };
}
