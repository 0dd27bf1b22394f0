import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AnswerKey } from '../../plugins/idempotency';
import { defineStatement } from '../../db/statement';

// Answers kept under an Idempotency-Key (docs/api.md §10, migration 0007): a user's key on a
// route names one request for 24 hours. A create keeps its 201 answer in its own statement
// (its CTE `remembered`), so a keyed create costs no extra round trip; the primary key refuses a
// second request with the same key, on both engines, and the whole second statement (its
// session, log or exercise included) rolls back. Other answers (4xx) are kept after they are
// sent (`keepAnswer`). plugins/idempotency.ts reads the header and replays kept answers.

export type { AnswerKey };

/** The key's columns as statement parameters: all null for a request without a key. */
export interface KeyParams {
  keyRoute: string | null;
  keyValue: string | null;
  keyHash: string | null;
}

export function keyParams(key: AnswerKey | undefined): KeyParams {
  return { keyRoute: key?.route ?? null, keyValue: key?.key ?? null, keyHash: key?.hash ?? null };
}

type Kept = { request_hash: string; status: number; body: string };

const keptAnswer = defineStatement<{ tokenHash: string; route: string; key: string }, Kept | undefined>(
  'idempotency_kept_answer',
  (p) => sql`select k.request_hash, k.status, k.body from signed_in_user(${p.tokenHash}) me
    join idempotency_keys k on k.user_id = me.user_id and k.route = ${p.route} and k.key = ${p.key}
      and k.created_at >= now() - interval '24 hours'`,
  z.object({ request_hash: z.string(), status: z.number(), body: z.string() }).strict().optional(),
);

/** The answer kept under the signed-in user's key, unless it is older than 24 hours. */
export async function findKeptAnswer(db: object, tokenHash: string, key: AnswerKey): Promise<Kept | null> {
  return (await keptAnswer(db, { tokenHash, route: key.route, key: key.key })) ?? null;
}

const keep = defineStatement<
  { tokenHash: string; route: string; key: string; hash: string; status: number; body: string },
  { kept: boolean }
>(
  'idempotency_keep_answer',
  (p) => sql`with kept as (
      insert into idempotency_keys (user_id, route, key, request_hash, status, body)
      select me.user_id, ${p.route}, ${p.key}, ${p.hash}, ${p.status}, ${p.body} from signed_in_user(${p.tokenHash}) me
      on conflict (user_id, route, key) do nothing
      returning 1
    )
    select exists (select from kept) as kept`,
  z.object({ kept: z.boolean() }).strict(),
);

/** Keeps an answer that no create statement kept; false when the key already holds one. */
export async function keepAnswer(
  db: object,
  tokenHash: string,
  key: AnswerKey,
  answer: { status: number; body: string },
): Promise<boolean> {
  return (await keep(db, { tokenHash, ...key, ...answer })).kept;
}

const forgetExpired = defineStatement<{ tokenHash: string; route: string; key: string }, unknown>(
  'idempotency_forget_expired',
  (p) => sql`delete from idempotency_keys k using signed_in_user(${p.tokenHash}) me
    where k.user_id = me.user_id and k.route = ${p.route} and k.key = ${p.key}
      and k.created_at < now() - interval '24 hours'`,
);

/** Frees a key whose answer is older than 24 hours (the hourly sweep had not yet come by). */
export async function forgetExpiredKey(db: object, tokenHash: string, key: AnswerKey): Promise<void> {
  await forgetExpired(db, { tokenHash, route: key.route, key: key.key });
}

const sweep = defineStatement<Record<string, never>, unknown>(
  'idempotency_sweep',
  () => sql`delete from idempotency_keys where created_at < now() - interval '24 hours'`,
);

/** Housekeeping: keys older than 24 hours name nothing; main.ts sweeps them with the tokens. */
export async function sweepIdempotencyKeys(db: object): Promise<void> {
  await sweep(db, {});
}
