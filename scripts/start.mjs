// `npm start`: builds what is missing or older than its sources (the web app with vite, the
// server bundle with esbuild), then runs the server in this process (so signals reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';
import { ROOT } from './root.mjs';

const at = (...parts) => path.join(ROOT, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(at(source)) > builtAt);
}

const webIndex = at('dist/web/index.html');
const webSources = [
  'src/web',
  'src/contract',
  'vite.config.ts',
  'scripts/precompress.mjs',
  'package-lock.json',
];
const hasWeb = existsSync(at('src/web/index.html'));
if (process.env.SKIP_WEB_BUILD !== '1' && hasWeb && isStale(webIndex, webSources)) {
  console.log('Building the web app (first start, or its sources changed)…');
  const vite = at('node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web app did not build; see the errors above.');
    process.exit(result.status ?? 1);
  }
}

const serverSources = ['src/server', 'src/contract', 'scripts/build-server.mjs', 'package-lock.json'];
if (isStale(SERVER_BUNDLE, serverSources)) await buildServer();

// Stack traces name the TypeScript files and lines (the bundle carries a source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_BUNDLE).href);
