import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app, precompressed. Hashed assets are immutable for a year; index.html is always
 * revalidated so a deploy is picked up at once. Every other GET outside /api gets index.html,
 * so reloads and emailed links (/reset-password/<token>) work.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (scripts/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
