import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { forgetPlans, openDatabase } from './client';

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
