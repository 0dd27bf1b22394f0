import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hash with argon2id and verify only the same password', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'correct horsE')).toBe(false);
  });

  it('answer false for a stored hash that is not one', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
  });

  it('finish every job of a burst larger than the hashes allowed at once', async () => {
    const passwords = Array.from({ length: 6 }, (_, i) => `password-${i}`);
    const stored = await Promise.all(passwords.map((p) => hashPassword(p)));
    const checks = await Promise.all(stored.map((h, i) => verifyPassword(h, passwords[(i + 1) % 6])));
    expect(checks).toEqual([false, false, false, false, false, false]);
    expect(await Promise.all(stored.map((h, i) => verifyPassword(h, passwords[i])))).toEqual(
      Array(6).fill(true),
    );
  });
});
