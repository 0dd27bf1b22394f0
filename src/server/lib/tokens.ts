import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: for session cookies and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked table cannot be replayed as cookies or reset links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
