import { sql } from 'drizzle-orm';
import { defineStatement } from '../../db/statement';
import { inMemoryLimiter, tooManyRequests } from '../../lib/rate-limiter';
import type { WriteLimit } from '../../plugins/write-limit';

// The per-account write limit (docs/api.md §12): counted per user, whichever session or device
// the writes come from, so the session's user is found first. On PostgreSQL one statement finds
// the user and counts in the shared rate_limits table (migration 0005), so every instance
// enforces one limit; on PGlite (one process) the count is kept in memory, like the other limits.

type Counter = { count: number; ms_left: number };

const take = defineStatement<{ tokenHash: string; name: string; windowMs: number }, Counter | undefined>(
  'write_limit_take',
  (p) => sql`insert into rate_limits as r (key, count, reset_at)
    select ${p.name}::text || me.user_id, 1, now() + ${p.windowMs} * interval '1 millisecond'
    from signed_in_user(${p.tokenHash}) me
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.count, (extract(epoch from r.reset_at - now()) * 1000)::float8 as ms_left`,
);

const userOf = defineStatement<{ tokenHash: string }, { user_id: string } | undefined>(
  'write_limit_user',
  (p) => sql`select me.user_id from signed_in_user(${p.tokenHash}) me`,
);

export const WRITE_WINDOW_MS = 60 * 1000;

function refuse(max: number, msLeft: number): never {
  throw tooManyRequests(msLeft, `Too many changes: at most ${max} a minute.`);
}

export function writeLimit(db: object, shared: boolean, name: string, max: number): WriteLimit {
  if (shared) {
    return async (tokenHash) => {
      const counter = await take(db, { tokenHash, name: `${name}:`, windowMs: WRITE_WINDOW_MS });
      if (counter && counter.count > max) refuse(max, counter.ms_left);
    };
  }
  const limiter = inMemoryLimiter(max, WRITE_WINDOW_MS);
  return async (tokenHash) => {
    const user = await userOf(db, { tokenHash });
    if (!user) return;
    await limiter
      .consume(user.user_id)
      .catch((error: { headers?: Record<string, string> }) =>
        refuse(max, Number(error.headers?.['retry-after'] ?? 60) * 1000),
      );
  };
}
