/**
 * The physical floor the app is measured against, run as its own process like the app:
 * bare Fastify (no plugins, no schemas, no session check) with the minimal raw SQL of each
 * operation through `pg` (a pool of the app's size, DATABASE_POOL_SIZE or its default) or PGlite directly.
 *
 *   GET  /floor/json                   a constant JSON object: HTTP + Fastify alone
 *   GET  /floor/exercise?a=&e=         the exercise page's data: one page query + count(*)
 *   GET  /floor/exercise-one?a=&e=     the same data in one statement (the real limit of a page)
 *   POST /floor/wlsessions?a=&e=       BEGIN; insert one weight session; COMMIT
 *
 * Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, the app's layout and lock), PORT, HOST.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { sessionVolumes, setVolume } from '../src/contract/metrics';
import { defaultPoolSize } from '../src/server/config';
import { lockDataDir } from '../src/server/db/lock';

type Row = Record<string, unknown>;
interface Sql {
  query(name: string, text: string, params: unknown[]): Promise<Row[]>;
  /** BEGIN; text; COMMIT on one connection. */
  inTransaction(text: string, params: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

// Dates and timestamps stay the strings the server sent, as the app's drizzle columns do.
const AS_TEXT = [1082, 1114, 1184];

function postgres(url: string): Sql {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE) || defaultPoolSize(),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        AS_TEXT.includes(oid)
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  return {
    async query(name, text, params) {
      return (await pool.query({ name, text, values: params })).rows;
    },
    async inTransaction(text, params) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query({ name: 'floor_insert', text, values: params });
        await client.query('COMMIT');
        return rows;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function pglite(dataDir: string): Promise<Sql> {
  const release = lockDataDir(dataDir);
  const parsers = Object.fromEntries(AS_TEXT.map((oid) => [oid, (value: string) => value]));
  const db = new PGlite(path.join(dataDir, 'pglite'), { parsers });
  await db.waitReady;
  return {
    async query(_name, text, params) {
      return (await db.query<Row>(text, params)).rows;
    },
    async inTransaction(text, params) {
      return db.transaction(async (tx) => (await tx.query<Row>(text, params)).rows);
    },
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}

const COLUMNS = `id, author_id, exercise_id, kind, slug, created_date, sets, total_volume, junk_volume,
  working_volume, created_at, updated_at`;
const PAGE = `select ${COLUMNS}
from sessions where author_id = $1 and exercise_id = $2
order by created_date desc, created_at desc, id desc limit 12`;
const COUNT = 'select count(*)::int as total from sessions where author_id = $1 and exercise_id = $2';
/** The minimal single statement with both: the count, and the page joined to it. */
const PAGE_AND_COUNT = `select t.total, p.* from
  (select count(*)::int as total from sessions where author_id = $1 and exercise_id = $2) t
  left join lateral (${PAGE}) p on true`;
const INSERT = `insert into sessions (id, author_id, exercise_id, kind, slug, created_date, sets,
  total_volume, junk_volume, working_volume)
values ($1, $2, $3, 'wlsession', $4, $5, $6, $7, $8, $9) returning *`;

interface Scope {
  a: string;
  e: string;
}
interface SessionBody {
  createdDate: string;
  set: Array<{ repetitions: number; kilograms: number; isHard: boolean }>;
}

async function main() {
  const url = process.env.DATABASE_URL;
  const db = url ? postgres(url) : await pglite(process.env.DATA_DIR ?? './data');
  const app = Fastify({ logger: false });

  app.get('/floor/health', async () => ({ status: 'ok' }));
  app.get('/floor/json', async () => ({ hello: 'world' }));

  app.get<{ Querystring: Scope }>('/floor/exercise', async (request) => {
    const params = [request.query.a, request.query.e];
    const [sessions, [{ total }]] = await Promise.all([
      db.query('floor_page', PAGE, params),
      db.query('floor_count', COUNT, params),
    ]);
    return { sessions, total };
  });

  app.get<{ Querystring: Scope }>('/floor/exercise-one', async (request) => {
    const rows = await db.query('floor_page_and_count', PAGE_AND_COUNT, [request.query.a, request.query.e]);
    return { sessions: rows.filter((row) => row.id !== null), total: rows[0].total };
  });

  app.post<{ Querystring: Scope; Body: SessionBody }>('/floor/wlsessions', async (request, reply) => {
    const { createdDate, set } = request.body;
    const sets = set.map((s) => ({ _id: randomUUID(), ...s, volume: setVolume(s) }));
    const v = sessionVolumes(sets);
    const slug = `${createdDate}-${randomUUID().slice(0, 8)}`;
    const [row] = await db.inTransaction(INSERT, [
      randomUUID(),
      request.query.a,
      request.query.e,
      slug,
      createdDate,
      JSON.stringify(sets),
      v.totalVolume,
      v.junkVolume,
      v.workingVolume,
    ]);
    return reply.status(201).send(row);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
}

main().catch((error: unknown) => {
  console.error('floor server failed:', error);
  process.exit(1);
});
