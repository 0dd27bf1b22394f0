import { z } from 'zod';
import { REQUIRED, textError } from './fields';
import { PASSWORD_MAX } from './users';

/**
 * `DELETE /api/users/profile` (docs/api.md §13): the current password; an account without one
 * sends a two-factor `code` instead, or has just signed in through its identity provider.
 * No body at all is read as an empty one, so a missing password gets its field message.
 */
export const deleteAccountBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    currentPassword: z
      .string({ error: textError('Current password') })
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
      .optional()
      .default(''),
    code: z
      .string({ error: textError('Code') })
      .max(100, 'The code is not valid')
      .optional(),
  }),
);
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

export const DELETE_PASSWORD_NEEDED = 'Enter your current password to delete your account';
export const SIGN_IN_AGAIN_TO_DELETE = 'Sign in again to delete this account';
export const ACCOUNT_DELETED = 'Account deleted';

export const CONFIRM_EMAIL_MISMATCH = 'Type the email of this account to confirm';

/**
 * The profile screen's deletion form: the account's email typed again (checked in the browser
 * only: the password is what the server checks), and the current password.
 */
export const deleteAccountForm = (accountEmail: string) =>
  z.object({
    confirmEmail: z
      .string()
      .trim()
      .toLowerCase()
      .refine((typed) => typed === accountEmail.toLowerCase(), CONFIRM_EMAIL_MISMATCH),
    currentPassword: z
      .string({ error: textError('Current password') })
      .min(1, REQUIRED)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  });
