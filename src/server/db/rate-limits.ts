import { sql } from 'drizzle-orm';
import { type Limiter, tooManyRequests } from '../lib/rate-limiter';
import { defineStatement } from './statement';

// Rate-limit counters in PostgreSQL (migration 0005), for servers on DATABASE_URL: every instance
// counts in the same row, and each step is one atomic statement, so parallel requests on any
// instance cannot pass a limit together (docs/api.md §9).

type Counter = { count: number; ms_left: number };

const take = defineStatement<{ key: string; windowMs: number }, Counter>(
  'rate_limit_take',
  (p) => sql`insert into rate_limits as r (key, count, reset_at)
    values (${p.key}, 1, now() + ${p.windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.count, (extract(epoch from r.reset_at - now()) * 1000)::float8 as ms_left`,
);

const peek = defineStatement<{ key: string }, Counter | undefined>(
  'rate_limit_peek',
  (p) => sql`select count, (extract(epoch from reset_at - now()) * 1000)::float8 as ms_left
    from rate_limits where key = ${p.key} and reset_at > now()`,
);

const giveBack = defineStatement<{ key: string }, unknown>(
  'rate_limit_refund',
  (p) =>
    sql`update rate_limits set count = count - 1 where key = ${p.key} and reset_at > now() and count > 0`,
);

const sweep = defineStatement<Record<string, never>, unknown>(
  'rate_limit_sweep',
  () => sql`delete from rate_limits where reset_at <= now()`,
);

/** `max` attempts per `windowMs` for each key, counted in the database under `name`. */
export function sharedLimiter(db: object, name: string, max: number, windowMs: number): Limiter {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async consume(key) {
      const counter = await take(db, { key: keyOf(key), windowMs });
      if (counter.count > max) throw tooManyRequests(counter.ms_left);
    },
    async check(key) {
      const counter = await peek(db, { key: keyOf(key) });
      if (counter && counter.count >= max) throw tooManyRequests(counter.ms_left);
    },
    async refund(key) {
      await giveBack(db, { key: keyOf(key) });
    },
  };
}

/** Housekeeping: windows that have ended are dead rows; main.ts sweeps them with the tokens. */
export async function sweepRateLimits(db: object): Promise<void> {
  await sweep(db, {});
}
