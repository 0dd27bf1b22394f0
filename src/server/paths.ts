import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root: the nearest folder above this module holding package.json. This module
 * runs from src/server (tests, tsx) and from the dist/server bundle (npm start), so a fixed
 * number of '..' would be right in only one of them.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(ROOT, 'src/server/db/migrations');
export const FUNCTIONS_DIR = path.join(ROOT, 'src/server/db/functions');
