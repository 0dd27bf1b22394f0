import { AppError } from './app-error';

/**
 * Fixed-window counters in memory: enough for one server process. Each key's window starts at
 * its first hit; `hit` counts and `check` only looks, so "failed logins" can be counted after the fact.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when `key` is already at its limit. */
  check(key: string): void {
    const window = this.current(key);
    if (window && window.count >= this.max) throw tooManyRequests(window.resetAt - this.now());
  }

  hit(key: string): void {
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 100_000) this.sweep(); // bounded memory under a flood of keys
  }

  /** check then hit: for limits on attempts rather than failures. */
  consume(key: string): void {
    this.check(key);
    this.hit(key);
  }

  /** Gives back one attempt `consume` counted (a success is no failure); the window stays. */
  refund(key: string): void {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** 429 with Retry-After; `lead` says what was too many (attempts, or a user's changes). */
export function tooManyRequests(msLeft: number, lead = 'Too many attempts.'): AppError {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError(429, `${lead} Please try again in ${when}.`, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * A limit as routes use it: `consume` counts an attempt and refuses it past the limit, `check`
 * only looks, `refund` gives back the attempt of a request that turned out not to be a failure. In memory (PGlite, one process) or in the database
 * (db/rate-limits.ts, shared by every instance on DATABASE_URL).
 */
export interface Limiter {
  consume(key: string): Promise<void>;
  check(key: string): Promise<void>;
  refund(key: string): Promise<void>;
}

/**
 * The in-memory limiter. Each call checks and counts before its first await, so parallel
 * requests in this process cannot pass the limit together.
 */
export function inMemoryLimiter(max: number, windowMs: number): Limiter {
  const limiter = new RateLimiter(max, windowMs);
  return {
    consume: async (key) => limiter.consume(key),
    check: async (key) => limiter.check(key),
    refund: async (key) => limiter.refund(key),
  };
}

export const MINUTES_15 = 15 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;
