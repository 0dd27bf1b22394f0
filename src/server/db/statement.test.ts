import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { z } from 'zod';
import { checkStatementRows, defineStatement, sqlLiteral } from './statement';

// Runs on the suite's database: PGlite (values as literals in EXECUTE) or PostgreSQL (pg's
// named statements). Either way a value must come back exactly as it went in.
const echo = defineStatement<{ text: string; n: number }, { text: string; n: number; same: boolean }>(
  'test_echo',
  (p) => sql`select ${p.text}::text as text, ${p.n}::float8 as n, ${p.text} = ${p.text} as same`,
);

// Reads its own plan counters: the execution in progress is already counted.
const planCounts = defineStatement<{ n: number }, { generic: number; custom: number }>(
  'test_plan_counts',
  (p) =>
    sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where name = 'test_plan_counts' and ${p.n}::int = ${p.n}::int`,
);

const HOSTILE = [
  "it's",
  "''; drop table users; --",
  "\\'; select 1; --",
  'back\\slash\\',
  "E'\\x41'",
  '$1 $2 $$ $tag$ :name ?',
  '"double" `tick`',
  'line\nbreak\r\ttab',
  'ünïcödé 🏋️ 中文',
  '',
  ' ',
  "'",
  "''",
  '-- comment',
  '/* open comment',
];

describe('statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:' });
  });
  afterAll(() => database.close());

  it('return every value exactly as sent, however hostile', async () => {
    for (const text of HOSTILE) {
      const row = await echo(database.db, { text, n: 92.5 });
      expect(row).toEqual({ text, n: 92.5, same: true });
    }
  });

  it('keep full float precision', async () => {
    for (const n of [0.1 + 0.2, 1e-7, 123456.789, -0.5, 2 ** 53]) {
      expect((await echo(database.db, { text: 'x', n })).n).toBe(n);
    }
  });

  it('refuse a NUL character with the database error code the error handler answers as 400', async () => {
    await expect(echo(database.db, { text: 'a\u0000b', n: 1 })).rejects.toMatchObject({ code: '22021' });
  });

  it('run on their generic plan from the first call, never planned again per call (decision 0010)', async () => {
    // Under PostgreSQL's default (plan_cache_mode = auto) the first 5 calls on a connection are
    // planned each time, and later ones too when the custom plans look cheaper.
    for (let n = 0; n < 8; n += 1) {
      const row = await planCounts(database.db, { n });
      expect(row.custom).toBe(0);
      expect(row.generic).toBeGreaterThan(0);
    }
  });

  it.runIf(process.env.DATABASE_URL)('keep the options DATABASE_URL sets, beside their own', async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const other = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
    try {
      const { rows } = (await other.db.execute(
        sql`select current_setting('statement_timeout') as timeout, current_setting('plan_cache_mode') as plans`,
      )) as unknown as { rows: Record<string, string>[] };
      expect(rows[0]).toEqual({ timeout: '4321ms', plans: 'force_generic_plan' });
    } finally {
      await other.close();
    }
  });

  it('run inside a transaction handle, and roll back with it', async () => {
    for (const text of HOSTILE) {
      expect(await database.db.transaction((tx) => echo(tx, { text, n: 92.5 }))).toEqual({
        text,
        n: 92.5,
        same: true,
      });
    }
    const table = `test_tx_${process.pid}_${Date.now()}`;
    await database.db.execute(sql.raw(`create table ${table} (v text)`));
    const insert = defineStatement<{ v: string }, undefined>(
      'test_tx_insert',
      (p) => sql`insert into ${sql.raw(table)} (v) values (${p.v})`,
    );
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await insert(tx, { v: 'gone' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await database.db.transaction((tx) => insert(tx, { v: 'kept' }));
      const { rows } = (await database.db.execute(sql.raw(`select v from ${table}`))) as { rows: unknown[] };
      expect(rows).toEqual([{ v: 'kept' }]);
    } finally {
      await database.db.execute(sql.raw(`drop table ${table}`));
    }
  });

  it('parse every row with the row schema when rows are checked (the server tests)', async () => {
    const typed = defineStatement<{ n: number }, { n: number }>(
      'test_row_schema',
      (p) => sql`select ${p.n}::text as n`,
      z.object({ n: z.number() }),
    );
    checkStatementRows(true);
    await expect(typed(database.db, { n: 1 })).rejects.toThrow(
      /test_row_schema returned a row off its schema/,
    );
  });
});

describe('sqlLiteral', () => {
  it('doubles single quotes and nothing else', () => {
    expect(sqlLiteral("it's \\n")).toBe("'it''s \\n'");
    expect(sqlLiteral(12)).toBe("'12'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(null)).toBe('NULL');
  });

  it('refuses what has no literal', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({})).toThrow();
  });
});
