/**
 * The physical floor the app is measured against, run as its own process like the app:
 * bare Fastify (no plugins, no schemas, no session check) with the minimal raw SQL of each
 * operation through `pg` (a pool of the app's size, DATABASE_POOL_SIZE or its default) or PGlite directly.
 *
 *   GET  /floor/json                   a constant JSON object: HTTP + Fastify alone
 *   GET  /floor/exercise?a=&e=         the exercise page's data: one page query + count(*)
 *   GET  /floor/exercise-one?a=&e=     the same data in one statement (the real limit of a page)
 *   POST /floor/wlsessions?a=&e=       BEGIN; insert one weight session; COMMIT
 *   POST /floor/workouts?a=&l=&r=&e=   BEGIN; insert one workout; insert its sessions (one statement); COMMIT
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
import { sessionValues } from '../src/server/features/sessions/session-record';
import { lockDataDir } from '../src/server/db/lock';

type Row = Record<string, unknown>;
interface Statement {
  name: string;
  text: string;
  params: unknown[];
}
interface Sql {
  query(name: string, text: string, params: unknown[]): Promise<Row[]>;
  /** BEGIN; each statement; COMMIT on one connection: every statement's rows. */
  inTransaction(statements: Statement[]): Promise<Row[][]>;
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
    async inTransaction(statements) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out: Row[][] = [];
        for (const { name, text, params } of statements)
          out.push((await client.query({ name, text, values: params })).rows);
        await client.query('COMMIT');
        return out;
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
    async inTransaction(statements) {
      return db.transaction(async (tx) => {
        const out: Row[][] = [];
        for (const { text, params } of statements) out.push((await tx.query<Row>(text, params)).rows);
        return out;
      });
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

/** The columns a workout create writes (features/workouts/workouts.repository.ts insert_workout). */
const INSERT_WORKOUT = `insert into workouts (id, author_id, log_id, title, created_date, started_at, ended_at,
  notes, routine_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
/** Its sessions' columns, as that statement writes them (its sessionRow and ROW_COLUMNS, and the workout's). */
const WORKOUT_SESSION_COLUMNS = `id, author_id, exercise_id, kind, slug, created_date, workout_id,
  workout_position, workout_superset, notes, sets, total_volume, junk_volume, working_volume, hours,
  minutes, seconds, distance, pace_minutes, pace_seconds, speed, heaviest, e1rm, best_set_volume,
  exact_volume, total_volume_lb, junk_volume_lb, working_volume_lb, heaviest_lb, e1rm_lb,
  best_set_volume_lb, exact_volume_lb`;
const INSERT_WORKOUT_SESSIONS = `insert into sessions (${WORKOUT_SESSION_COLUMNS})
select ${WORKOUT_SESSION_COLUMNS} from jsonb_populate_recordset(null::sessions, $1::jsonb) returning *`;

interface Scope {
  a: string;
  e: string;
}
type SetBody = { repetitions: number; kilograms: number; isHard: boolean };
interface SessionBody {
  createdDate: string;
  set: SetBody[];
}
interface WorkoutBody {
  title: string;
  createdDate: string;
  startedAt: string | null;
  endedAt: string | null;
  notes: string;
  entries: Array<{ slugExercise: string; superset: number | null; notes: string; set: SetBody[] }>;
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
    const [[row]] = await db.inTransaction([
      {
        name: 'floor_insert',
        text: INSERT,
        params: [
          randomUUID(),
          request.query.a,
          request.query.e,
          slug,
          createdDate,
          JSON.stringify(sets),
          v.totalVolume,
          v.junkVolume,
          v.workingVolume,
        ],
      },
    ]);
    return reply.status(201).send(row);
  });

  // The body is the app's (bench/scenarios.ts workoutBody); `e` names the exercises' ids in the
  // order of their first entry, `r` the routine. The values are the app's own (sessionValues).
  app.post<{ Querystring: { a: string; l: string; r: string; e: string }; Body: WorkoutBody }>(
    '/floor/workouts',
    async (request, reply) => {
      const { a, l, r } = request.query;
      const body = request.body;
      const ids = request.query.e.split(',');
      const slugs = [...new Set(body.entries.map((entry) => entry.slugExercise))];
      const workoutId = randomUUID();
      const sessions = body.entries.map((entry, position) => {
        const v = sessionValues({ kind: 'wlsession', set: entry.set, notes: entry.notes });
        return {
          id: randomUUID(),
          author_id: a,
          exercise_id: ids[slugs.indexOf(entry.slugExercise)],
          kind: 'wlsession',
          slug: `${body.createdDate}-${randomUUID().slice(0, 8)}`,
          created_date: body.createdDate,
          workout_id: workoutId,
          workout_position: position,
          workout_superset: entry.superset,
          notes: v.notes,
          sets: v.sets,
          total_volume: v.totalVolume,
          junk_volume: v.junkVolume,
          working_volume: v.workingVolume,
          heaviest: v.heaviest,
          e1rm: v.e1rm,
          best_set_volume: v.bestSetVolume,
          exact_volume: v.exactVolume,
          total_volume_lb: v.totalVolumeLb,
          junk_volume_lb: v.junkVolumeLb,
          working_volume_lb: v.workingVolumeLb,
          heaviest_lb: v.heaviestLb,
          e1rm_lb: v.e1rmLb,
          best_set_volume_lb: v.bestSetVolumeLb,
          exact_volume_lb: v.exactVolumeLb,
        };
      });
      const [[workout], rows] = await db.inTransaction([
        {
          name: 'floor_insert_workout',
          text: INSERT_WORKOUT,
          params: [
            workoutId,
            a,
            l,
            body.title,
            body.createdDate,
            body.startedAt,
            body.endedAt,
            body.notes,
            r,
          ],
        },
        {
          name: 'floor_insert_workout_sessions',
          text: INSERT_WORKOUT_SESSIONS,
          params: [JSON.stringify(sessions)],
        },
      ]);
      return reply.status(201).send({ workout, sessions: rows });
    },
  );

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
