import { fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// The hot routes each send one statement (session check included). Building it with drizzle's
// `sql` and hashing it on every request cost more CPU than PostgreSQL spent running it, and an
// unnamed statement is planned again each time (≈ 0.4–2 ms for the page statements). So each is
// compiled to text once, with placeholders, and runs as a prepared statement under its own name:
// the database plans it once per connection and a request only binds its values.

/** Runs `text` as the prepared statement `name` with `values` for its `$n` parameters. */
export type StatementRunner = (name: string, text: string, values: unknown[]) => Promise<unknown[]>;

const runners = new WeakMap<object, StatementRunner>();
const names = new Set<string>();
const dialect = new PgDialect();

/** Called once per opened database (db/client.ts). */
export function registerStatementRunner(db: object, runner: StatementRunner): void {
  runners.set(db, runner);
}

type Placeholders<P> = { readonly [K in keyof P]: Placeholder<K & string> };

/**
 * A statement returning one row, built once from `build`, whose `p.x` placeholders are filled
 * from each call's values. It runs on the database itself, never inside a transaction: each of
 * these statements is atomic on its own.
 */
export function defineStatement<P extends object, Row>(
  name: string,
  build: (p: Placeholders<P>) => SQL,
): (db: object, values: P) => Promise<Row> {
  const run = defineRowsStatement<P, Row>(name, build);
  return async (db, values) => (await run(db, values))[0];
}

/** As `defineStatement`, for a statement that answers one row per item (a page's sessions). */
export function defineRowsStatement<P extends object, Row>(
  name: string,
  build: (p: Placeholders<P>) => SQL,
): (db: object, values: P) => Promise<Row[]> {
  if (!/^[a-z][a-z0-9_]*$/.test(name) || names.has(name)) {
    throw new Error(`Statement name must be a unique lower_snake_case identifier: ${name}`);
  }
  names.add(name);
  let compiled: { text: string; params: unknown[] } | undefined;
  return async (db, values) => {
    const runner = runners.get(db);
    if (!runner) throw new Error(`Statement ${name} runs on an opened database, not a transaction`);
    if (!compiled) {
      const placeholders = new Proxy({} as Placeholders<P>, {
        get: (_, key) => sql.placeholder(String(key)),
      });
      const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
      compiled = { text, params };
    }
    const rows = await runner(
      name,
      compiled.text,
      fillPlaceholders(compiled.params, values as Record<string, unknown>),
    );
    return rows as Row[];
  };
}

/**
 * A value as a PostgreSQL literal of unknown type, which the statement's parameter type then
 * parses, exactly as a text-format parameter would be. With standard_conforming_strings on (the
 * default since 9.1, checked when PGlite opens) a backslash has no meaning inside '…', so doubling
 * the single quote is the whole escaping (PostgreSQL's own quote_literal does the same).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw new Error(`Unsupported parameter type: ${typeof value}`);
  }
  const text = String(value);
  // PostgreSQL text cannot hold NUL: refused with the error a parameter would get, which the
  // error handler answers as the client's mistake.
  if (text.includes('\0')) {
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  }
  return `'${text.replaceAll("'", "''")}'`;
}
