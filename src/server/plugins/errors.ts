import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { isKeyTaken } from '../db/errors';
import { quotaPassed } from '../db/quotas';
import { AppError } from '../lib/app-error';
import type { ReplayTakenKey } from './idempotency';

const GENERIC_500 = 'Something went wrong';

/** Fastify's own client errors, reworded so a person knows what to do. */
const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty; send a JSON object'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Send the request body as JSON (content-type: application/json)'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request body does not match its content-length'],
};

/**
 * The longest address served (docs/api.md §9: a path too long to serve is 414). The longest real
 * one is a session's edit path under two 100-letter titles of a four-byte script (1,200
 * characters each once percent-encoded): about 2,500. Past this, any address, page or API, known
 * route or not, is refused before routing; a longer route parameter is refused by the router.
 */
export const MAX_URL_LENGTH = 4096;

/** The one place an error becomes a response: `{message, errors?}`, never a stack or SQL text. */
export function registerErrorHandler(app: FastifyInstance, replayTakenKey: ReplayTakenKey): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (isKeyTaken(error)) return replayTakenKey(request, reply);
    // A create past a quota (docs/api.md §12): its trigger's words name the limit.
    const quota = quotaPassed(error);
    if (quota) return reply.status(409).send({ message: quota.message });
    // A record route checks the session in its own statement, after the body is parsed and
    // validated: what is answered below went out before it, and a stranger gets a 401 instead
    // (`registerStrangerCheck`, plugins/auth.ts, checks as the answer is sent).
    if (request.tokenHash) request.sessionUnchecked = true;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (field === '') {
          // The body itself is not an object: there is no field to point at.
          return reply.status(400).send({ message: 'Send the request body as a JSON object' });
        }
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      // The first field's own message (docs/product.md §5's wording); `errors` has every field's.
      return reply.status(400).send({ message: Object.values(errors)[0] ?? 'Invalid request', errors });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ message: 'The request contains a character that cannot be stored' });
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (isResponseSerializationError(error))
      request.log.error({ err: error, reqId: request.id }, 'response did not match its schema');
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500) return reply.status(status).send({ message: error.message || 'Bad request' });
    request.log.error({ error: loggable(error), reqId: request.id }, 'request failed');
    return reply.status(500).send({ message: GENERIC_500 });
  });
}

/**
 * What a 5xx log line says of its error (docs/api.md §9): code and message, never the query's
 * parameters, which hold titles, emails and hashes. Background work and sweeps log their
 * failures through it too. Drizzle's own message is the SQL text with
 * its parameters, so for a database error only the database's code and message are kept.
 */
export function loggable(error: FastifyError): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return { code: cause.code, message: cause.message };
  if ('params' in error || /^Failed query/.test(error.message))
    return { code: error.code, message: 'query failed' };
  return { code: error.code, name: error.name, message: error.message, stack: error.stack };
}

/**
 * PostgreSQL refuses a NUL character in text (22021) and a \u0000 escape in jsonb (22P05). Such
 * characters pass our schemas (an email, a username, a slug in the path) and are the client's doing.
 */
function isUnstorableText(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '22021' || e.code === '22P05') return true;
  }
  return false;
}

/**
 * A request Node's HTTP parser refused (its `clientError`), answered with our `{message}` shape.
 * Node stops reading a request line and headers at 16 KB (HPE_HEADER_OVERFLOW), before the 414
 * of app.ts sees the path: when the request line itself does not fit, or is longer than any
 * address served, that is a path too long to serve (docs/api.md §9), 414 too; otherwise the
 * headers are too large (431).
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'The request is not valid HTTP';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = 'The request took too long to arrive';
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node hands over the bytes it read (a Buffer, whatever Fastify's types say).
    const received = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const lineEnd = received.search(/\r?\n/);
    const addressTooLong = lineEnd === -1 || lineEnd > MAX_URL_LENGTH;
    status = addressTooLong ? 414 : 431;
    message = addressTooLong ? 'The address is too long' : 'The request headers are too large';
  }
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
