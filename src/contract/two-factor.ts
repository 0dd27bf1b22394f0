import { z } from 'zod';
import { textError } from './fields';
import { PASSWORD_MAX, userInfo } from './users';

// Two-factor sign-in (docs/api.md §13): set up, enable, disable, and login's second step.

export const CODE_INVALID = 'The code is not valid';

/** A 6-digit code from the app, or a recovery code (same field); its form is checked by the server. */
const code = z.string({ error: CODE_INVALID }).trim().min(1, CODE_INVALID).max(64, CODE_INVALID);

const currentPassword = z
  .string({ error: textError('Current password') })
  .min(1, 'This field is required')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const twoFactorSetupBody = z.object({ currentPassword });
export type TwoFactorSetupBody = z.input<typeof twoFactorSetupBody>;

/** The secret as base32 text and the otpauth:// address a QR code carries; not active until enabled. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorCodeBody = z.object({ code });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

/** Shown once: only their hashes are kept. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const twoFactorDisableBody = z.object({ currentPassword, code });
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

/** A right password of an account with 2FA: no session yet, the code comes next. */
export const twoFactorRequired = z.object({ twoFactorRequired: z.literal(true) });

/** What `POST /api/users/login` answers: the user, or the request for a code. */
export const loginAnswer = z.union([userInfo, twoFactorRequired]);
export type LoginAnswer = z.infer<typeof loginAnswer>;
