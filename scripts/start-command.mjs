// The node arguments of `npm start` (package.json's "start": node [flags] scripts/start.mjs), so
// the e2e journeys, the resilience runs and the bench start the server exactly as users do.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root.mjs';

/** @returns {string[]} e.g. ['--max-old-space-size=512', 'scripts/start.mjs'] */
export function startArgs() {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const [command, ...args] = scripts.start.trim().split(/\s+/);
  if (command !== 'node' || args.at(-1) !== 'scripts/start.mjs') {
    throw new Error(`package.json "start" must be "node [flags] scripts/start.mjs", not "${scripts.start}"`);
  }
  return args;
}
