import type { Config } from '../config';
import { AppError } from './app-error';

// REGISTRATION (docs/api.md §13): `open`, `closed` (no sign-ups with a password; accounts come
// from `npm run add-user` or the identity provider), `oidc-only` (no password sign-up or sign-in).

export const REGISTRATION_CLOSED = 'Registration is closed on this server';

/** The identity provider's button name (OIDC_NAME, else its host), or null without one. */
export function oidcNameOf(config: Config): string | null {
  return config.oidc?.name ?? null;
}

function signInWithProvider(config: Config): AppError {
  return new AppError(403, `Sign in with ${oidcNameOf(config) ?? 'your identity provider'}`);
}

/** Before a password sign-up: 403 unless registration is open. */
export function assertPasswordRegistration(config: Config): void {
  if (config.registration === 'oidc-only') throw signInWithProvider(config);
  if (config.registration === 'closed') throw new AppError(403, REGISTRATION_CLOSED);
}

/** Before a password sign-in: 403 on an oidc-only server. */
export function assertPasswordLogin(config: Config): void {
  if (config.registration === 'oidc-only') throw signInWithProvider(config);
}
