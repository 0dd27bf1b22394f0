import { fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';

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
/** Set by the test app: every row a statement returns is parsed with the statement's row schema. */
let checkRows = false;

export function checkStatementRows(on: boolean): void {
  checkRows = on;
}

/**
 * A transaction handle (drizzle's `db.transaction(async (tx) => …)`): statements given one run
 * on its connection as unnamed queries of the same SQL and values, planned each time. Only the
 * rare multi-statement writes (sign-up, password change and reset, an import's last step and its
 * taking back) need one; every other call runs as a named prepared statement.
 */
type TransactionHandle = { execute(query: SQL): Promise<{ rows: unknown[] } | unknown[]> };

/** Called once per opened database (db/client.ts). */
export function registerStatementRunner(db: object, runner: StatementRunner): void {
  runners.set(db, runner);
}

/** The runner of an opened database (a test wraps it to count the statements a request sends). */
export function statementRunnerOf(db: object): StatementRunner {
  const runner = runners.get(db);
  if (!runner) throw new Error('Not an opened database');
  return runner;
}

type Placeholders<P> = { readonly [K in keyof P]: Placeholder<K & string> };

/**
 * A statement returning one row (or undefined), built once from `build`, whose `p.x` placeholders
 * are filled from each call's values. Its SQL is written out in `build`; `row`, when given, is the
 * zod schema of its row, which the server tests parse every row with (decision 0020). On the
 * database it runs as a named prepared statement; on a transaction handle, inside the transaction.
 */
export function defineStatement<P extends object, Row>(
  name: string,
  build: (p: Placeholders<P>) => SQL,
  row?: ZodType<Row>,
): (db: object, values: P) => Promise<Row> {
  const run = defineRowsStatement<P, Row>(name, build, row);
  return async (db, values) => (await run(db, values))[0];
}

/** As `defineStatement`, for a statement that answers one row per item (a page's sessions). */
export function defineRowsStatement<P extends object, Row>(
  name: string,
  build: (p: Placeholders<P>) => SQL,
  row?: ZodType<Row>,
): (db: object, values: P) => Promise<Row[]> {
  if (!/^[a-z][a-z0-9_]*$/.test(name) || names.has(name)) {
    throw new Error(`Statement name must be a unique lower_snake_case identifier: ${name}`);
  }
  names.add(name);
  let compiled: { text: string; params: unknown[] } | undefined;
  const checked = (rows: unknown[]): Row[] => {
    if (checkRows && row) {
      for (const item of rows) {
        const parsed = row.safeParse(item);
        if (!parsed.success)
          throw new Error(`Statement ${name} returned a row off its schema: ${parsed.error.message}`);
      }
    }
    return rows as Row[];
  };
  return async (db, values) => {
    const runner = runners.get(db);
    if (!runner) {
      if (typeof (db as Partial<TransactionHandle>).execute !== 'function') {
        throw new Error(`Statement ${name} runs on an opened database or a transaction handle`);
      }
      const bound = new Proxy({} as Placeholders<P>, {
        get: (_, key) => {
          if (!(key in values)) throw new Error(`Statement ${name}: no value for ${String(key)}`);
          return (values as Record<string | symbol, unknown>)[key];
        },
      });
      const result = await (db as TransactionHandle).execute(build(bound));
      return checked(Array.isArray(result) ? result : result.rows);
    }
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
    return checked(rows);
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
