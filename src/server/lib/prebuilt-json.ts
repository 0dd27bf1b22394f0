import type { FastifyReply } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

// In tests every prebuilt answer is held to its route's response schema, exactly: a field
// missing, mistyped or extra fails the request, as the serializer would have.
const CHECK = process.env.NODE_ENV === 'test';

/**
 * Sends JSON text that PostgreSQL built in the route's exact response shape. A string payload is
 * not serialized again, so the answer costs no parse and no stringify in Node.
 */
export function sendPrebuiltJson(reply: FastifyReply, schema: z.ZodType, body: string): FastifyReply {
  if (CHECK) {
    const value: unknown = JSON.parse(body);
    const checked = schema.parse(value);
    if (!isDeepStrictEqual(checked, value)) {
      throw new Error(`Prebuilt answer does not match its schema exactly: ${body.slice(0, 500)}`);
    }
  }
  // As bytes: a string would be measured twice (content-length, then the compressor's size check)
  // and encoded to UTF-8 a third time before compression.
  return reply.type('application/json; charset=utf-8').send(Buffer.from(body));
}
