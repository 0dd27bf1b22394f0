import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

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
