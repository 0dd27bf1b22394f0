import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
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

  const preloads = dataLayerPreloads(distDir);

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
    // Every screen but the home page and the sign-in screen sits under the data layout: its chunks
    // download beside the entry instead of after it has run.
    if (preloads && url !== '/' && url !== '/login') reply.header('link', preloads);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

/**
 * The `Link` header that preloads the data layer (the `data` chunk, what it imports and its
 * stylesheet; vite.config.ts) with a screen's page, read from the build's manifest
 * (dist/web/.vite/manifest.json): what index.html preloads itself is left out. Null without a
 * manifest. docs/decisions/0036-data-layer-preloaded-with-the-page.md.
 */
function dataLayerPreloads(distDir: string): string | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const data = Object.keys(manifest).find((key) => manifest[key].name === 'data');
  const entry = manifest['index.html'];
  if (!data || !entry) return null;
  const loaded = new Set(['index.html', ...(entry.imports ?? [])]);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(key) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(data);
  return [
    ...[...scripts].map((script) => `</${script}>; rel=modulepreload`),
    // `crossorigin`, as the script that then loads these stylesheets asks for them (Vite's preload
    // helper sets crossOrigin = ''): a preload in another credentials mode goes unused, and each
    // stylesheet was downloaded twice on a signed-in screen's first visit.
    ...[...styles].map((style) => `</${style}>; rel=preload; as=style; crossorigin`),
  ].join(', ');
}
