// Bundles the server (src/server/main.ts and what it imports, node_modules left as imports)
// into dist/server/main.mjs, which `npm start` runs, and the embedded database's thread
// (src/server/db/pglite-host.ts) into pglite-host.mjs beside it, which main.mjs starts. Running the TypeScript through tsx instead
// kept a loader thread and the transpiler in the server's memory (≈ 40 MB of its RSS).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './root.mjs';

export const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.mjs');

export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: {
      main: path.join(ROOT, 'src/server/main.ts'),
      'pglite-host': path.join(ROOT, 'src/server/db/pglite-host.ts'),
    },
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // Written beside, then renamed: servers starting at once (tests) never read a half-written file.
  // main.mjs last: `npm start` rebuilds when it is older than the sources, so it is never newer
  // than the thread it starts.
  const isMain = (file) => file.path.startsWith(SERVER_BUNDLE);
  const files = [...result.outputFiles.filter((f) => !isMain(f)), ...result.outputFiles.filter(isMain)];
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
