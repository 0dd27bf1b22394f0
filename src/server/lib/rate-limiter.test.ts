import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { RateLimiter } from './rate-limiter';

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

function rejection(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a 429');
}

describe('RateLimiter', () => {
  it('allows max attempts in a window, then answers 429 with Retry-After and a message', () => {
    const time = clock();
    const limiter = new RateLimiter(3, 60_000, time.now);
    limiter.consume('a');
    limiter.consume('a');
    limiter.consume('a');
    time.advance(15_000);
    const error = rejection(() => limiter.consume('a'));
    expect(error.statusCode).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '45' });
    expect(error.message).toBe('Too many attempts. Please try again in 45 seconds.');
  });

  it('says minutes when the wait is a minute or more, rounding up', () => {
    const time = clock();
    const limiter = new RateLimiter(1, 15 * 60_000, time.now);
    limiter.consume('k');
    expect(rejection(() => limiter.consume('k')).message).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    );
    expect(rejection(() => limiter.consume('k')).headers).toEqual({ 'retry-after': '900' });
    time.advance(14 * 60_000 + 1);
    const nearlyDone = rejection(() => limiter.consume('k'));
    expect(nearlyDone.message).toBe('Too many attempts. Please try again in 1 minute.');
    expect(nearlyDone.headers).toEqual({ 'retry-after': '60' });
    time.advance(30_000);
    expect(rejection(() => limiter.consume('k')).message).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
  });

  it('never advertises a Retry-After below 1 second', () => {
    const time = clock();
    const limiter = new RateLimiter(1, 1000, time.now);
    limiter.consume('k');
    time.advance(999.6);
    expect(rejection(() => limiter.check('k')).headers).toEqual({ 'retry-after': '1' });
    expect(rejection(() => limiter.check('k')).message).toBe(
      'Too many attempts. Please try again in 1 second.',
    );
  });

  it('opens again when the window ends; the window starts at the first hit', () => {
    const time = clock();
    const limiter = new RateLimiter(2, 10_000, time.now);
    limiter.consume('k'); // window: 0 … 10 s
    time.advance(9_000);
    limiter.consume('k');
    expect(() => limiter.consume('k')).toThrow(AppError);
    time.advance(999);
    expect(() => limiter.consume('k')).toThrow(AppError);
    time.advance(1);
    expect(() => limiter.consume('k')).not.toThrow();
    expect(() => limiter.consume('k')).not.toThrow();
    expect(() => limiter.consume('k')).toThrow(AppError);
  });

  it('refused attempts do not extend the window', () => {
    const time = clock();
    const limiter = new RateLimiter(1, 10_000, time.now);
    limiter.consume('k');
    for (let i = 0; i < 5; i += 1) {
      time.advance(1_000);
      expect(() => limiter.consume('k')).toThrow(AppError);
    }
    time.advance(5_000);
    expect(() => limiter.consume('k')).not.toThrow();
  });

  it('counts keys separately', () => {
    const time = clock();
    const limiter = new RateLimiter(1, 10_000, time.now);
    limiter.consume('1.2.3.4');
    expect(() => limiter.consume('1.2.3.4')).toThrow(AppError);
    expect(() => limiter.consume('5.6.7.8')).not.toThrow();
  });

  it('check only looks; hit only counts (failed logins are counted after the fact)', () => {
    const time = clock();
    const limiter = new RateLimiter(2, 10_000, time.now);
    for (let i = 0; i < 10; i += 1) limiter.check('e');
    limiter.hit('e');
    limiter.check('e');
    limiter.hit('e');
    expect(() => limiter.check('e')).toThrow(AppError);
    limiter.hit('e'); // hit never throws
    expect(() => limiter.check('e')).toThrow(AppError);
  });

  it('refund gives back one attempt, never below none, in the same window', () => {
    const time = clock();
    const limiter = new RateLimiter(2, 10_000, time.now);
    limiter.consume('e');
    limiter.consume('e');
    expect(() => limiter.check('e')).toThrow(AppError);
    limiter.refund('e');
    expect(() => limiter.consume('e')).not.toThrow();
    expect(() => limiter.check('e')).toThrow(AppError);
    limiter.refund('e');
    limiter.refund('e');
    limiter.refund('e');
    limiter.consume('e');
    limiter.consume('e');
    expect(() => limiter.check('e')).toThrow(AppError);
    time.advance(10_000);
    expect(() => limiter.check('e')).not.toThrow();
  });

  it('keeps working under a flood of distinct keys (memory is swept of expired windows)', () => {
    const time = clock();
    const limiter = new RateLimiter(1, 1_000, time.now);
    for (let i = 0; i < 100_001; i += 1) limiter.hit(`old-${i}`);
    time.advance(1_000);
    limiter.hit('fresh'); // triggers a sweep of the expired windows
    expect(() => limiter.check('fresh')).toThrow(AppError);
    expect(() => limiter.check('old-5')).not.toThrow();
  });
});
