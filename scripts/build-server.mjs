// Bundles the server (src/server/main.ts and what it imports, node_modules left as imports)
// into dist/server/main.mjs, which `npm start` runs. Running the TypeScript through tsx instead
// kept a loader thread and the transpiler in the server's memory (≈ 40 MB of its RSS).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './root.mjs';

export const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.mjs');

export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts')],
    outfile: SERVER_BUNDLE,
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
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
