import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

// `Idempotency-Key` on POST creates (docs/api.md §10): the same key from the same user on the
// same route within 24 hours gets the first answer again and creates nothing more. A create
// keeps its 201 answer in its own statement (features/users/idempotency-keys.ts); this file
// reads the header, keeps the other answers, and replays a kept answer when the key is taken.

/** The request's key, its route (the path as sent) and a hash of its body; absent without a header. */
export interface AnswerKey {
  route: string;
  key: string;
  hash: string;
}

/** Where answers are kept (features/users/idempotency-keys.ts, passed in by app.ts). */
export interface KeptAnswers {
  findKeptAnswer(
    db: object,
    tokenHash: string,
    key: AnswerKey,
  ): Promise<{ request_hash: string; status: number; body: string } | null>;
  keepAnswer(
    db: object,
    tokenHash: string,
    key: AnswerKey,
    answer: { status: number; body: string },
  ): Promise<boolean>;
  forgetExpiredKey(db: object, tokenHash: string, key: AnswerKey): Promise<void>;
}

/** Sends the kept answer of a create whose statement found its key taken (plugins/errors.ts). */
export type ReplayTakenKey = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create route that honours `Idempotency-Key`. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** This request's key, set before validation on an idempotent route that was sent one. */
    answerKey?: AnswerKey;
    /** The answer is a kept one (or already kept): nothing more to keep. */
    answerSettled?: boolean;
  }
}

const KEY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const KEY_INVALID = 'Idempotency-Key must be 1 to 200 visible characters';
const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
const KEY_EXPIRED = 'This Idempotency-Key is older than 24 hours and now free: send the request again';

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
 * The answer for a request whose key already names one: the kept answer when the bodies match,
 * else 422. Called when a create statement found its key taken, or when a 4xx could not be kept.
 */
async function replay(
  { db, store }: { db: object; store: KeptAnswers },
  request: FastifyRequest,
  reply: FastifyReply,
  key: AnswerKey,
) {
  request.answerSettled = true;
  const kept = await store.findKeptAnswer(db, request.tokenHash, key);
  if (!kept) {
    // Taken by an answer older than 24 hours, not yet swept.
    await store.forgetExpiredKey(db, request.tokenHash, key);
    return { status: 409, body: JSON.stringify({ message: KEY_EXPIRED }) };
  }
  if (kept.request_hash !== key.hash) return { status: 422, body: JSON.stringify({ message: KEY_REUSED }) };
  reply.header('idempotent-replayed', 'true');
  return { status: kept.status, body: kept.body };
}

/**
 * Registers the hooks on the root, before compression, so answers are kept as the text the route
 * sent. The key is read before validation: a refused body is kept and replayed like any answer.
 */
export function registerIdempotency(app: FastifyInstance, db: object, store: KeptAnswers): ReplayTakenKey {
  const kept = { db, store };
  app.addHook('preValidation', async (request) => {
    const header = request.headers[KEY_HEADER];
    if (!request.routeOptions.config.idempotent || header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY_PATTERN.test(key)) throw new AppError(400, KEY_INVALID);
    request.answerKey = { route: request.url.split('?')[0] as string, key, hash: hashBody(request.body) };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.answerKey;
    // A 201 was kept by its create statement; a 5xx is not an answer, and the key stays free;
    // a 401 has no user to keep it for.
    const status = reply.statusCode;
    if (!key || request.answerSettled || status === 201 || status === 401 || status >= 500) return payload;
    if (typeof payload !== 'string') return payload;
    request.answerSettled = true;
    const answer = { status, body: payload };
    if (await store.keepAnswer(db, request.tokenHash, key, answer)) return payload;
    // The key already holds an answer (a duplicate of a request that was refused, or of a
    // create whose retry now finds its own slug taken): that answer, not this one.
    const replayed = await replay(kept, request, reply, key);
    reply.status(replayed.status);
    return replayed.body;
  });

  return async (request, reply) => {
    const answer = await replay(kept, request, reply, request.answerKey as AnswerKey);
    return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
  };
}
