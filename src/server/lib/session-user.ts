/** How long a sign-in session lasts: the cookie's max-age and the stored session's expiry. */
export const SESSION_DAYS = 30;

/** The signed-in user an account route works for (`request.user`, plugins/auth.ts). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
  weightUnit: 'kg' | 'lb';
  /** The profile's gym settings (features/users/profile-settings.ts). */
  restSeconds: number;
  plates: Partial<Record<'kg' | 'lb', { bar: number; plates: number[] }>> | null;
}
