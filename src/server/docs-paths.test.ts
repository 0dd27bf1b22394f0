import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is read by newcomers as a map of the code: every file and migration it names
// must exist. It names files in full (`src/server/app.ts`), relative to a half of the code
// (`plugins/auth.ts`, `contract/sessions.ts`, `users/users.routes.ts`, `lib/form/`) or by name alone
// (`session-record.ts`).

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = ['docs/architecture.md'];

/** Where a name relative to a half of the code may start. */
const BASES = ['', 'src', 'src/server', 'src/server/features', 'src/web', 'src/web/features', 'src/contract'];
const EXTENSIONS = /\.(ts|tsx|mjs|js|json|sql|css|html|md)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'screenshots']);

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(relative, found);
    else found.push(relative);
  }
  return found;
}
const SOURCE_NAMES = new Set(walk('src').map((file) => path.posix.basename(file)));

/**
 * The file paths a Markdown text names: backticked words that are a path or a file name (with one
 * of our extensions, ending in `/`, or starting at a top-level folder: `src/contract`), and unquoted
 * words with a `/` and such an extension, or a tool's config file (eslint.config.js).
 * Patterns (`features/<f>/…`, `*.sql`), URLs and routes (`/api/…`) are no files.
 */
function namedPaths(markdown: string): string[] {
  const names = new Set<string>();
  const looksLikePath = (word: string) =>
    !/[<>*…:\s(){}]/.test(word) &&
    !word.startsWith('/') &&
    (EXTENSIONS.test(word) || word.endsWith('/') || /^(src|docs|e2e|bench|scripts|resilience)\//.test(word));
  for (const [, word] of markdown.matchAll(/`([^`\n]+)`/g)) if (looksLikePath(word)) names.add(word);
  const prose = markdown.replace(/`[^`\n]*`/g, ' ');
  for (const [word] of prose.matchAll(/[\w.-]+(?:\/[\w.-]+)*/g))
    if (EXTENSIONS.test(word) && (word.includes('/') || /\.config\.\w+$/.test(word))) names.add(word);
  return [...names];
}

/** A file name alone may live anywhere under src/ (or be the repository's own, e.g. eslint.config.js). */
function exists(name: string): boolean {
  if (!name.includes('/')) return SOURCE_NAMES.has(name) || existsSync(path.join(ROOT, name));
  return BASES.some((base) => existsSync(path.join(ROOT, base, name)));
}

/** Migrations named by number ("migration 0007", "migrations 0008, 0010"). */
function namedMigrations(markdown: string): string[] {
  const numbers = new Set<string>();
  for (const [list] of markdown.matchAll(/migrations? \d{4}(?:(?:,| and| or) \d{4})*/g))
    for (const [n] of list.matchAll(/\d{4}/g)) numbers.add(n);
  return [...numbers];
}

describe('the files the docs name', () => {
  it('finds paths in each of the forms the docs use, and nothing else', () => {
    const text = [
      '`src/server/app.ts` and `plugins/auth.ts`, `session-record.ts`, `lib/form/`,',
      '`features/<f>/<f>.routes.ts`, `GET /api/openapi.json`, `sessions.api_json`, `requireSession`,',
      'db/schema.ts, db/migrations/*.sql, `…/edit/:id`, `useSchemaForm(schema, { onSubmit })`, `src/web/lib`,',
      'eslint.config.js; app.inject and Node.js are no files.',
    ].join('\n');
    expect(namedPaths(text).sort()).toEqual(
      [
        'db/schema.ts',
        'eslint.config.js',
        'lib/form/',
        'plugins/auth.ts',
        'session-record.ts',
        'src/server/app.ts',
        'src/web/lib',
      ].sort(),
    );
    expect(namedMigrations('migration 0007, migrations 0008, 0010 and 0011')).toEqual([
      '0007',
      '0008',
      '0010',
      '0011',
    ]);
  });

  for (const doc of DOCS) {
    it(`${doc}: every file it names exists`, () => {
      const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
      const paths = namedPaths(markdown);
      expect(paths.length).toBeGreaterThan(20);
      expect(paths.filter((name) => !exists(name))).toEqual([]);
    });

    it(`${doc}: every migration it names by number exists`, () => {
      const migrations = readdirSync(path.join(ROOT, 'src/server/db/migrations'));
      const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
      const missing = namedMigrations(markdown).filter(
        (n) => !migrations.some((file) => file.startsWith(`${n}_`)),
      );
      expect(missing).toEqual([]);
    });
  }
});
