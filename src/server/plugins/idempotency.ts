import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineStatement } from '../db/statement';
import { AppError } from '../lib/app-error';

// `Idempotency-Key` on POST creates (docs/api.md §10): the same key from the same user on the
// same route within 24 hours gets the first answer again and creates nothing more. The primary
// key of `idempotency_keys` (migration 0007) decides between duplicates that arrive at once, on
// both engines: one request claims the key, the others wait for its answer.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create route that honours `Idempotency-Key`. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when it is sent. */
    idempotencyClaim?: Claim;
  }
}

interface Claim {
  userId: string;
  route: string;
  key: string;
}

export const KEY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const KEY_INVALID = 'Idempotency-Key must be 1 to 200 visible characters';
const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
/** How long a duplicate waits for the first request's answer before giving up. */
const WAIT_MS = 30_000;
const POLL_MS = 15;

type KeyRow = { claimed: boolean; request_hash: string | null; status: number | null; body: string | null };

/**
 * Claims the key, or reads what it holds. A key older than 24 hours is claimed afresh. A key
 * that another request claimed after this statement's snapshot reads as absent and unclaimed;
 * the caller asks again.
 */
const claimKey = defineStatement<Claim & { hash: string }, KeyRow>(
  'idempotency_claim',
  (p) => sql`with claim as (
      insert into idempotency_keys as k (user_id, route, key, request_hash)
      values (${p.userId}, ${p.route}, ${p.key}, ${p.hash})
      on conflict (user_id, route, key) do update
        set request_hash = excluded.request_hash, status = null, body = null, created_at = now()
        where k.created_at < now() - interval '24 hours'
      returning 1
    )
    select exists (select 1 from claim) as claimed, k.request_hash, k.status, k.body
    from (select 1) one
    left join idempotency_keys k on k.user_id = ${p.userId} and k.route = ${p.route} and k.key = ${p.key}
      and k.created_at >= now() - interval '24 hours'`,
);

const storeAnswer = defineStatement<Claim & { status: number; body: string }, unknown>(
  'idempotency_store',
  (p) => sql`update idempotency_keys set status = ${p.status}, body = ${p.body}
    where user_id = ${p.userId} and route = ${p.route} and key = ${p.key}`,
);

const release = defineStatement<Claim, unknown>(
  'idempotency_release',
  (p) => sql`delete from idempotency_keys
    where user_id = ${p.userId} and route = ${p.route} and key = ${p.key} and status is null`,
);

const sweep = defineStatement<Record<string, never>, unknown>(
  'idempotency_sweep',
  () => sql`delete from idempotency_keys where created_at < now() - interval '24 hours'`,
);

/** Housekeeping: keys older than 24 hours name nothing; main.ts sweeps them with the tokens. */
export async function sweepIdempotencyKeys(db: object): Promise<void> {
  await sweep(db, {});
}

/** The same body gives the same hash whatever the order of its keys. */
function hashBody(body: unknown): string {
  const canonical = JSON.stringify(body ?? null, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('base64url');
}

/**
 * Registers the hooks on the root, before compression: the answer is stored as the text the
 * route sent. preValidation runs after the session check (onRequest sets `request.user` on
 * POST) and before the body's validation, so a refused body is replayed like any answer.
 */
export function registerIdempotency(app: FastifyInstance, db: object): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[KEY_HEADER];
    if (!request.routeOptions.config.idempotent || header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY_PATTERN.test(key)) throw new AppError(400, KEY_INVALID);
    const claim: Claim = { userId: request.user.id, route: request.url.split('?')[0] as string, key };
    const hash = hashBody(request.body);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await claimKey(db, { ...claim, hash });
      if (row.claimed) {
        request.idempotencyClaim = claim;
        return;
      }
      if (row.request_hash !== null && row.request_hash !== hash) throw new AppError(422, KEY_REUSED);
      if (row.status !== null && row.body !== null) {
        return reply
          .status(row.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(row.body);
      }
      // Claimed by a request still running (or one that just began): wait for its answer.
      if (Date.now() > deadline)
        throw new AppError(409, 'The first request with this Idempotency-Key is still running: try again');
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    // A 5xx is not an answer: the key is released so the request may be retried.
    if (reply.statusCode >= 500 || typeof payload !== 'string') await release(db, claim);
    else await storeAnswer(db, { ...claim, status: reply.statusCode, body: payload });
    return payload;
  });

  // A request that ends without sending (the client went away) leaves no claim behind.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim) await release(db, claim);
  });
}
