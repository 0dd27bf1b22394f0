import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1) and the base32 their
// secrets travel in (RFC 4648, what authenticator apps read from an otpauth:// address).

/** Seconds a code lives (RFC 6238's default, what every authenticator app uses). */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Case, spaces and `=` padding are forgiven (people copy secrets by hand); other characters throw. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** 20 random bytes: RFC 4226's recommended length for HMAC-SHA1, 32 base32 characters. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step `seconds` (Unix time) falls in. */
export function totpStep(seconds: number): number {
  return Math.floor(seconds / TOTP_STEP_SECONDS);
}

/** HOTP (RFC 4226 §5.3): the code of counter `step`, `digits` long, zero-padded. */
export function hotp(key: Buffer, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code shown at `seconds` (Unix time) for a base32 secret. */
export function totpCode(secret: string, seconds: number, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), totpStep(seconds), digits);
}

/**
 * The step whose code `code` is, among the current one and one either side (a phone's clock may
 * be up to 30 s off, and a code typed at the end of its step arrives in the next), or null. The
 * caller keeps the step it accepted and refuses it and any earlier one afterwards, so each code
 * works once.
 */
export function matchingTotpStep(secret: string, code: string, seconds: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(seconds);
  let found: number | null = null;
  // Every candidate is compared, in constant time each, so timing tells nothing of which matched.
  for (const step of [now - 1, now, now + 1]) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** The address an authenticator app reads (from the QR code): Key Uri Format of Google Authenticator. */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
