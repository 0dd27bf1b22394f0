import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation: m = 19 MiB, t = 2, p = 1. The work runs on a
// libuv worker thread, so a burst of logins does not block other requests.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-used-only-for-timing');
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
