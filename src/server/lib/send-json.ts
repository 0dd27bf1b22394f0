import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that PostgreSQL built (decision 0014) as the answer. Fastify sends a string
 * with a JSON content type as it is, so the route's zod schema documents the answer (OpenAPI)
 * rather than re-serializing it; the server tests check every answer against that schema.
 * Returns the reply, as a handler that has sent its answer must.
 */
export function sendJson(reply: FastifyReply, json: string, status = 200): FastifyReply {
  // The type provider types `send` as the schema's object; the text is that object, serialized.
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(json as never);
}
