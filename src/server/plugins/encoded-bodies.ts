import type { FastifyInstance } from 'fastify';

// Request bodies sent with a Content-Encoding (gzip, deflate, br …) are refused (docs/api.md
// §12) before anything decompresses them: the body size limits count the bytes received, and
// 10 KB of gzip can unpack to 10 MB of work. Only `identity` (no encoding at all) passes.

const MESSAGE = 'Send the request body uncompressed: Content-Encoding is not accepted';

/** Whether the request carries a body at all (a length above 0, or chunks). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) !== 0;
}

/** An onRequest hook on the root, so every route (and the 404 handler) refuses before reading. */
export function registerEncodedBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['content-encoding'];
    if (header === undefined || !hasBody(request.headers)) return;
    const codings = String(header)
      .split(',')
      .map((coding) => coding.trim().toLowerCase())
      .filter((coding) => coding !== '' && coding !== 'identity');
    if (codings.length > 0) return reply.status(415).send({ message: MESSAGE });
  });
}
