import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { forgetPlans, openDatabase, pingDatabase } from './client';

// A PostgreSQL server that ends an idle connection of ours (a restart, a failover, an
// administrator) must not end the server: the next query gets a new connection.
describe.runIf(process.env.DATABASE_URL)('openDatabase on PostgreSQL', () => {
  it('survives PostgreSQL ending an idle connection', async () => {
    const url = process.env.DATABASE_URL!;
    const database = await openDatabase({ databaseUrl: url, dataDir: ':memory:' });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const own = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as pg.QueryResult;
      await admin.query('select pg_terminate_backend($1)', [own.rows[0].pid]);
      // The idle client hears of it a moment later.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = (await database.db.execute(sql`select 1 as one`)) as pg.QueryResult;
      expect(again.rows[0].one).toBe(1);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

// PGlite: one connection for the server's life, generic plans, no autovacuum (db/client.ts).
describe.runIf(!process.env.DATABASE_URL)('forgetPlans on PGlite', () => {
  it('has a plan made on an empty table made again once the table is big', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    const plan = async () =>
      ((await database.db.execute(sql`explain execute plan_probe(7)`)) as unknown as pg.QueryResult).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    try {
      await database.db.execute(sql`set plan_cache_mode = force_generic_plan`);
      await database.db.execute(sql`create table plan_probe_rows (id int primary key, v int)`);
      // As after the migrations: statistics that say the table is empty.
      await database.db.execute(sql`analyze plan_probe_rows`);
      await database.db.execute(sql`prepare plan_probe(int) as select v from plan_probe_rows where id = $1`);
      expect(await plan()).toMatch(/Seq Scan/);
      await database.db.execute(
        sql`insert into plan_probe_rows select g, g from generate_series(1, 100000) as g`,
      );
      expect(await plan()).toMatch(/Seq Scan/); // the plan of the empty table, still
      await forgetPlans(database.db);
      expect(await plan()).toMatch(/Index Scan/);
    } finally {
      await database.close();
    }
  });
});

// PGlite on its own thread (decision 0022): the server's thread stays free, a transaction holds
// the one connection, and the database's errors keep the fields the error handler reads.
describe.runIf(!process.env.DATABASE_URL)('PGlite on its own thread', () => {
  it('keeps the event loop and the health check free while a slow query runs', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    try {
      const order: string[] = [];
      const slow = database.db.execute(sql`select pg_sleep(0.5)`).then(() => order.push('slow query'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('timer');
      await pingDatabase(database.db);
      order.push('ping');
      await slow;
      expect(order).toEqual(['timer', 'ping', 'slow query']);
    } finally {
      await database.close();
    }
  });

  it('runs a transaction on the one connection: others wait, a throw rolls it back', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    const { db } = database;
    try {
      await db.execute(sql`create table tx_probe (id int primary key)`);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let begun!: () => void;
      const inTransaction = new Promise<void>((resolve) => (begun = resolve));
      const tx = db.transaction(async (t) => {
        await t.execute(sql`insert into tx_probe values (1)`);
        begun();
        await held;
        await t.execute(sql`insert into tx_probe values (2)`);
      });
      await inTransaction;
      const outside = db.execute(sql`select count(*)::int as n from tx_probe`) as Promise<unknown>;
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await tx;
      expect(rowsOf(await outside)).toEqual([{ n: 2 }]); // waited for the commit

      await expect(
        db.transaction(async (t) => {
          await t.execute(sql`insert into tx_probe values (3)`);
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      const after = await db.execute(sql`select count(*)::int as n from tx_probe`);
      expect(rowsOf(after)).toEqual([{ n: 2 }]);

      const error = await db.execute(sql`insert into tx_probe values (1)`).catch((e: unknown) => e);
      expect(violated(error)).toEqual({ code: '23505', constraint: 'tx_probe_pkey' });
    } finally {
      await database.close();
    }
  });
});

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** The database's error, under drizzle's wrapper. */
function violated(error: unknown): { code?: string; constraint?: string } {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  return { code: cause?.code, constraint: cause?.constraint };
}
