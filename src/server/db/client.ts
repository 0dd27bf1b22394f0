import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lockDataDir } from './lock';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: repositories take either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works: it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 72_410_913;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite's directory; ':memory:' keeps everything in memory (tests). */
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

type PreparedRunner = <T>(query: SQL) => Promise<T[]>;
const preparedRunners = new WeakMap<object, PreparedRunner>();
const dialect = new PgDialect();

/** The prepared-statement runner of a pool's database; none for PGlite or inside a transaction. */
export function preparedRunnerFor(db: object): PreparedRunner | undefined {
  return preparedRunners.get(db);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  preparedRunners.set(db, async <T>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    // Named by the text's hash: pg prepares it once per connection and reuses the plan.
    const name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    const result = await pool.query({ name, text, values: params as unknown[] });
    return result.rows as T[];
  });
  // Several instances may start at once: the advisory lock lets one migrate while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  return { db, engine: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === ':memory:';
  const release = inMemory ? () => undefined : lockDataDir(dataDir);
  try {
    // Loaded only when used: a PostgreSQL deployment never pays PGlite's memory.
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    const client = inMemory ? new PGlite() : new PGlite(path.join(dataDir, 'pglite'));
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return {
      db,
      engine: 'pglite',
      close: async () => {
        try {
          await client.close(); // flushes and shuts Postgres down cleanly
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
