import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchingTotpStep,
  newTotpSecret,
  otpauthUrl,
  totpCode,
  totpStep,
} from './two-factor.totp';

// RFC 6238 Appendix B: the SHA1 key is the ASCII of "12345678901234567890", codes 8 digits long.
const RFC_KEY = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('gives the published SHA1 code at %i s', (seconds, code) => {
    expect(totpCode(RFC_KEY, seconds, 8)).toBe(code);
  });

  it('gives 6-digit codes by default, the last 6 of the 8-digit ones', () => {
    expect(totpCode(RFC_KEY, 59)).toBe('287082');
  });

  it('base32 round-trips and forgives case, spaces and padding', () => {
    expect(RFC_KEY).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString()).toBe('12345678901234567890');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('MY======').toString()).toBe('f');
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts the code of the current step and one step either side, no further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const step = totpStep(now);
    const at = (offset: number) => totpCode(secret, now + offset * 30);
    expect(matchingTotpStep(secret, at(0), now)).toBe(step);
    expect(matchingTotpStep(secret, at(-1), now)).toBe(step - 1);
    expect(matchingTotpStep(secret, at(1), now)).toBe(step + 1);
    // Two steps away: refused (unless by chance it equals a code in the window).
    for (const offset of [-2, 2]) {
      const code = at(offset);
      if (![at(-1), at(0), at(1)].includes(code)) expect(matchingTotpStep(secret, code, now)).toBeNull();
    }
  });

  it('refuses what is not six digits', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const code = totpCode(secret, now);
    expect(matchingTotpStep(secret, ` ${code}`, now)).toBeNull();
    expect(matchingTotpStep(secret, code.slice(1), now)).toBeNull();
    expect(matchingTotpStep(secret, `${code}0`, now)).toBeNull();
    expect(matchingTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the otpauth address authenticator apps read', () => {
    expect(otpauthUrl('Workout Log', 'ann@example.com', 'ABC')).toBe(
      'otpauth://totp/Workout%20Log%3Aann%40example.com?secret=ABC&issuer=Workout+Log&algorithm=SHA1&digits=6&period=30',
    );
  });
});
