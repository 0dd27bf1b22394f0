import { sql } from 'drizzle-orm';
import { defineStatement } from '../../db/statement';
import { inMemoryLimiter, tooManyRequests } from '../../lib/rate-limiter';
import type { WriteLimit } from '../../plugins/write-limit';

// The per-account write limit (docs/api.md §12): counted per user, whichever session or device
// the writes come from, in this process's memory (decision 0026). A counter in the shared
// rate_limits table is one row that every write of an account updates: it queued an account's
// concurrent writes behind each other and cost each write a round trip (creates fell from 0.6× to
// 0.45× the raw insert floor in the bench). With several instances an account may therefore write
// up to the limit on each. A session's user never changes, so each token's user is looked up once.

const userOf = defineStatement<{ tokenHash: string }, { user_id: string } | undefined>(
  'write_limit_user',
  (p) => sql`select me.user_id from signed_in_user(${p.tokenHash}) me`,
);

export const WRITE_WINDOW_MS = 60 * 1000;
/** Tokens whose user is remembered; past it the oldest is looked up again when it next writes. */
const USERS_KEPT = 10_000;

function refuse(max: number, msLeft: number): never {
  throw tooManyRequests(msLeft, `Too many changes: at most ${max} a minute.`);
}

export function writeLimit(db: object, max: number): WriteLimit {
  const limiter = inMemoryLimiter(max, WRITE_WINDOW_MS);
  const users = new Map<string, string>();
  return async (tokenHash) => {
    let userId = users.get(tokenHash);
    if (userId === undefined) {
      const user = await userOf(db, { tokenHash });
      // A stranger passes: the route answers 401.
      if (!user) return;
      userId = user.user_id;
      if (users.size >= USERS_KEPT) users.delete(users.keys().next().value as string);
      users.set(tokenHash, userId);
    }
    await limiter
      .consume(userId)
      .catch((error: { headers?: Record<string, string> }) =>
        refuse(max, Number(error.headers?.['retry-after'] ?? 60) * 1000),
      );
  };
}
