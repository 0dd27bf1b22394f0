import { sql } from 'drizzle-orm';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { defaultPoolSize } from '../config';
import { MIGRATIONS_DIR } from '../paths';
import { applyFunctions } from './functions';
import { lockDataDir } from './lock';
import { schema } from './schema';
import { registerStatementRunner } from './statement';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: repositories take either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Prepared statements (db/statement.ts) run on the plan made once per connection. PostgreSQL's
 * default (`auto`) plans the first 5 calls afresh, then keeps doing so whenever those custom
 * plans look cheaper than the generic one: the exercise page's statement was planned on every
 * call (0.65 ms of DB CPU instead of 0.26, decision 0010). Every named statement here is a chain
 * of lookups by key, for which the generic plan is the right one; unnamed queries (drizzle's)
 * are planned per call whatever this says.
 */
const PLAN_CACHE_MODE = 'force_generic_plan';

/**
 * Dates and timestamps arrive as PostgreSQL's text on both drivers, as drizzle reads them: a
 * `date` parsed into a JS Date would move to the process's time zone and could shift by a day.
 */
const TEXT_TYPES = { date: 1082, timestamp: 1114, timestamptz: 1184, interval: 1186 };
const keepText = (value: string) => value;
/** What drizzle's pglite driver reads as text on its own queries: the above and their arrays, numeric[]. */
const DRIZZLE_TEXT_TYPES = [...Object.values(TEXT_TYPES), 1231, 1115, 1185, 1187, 1182];

/** Any constant works: it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 72_410_913;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Connections to `databaseUrl` (defaultPoolSize() when absent). */
  databasePoolSize?: number;
  /** PGlite's directory; ':memory:' keeps everything in memory (tests). */
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize ?? defaultPoolSize())
    : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // As a startup option, so it holds before any statement. Parsed with pg's own parser, because
  // with `connectionString` the URL's parameters replace the config's: any `options` in
  // DATABASE_URL (a search_path, say) would drop ours. Here ours is added to them.
  const config = parseIntoClientConfig(url);
  const options = [config.options, `-c plan_cache_mode=${PLAN_CACHE_MODE}`].filter(Boolean).join(' ');
  const asText: number[] = Object.values(TEXT_TYPES);
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      asText.includes(oid) ? keepText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ ...config, options, max: poolSize, types });
  // An idle connection that PostgreSQL ends (a restart, a failover, pg_terminate_backend) is an
  // 'error' event of the pool; unheard, Node ends the whole server. The pool has already dropped
  // that connection, and the next query opens a new one.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // pg prepares a named statement once per connection and reuses its plan.
  registerStatementRunner(db, async (name, text, values) => (await pool.query({ name, text, values })).rows);
  // Several instances may start at once: the advisory lock lets one migrate while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_DIR });
    await applyFunctions(async (text) => {
      const result = (await lockClient.query(text)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result.at(-1)! : result).rows;
    });
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
    const { startPgliteThread } = await import('./pglite-worker');
    const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    // PGlite runs on its own thread (decision 0022): a heavy query no longer holds up the
    // requests that need no database, nor the event loop that answers them.
    const thread = await startPgliteThread({
      pgliteDir: inMemory ? null : path.join(dataDir, 'pglite'),
      textTypes: Object.values(TEXT_TYPES),
      drizzleTextTypes: DRIZZLE_TEXT_TYPES,
      planCacheMode: PLAN_CACHE_MODE,
    });
    try {
      // drizzle calls only what PgliteLike has of PGlite's API (db/pglite-worker.ts).
      const client = thread.client as unknown as PGliteClient;
      const db = drizzlePglite({ client, schema }) as unknown as Db;
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      await applyFunctions(async (text) => (await client.exec(text)).at(-1)?.rows ?? []);
      registerStatementRunner(db, thread.runStatement);
      pings.set(db, thread.ping);
      return {
        db,
        engine: 'pglite',
        close: async () => {
          try {
            await thread.close(); // flushes and shuts Postgres down cleanly
          } finally {
            release();
          }
        },
      };
    } catch (error) {
      await thread.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

/** How to ask an opened database whether it answers, where `select 1` is not the way. */
const pings = new WeakMap<object, () => Promise<void>>();

/**
 * Whether the database answers (/api/health). PGlite has one connection: a `select 1` would wait
 * behind every query in flight (seconds, during a full export), so its thread answers instead.
 */
export async function pingDatabase(db: Db): Promise<void> {
  const ping = pings.get(db);
  if (ping) await ping();
  else await db.execute(sql`select 1`);
}

/**
 * Drops this connection's cached plans, so the next statements are planned for the tables as
 * they are now. PGlite is one connection for the server's life and never analyzes, and every
 * plan here is generic (PLAN_CACHE_MODE): a plan made while a table was nearly empty stayed in
 * use after it grew. A foreign-key check that scanned all of `exercises` (2.4 ms a row) made an
 * import of 200,000 sessions into 50,000 new exercises take 9 minutes instead of 34 s, and an
 * exercise page 7 times slower. PostgreSQL's autovacuum gets plans made again by itself; there
 * this costs one pooled connection a few plans.
 */
export async function forgetPlans(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`discard plans`);
}
