import { z } from 'zod';
import { REQUIRED, requiredText, textError } from './fields';
import { plateSettings } from './plates';
import { restSeconds } from './routines';

export const PASSWORD_MIN = 6;

/** The unit a user's screens show weights in (docs/api.md §10). */
export const weightUnit = z.enum(['kg', 'lb'], { error: 'Must be kg or lb' });
export const PASSWORD_MAX = 200;
const PASSWORD_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
const EMAIL_FORMAT = 'Not a valid email format';

/**
 * Any top-level domain (docs/product.md §5): local@label.label…, with no space or control
 * character anywhere, no empty label (`a..b`, a leading or trailing dot) and no label that
 * starts or ends with a hyphen.
 */
const EMAIL_PATTERN =
  /^[^\s@.\p{Cc}]+(?:\.[^\s@.\p{Cc}]+)*@(?:[^\s@.\p{Cc}-](?:[^\s@.\p{Cc}]*[^\s@.\p{Cc}-])?\.)+[^\s@.\p{Cc}-](?:[^\s@.\p{Cc}]*[^\s@.\p{Cc}-])?$/u;

/** Emails are compared and stored lowercased: they are unique case-insensitively. */
export const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? REQUIRED : EMAIL_FORMAT) })
    .min(1, REQUIRED)
    .max(254, EMAIL_FORMAT)
    .regex(EMAIL_PATTERN, EMAIL_FORMAT),
);

const passwordRequired = z
  .string({ error: textError('Password') })
  .min(1, REQUIRED)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
const newPassword = passwordRequired.min(PASSWORD_MIN, PASSWORD_SHORT);

export const loginBody = z.object({ email, password: passwordRequired });
export type LoginBody = z.input<typeof loginBody>;

export const registerBody = z.object({
  username: requiredText('Username', 50),
  email,
  password: newPassword,
  turnstileToken: z.string().max(4096).optional().nullable(),
});
export type RegisterBody = z.input<typeof registerBody>;

/**
 * An empty password keeps the current one. Changing the email or the password needs the current
 * password (docs/api.md §9): the server checks it, the form shows the field only then.
 */
export const profileBody = z.object({
  username: requiredText('Username', 50),
  email,
  password: z
    .union([z.literal(''), newPassword], { error: PASSWORD_SHORT })
    .optional()
    .default(''),
  currentPassword: z
    .string({ error: textError('Current password') })
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .optional()
    .default(''),
  /** Absent keeps the current unit (docs/api.md §10). */
  weightUnit: weightUnit.optional(),
  /** The rest after a set of an exercise without a routine entry (docs/api.md §11); absent keeps it. */
  restSeconds,
  /** Each unit's bar and plates (docs/api.md §11, our choice): a unit given replaces that unit's, absent keeps it. */
  plates: z
    .object(
      { kg: plateSettings.optional(), lb: plateSettings.optional() },
      { error: 'Plates must be an object of kg and lb settings' },
    )
    .optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your email or password';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({ password: newPassword });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

const plateSettingsAnswer = z.object({ bar: z.number(), plates: z.array(z.number()) });

export const userInfo = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  weightUnit,
  /** Two-factor sign-in is on (docs/api.md §13). */
  twoFactor: z.boolean(),
  restSeconds: z.number(),
  /** Both units' settings, the defaults (plates.ts DEFAULT_PLATE_SETTINGS) where none were saved. */
  plates: z.object({ kg: plateSettingsAnswer, lb: plateSettingsAnswer }),
});
export type UserInfo = z.infer<typeof userInfo>;

export const registrationMode = z.enum(['open', 'closed', 'oidc-only']);
export type RegistrationMode = z.infer<typeof registrationMode>;

export const publicConfig = z.object({
  turnstileSiteKey: z.string().nullable(),
  contactEmail: z.string(),
  portfolioUrl: z.string(),
  /** REGISTRATION (docs/api.md §13): the web app hides what the server would refuse. */
  registration: registrationMode,
  /** The identity provider's name for `Sign in with …`, null without one. */
  oidcName: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
