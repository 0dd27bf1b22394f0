import { createRequire } from 'node:module';

// autocannon (since PR #301) appends every response chunk to a string, `req.body += chunk`, for
// its `onResponse`, `verifyBody` and `expectBody` options. The bench uses none of them: each load
// is checked by one request before it starts (run.ts `check`), and byte counts are kept apart.
// The string costs the client CPU that depends on the answer's encoding, not on the server's
// work. JSON text decodes on V8's one-byte fast path, but a brotli body is not UTF-8, so every
// byte takes the slow path and makes a two-byte string of U+FFFDs. Measured on the exercise
// page: 7.1 µs per 3.8 KB brotli answer against 1.1 µs per 11 KB JSON floor answer in a loop.
// Under load the client spent 0.085 ms of CPU per compressed answer against 0.040 ms without
// the string. On two cores shared by client and servers that CPU comes out of the server's
// throughput, so compressed answers were penalised in their ratio to the uncompressed floor.
// No real client pays it: a browser decompresses the body, it never decodes brotli as text.

const require = createRequire(import.meta.url);

/**
 * Stops autocannon from building response bodies, for every load in this process (the app and
 * its floors alike). Fails loudly if autocannon's internals moved, rather than measuring
 * something else in silence.
 */
export function skipResponseBodies(): void {
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody?: (data: Buffer) => void };
  };
  if (typeof queue.prototype?.addBody !== 'function') {
    throw new Error(
      'autocannon no longer has PipelinedRequestsQueue.prototype.addBody: see bench/autocannon-bodies.ts',
    );
  }
  queue.prototype.addBody = () => {};
}
