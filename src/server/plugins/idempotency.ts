import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
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
    /** The SHA-256 of the body's bytes, on an idempotent route sent a key. */
    bodyHash?: string;
  }
}

const KEY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const KEY_INVALID = 'Idempotency-Key must be 1 to 200 visible characters';
const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
/** The answers a key keeps: 2xx, and 4xx other than 401, 404 and 429 (docs/api.md §12). */
const KEPT = (status: number) =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && ![401, 404, 429].includes(status));
const KEY_EXPIRED = 'This Idempotency-Key is older than 24 hours and now free: send the request again';

/**
 * Hashes the body's bytes as they arrive (docs/api.md §12): no walk over the parsed value, so a
 * body of any depth hashes in one pass, and two requests are the same request when they sent the
 * same bytes. The offline queue resends the bytes it stored, so its retries always match.
 */
function hashingStream(request: FastifyRequest, payload: Readable): Readable {
  const hash = createHash('sha256');
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      request.bodyHash = hash.digest('base64url');
      done();
    },
  });
  return payload.pipe(tee);
}

/** The hash of an empty body (a request without one). */
const EMPTY_HASH = createHash('sha256').update('').digest('base64url');

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
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.routeOptions.config.idempotent || request.headers[KEY_HEADER] === undefined) return payload;
    return hashingStream(request, payload);
  });
  app.addHook('preValidation', async (request) => {
    const header = request.headers[KEY_HEADER];
    if (!request.routeOptions.config.idempotent || header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY_PATTERN.test(key)) throw new AppError(400, KEY_INVALID);
    request.answerKey = {
      route: request.url.split('?')[0] as string,
      key,
      hash: request.bodyHash ?? EMPTY_HASH,
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.answerKey;
    // A 201 was kept by its create statement; a 5xx is not an answer, and the key stays free;
    // a 401 has no user to keep it for; a 404 or a 429 may change once the thing exists or the
    // minute has passed, so a retry with the same key is answered afresh (docs/api.md §12).
    const status = reply.statusCode;
    if (!key || request.answerSettled || status === 201 || !KEPT(status)) return payload;
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
