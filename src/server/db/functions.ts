import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FUNCTIONS_DIR } from '../paths';

// Functions, views and triggers live in db/functions/, one file each, written with CREATE OR
// REPLACE; migrations hold tables, indexes and one-off backfills (decision 0020). Every start
// applies them after the migrations (on PostgreSQL inside the migration lock), so a file always
// states the definition in force and changing one needs no migration.

/** Runs SQL text (one statement or several) and gives the rows of the last one. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Columns that store a function's result, rebuilt when the definition of a function it is made of
 * changes (or first appears): the rows written before would otherwise keep the old shape. In
 * order: a workout's JSON holds its sessions' (decision 0038).
 */
const STORED_RESULTS = [
  {
    fns: ['session_api_json(sessions)'],
    // The trigger (sessions-api-json-trigger.sql) stores the new JSON on any update of the row.
    rebuild: `update sessions set api_json = session_api_json(sessions)
      where api_json::text is distinct from session_api_json(sessions)::text`,
  },
  {
    fns: [
      'workout_stored_json(workouts)',
      'workout_json(workouts, text, json, float8, int)',
      'workout_parts(uuid, uuid, text)',
      'exercise_json(exercises, text)',
    ],
    // The trigger (workouts-api-json-trigger.sql) stores the new JSON on any update of the row.
    rebuild: `update workouts set api_json = null
      where api_json is null or api_json::text is distinct from workout_stored_json(workouts)::text`,
  },
];

/**
 * The files of db/functions/ in name order: a file that uses another's function sorts after it.
 * Compared without `.sql`, so a file's name sorts before the names that extend it: user-log.sql
 * before user-log-exercise.sql, whose function calls user-log.sql's (a plain sort puts `-` first).
 */
export function functionFiles(dir = FUNCTIONS_DIR): { name: string; text: string }[] {
  const stem = (name: string) => name.slice(0, -'.sql'.length);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort((a, b) => (stem(a) < stem(b) ? -1 : stem(a) > stem(b) ? 1 : 0))
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
}

async function definitions(run: RunSql): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  for (const fn of STORED_RESULTS.flatMap((stored) => stored.fns)) {
    const [row] = await run(
      `select pg_get_functiondef(to_regprocedure('${fn}')) as def where to_regprocedure('${fn}') is not null`,
    );
    found.set(fn, row ? createHash('sha256').update(String(row.def)).digest('hex') : null);
  }
  return found;
}

/** Applies every file of db/functions/ and rebuilds the stored results whose function changed. */
export async function applyFunctions(run: RunSql, dir = FUNCTIONS_DIR): Promise<void> {
  const before = await definitions(run);
  for (const file of functionFiles(dir)) {
    try {
      await run(file.text);
    } catch (error) {
      throw new Error(`db/functions/${file.name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  const after = await definitions(run);
  for (const stored of STORED_RESULTS) {
    if (stored.fns.some((fn) => before.get(fn) !== after.get(fn))) await run(stored.rebuild);
  }
}

/**
 * A `RunSql` on an opened database's own client (drizzle's `$client`), which takes several
 * statements in one text as the files of db/functions/ hold; drizzle's `execute` takes one.
 * For scripts and tests: openDatabase applies the functions by itself.
 */
export function runSqlOn(database: { db: object; engine: 'pglite' | 'postgres' }): RunSql {
  const client = (database.db as { $client: unknown }).$client;
  if (database.engine === 'pglite') {
    const pglite = client as { exec(text: string): Promise<{ rows: Record<string, unknown>[] }[]> };
    return async (text) => (await pglite.exec(text)).at(-1)?.rows ?? [];
  }
  const pool = client as {
    query(text: string): Promise<{ rows: Record<string, unknown>[] } | { rows: Record<string, unknown>[] }[]>;
  };
  return async (text) => {
    const result = await pool.query(text);
    return (Array.isArray(result) ? result.at(-1)! : result).rows;
  };
}
