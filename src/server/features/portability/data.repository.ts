import { and, asc, between, eq, getTableColumns, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, forgetPlans } from '../../db/client';
import { isoExact } from '../../db/json-sql';
import { defineRowsStatement } from '../../db/statement';
import { exercises, logs, sessions } from '../../db/schema';
import { YIELD_EVERY } from './import-limits';

/** Reads and writes of export and import. Every query filters on the author (docs/api.md §1). */

const IN_CHUNK = 1000;
/**
 * Rows per INSERT (one JSON parameter each). An import is not one transaction (decision 0017):
 * between two of its statements other requests get the database, so this bounds how long they
 * wait for it: 20–60 ms for 100 sessions on PGlite (docs/api.md §9: ~100 ms at most).
 */
const INSERT_CHUNK = 100;
/**
 * …and characters of that JSON per INSERT: a statement's cost follows its sets and notes more
 * than its rows. 100 sessions of 100 sets (about 1 MB) held PGlite for 200 ms, so a file of many
 * sets a day stalled every other request by that much at each statement.
 */
const INSERT_CHARS = 64 * 1024;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let k = 0; k < items.length; k += size) out.push(items.slice(k, k + size));
  return out;
}

// ---- Export: pages in a stable order, so a large history is read a page at a time ----

/** A timestamp column as an export writes it (db/json-sql.ts `isoExact`). */
const exact = (column: string) => sql<string>`${sql.raw(isoExact(column))}`;

const logColumns = {
  id: logs.id,
  title: logs.title,
  slug: logs.slug,
  createdAt: exact('logs.created_at'),
  updatedAt: exact('logs.updated_at'),
  activeAt: exact('logs.active_at'),
};

export async function pageLogs(db: Executor, authorId: string, limit: number, offset: number) {
  return db
    .select(logColumns)
    .from(logs)
    .where(eq(logs.authorId, authorId))
    .orderBy(asc(logs.createdAt), asc(logs.id))
    .limit(limit)
    .offset(offset);
}

export async function exercisesOfLog(db: Executor, authorId: string, logId: string) {
  return db
    .select({
      id: exercises.id,
      title: exercises.title,
      slug: exercises.slug,
      kind: exercises.kind,
      createdAt: exact('exercises.created_at'),
      updatedAt: exact('exercises.updated_at'),
      activeAt: exact('exercises.active_at'),
    })
    .from(exercises)
    .where(and(eq(exercises.authorId, authorId), eq(exercises.logId, logId)))
    .orderBy(asc(exercises.createdAt), asc(exercises.id));
}

// ---- Import: what the account already holds, then bulk inserts ----

export async function findLogsBySlugs(tx: Executor, authorId: string, slugs: string[]) {
  const found: { id: string; slug: string }[] = [];
  for (const part of chunks(slugs, IN_CHUNK))
    for (const row of await tx
      .select({ id: logs.id, slug: logs.slug })
      .from(logs)
      .where(and(eq(logs.authorId, authorId), inArray(logs.slug, part))))
      found.push(row);
  return found;
}

export async function findExercisesOfLogs(tx: Executor, authorId: string, logIds: string[]) {
  const found: { id: string; logId: string; slug: string; kind: 'wlsession' | 'pasession' }[] = [];
  for (const part of chunks(logIds, IN_CHUNK))
    for (const row of await tx
      .select({ id: exercises.id, logId: exercises.logId, slug: exercises.slug, kind: exercises.kind })
      .from(exercises)
      .where(and(eq(exercises.authorId, authorId), inArray(exercises.logId, part))))
      found.push(row);
  return found;
}

/**
 * Sessions read per statement by `sessionContentPages`. An account that already held 200,000
 * sessions answered one statement with all of them: 2.7 s without an answer to anyone else on
 * PGlite, then a 500 (`push(...rows)` past the call stack's limit).
 */
const READ_PAGE = 1000;
/** Exercises whose dates are looked up together, in one statement when their sessions there fit a page. */
export const RANGE_CHUNK = 100;

/** The dates of an exercise an import adds sessions on, first to last. */
export interface DateRange {
  exerciseId: string;
  from: string;
  to: string;
}

type ContentRow = {
  exerciseId: string;
  slug: string;
  createdDate: string;
  sets: NewSession['sets'];
  hours: number | null;
  minutes: number | null;
  seconds: number | null;
  distance: number | null;
};

/**
 * The sessions of RANGE_CHUNK exercises on their dates, READ_PAGE + 1 at most: one index range
 * per exercise (author, exercise, date), joined from the list. As 100 ORs this took 15–30 ms
 * on PGlite to plan and run, for no row at all.
 */
const contentsOnDates = defineRowsStatement<{ authorId: string; ranges: string }, ContentRow>(
  'import_session_contents',
  (p) => sql`select s.exercise_id as "exerciseId", s.slug, s.created_date as "createdDate", s.sets,
      s.hours, s.minutes, s.seconds, s.distance
    from jsonb_to_recordset(${p.ranges}::jsonb) as r(exercise_id uuid, date_from date, date_to date)
    join sessions s on s.author_id = ${p.authorId}::uuid and s.exercise_id = r.exercise_id
      and s.created_date between r.date_from and r.date_to
    limit ${sql.raw(String(READ_PAGE + 1))}`,
);

const contentColumns = {
  exerciseId: sessions.exerciseId,
  slug: sessions.slug,
  createdDate: sessions.createdDate,
  sets: sessions.sets,
  hours: sessions.hours,
  minutes: sessions.minutes,
  seconds: sessions.seconds,
  distance: sessions.distance,
};

/**
 * The sessions an import must know of (duplicate detection and slug choice): those of its
 * exercises on the dates it adds to, nothing else. RANGE_CHUNK exercises are read in one
 * statement; when their sessions there are more than a page, each of those exercises is read in
 * pages of READ_PAGE by slug, on the unique index (author, exercise, slug), so no statement reads
 * more than a page. `pause` runs every few statements: PGlite answers a statement in the same turn
 * of the event loop, and without a turn, reading 200 pages held every other request for 26 s
 * (and without the batch's sign of life a long read let the sweep take it back, 503).
 */
export async function* sessionContentPages(
  tx: Executor,
  authorId: string,
  ranges: DateRange[],
  pause: () => Promise<void>,
) {
  let spent = 0; // rows read since the last pause, a statement counting as 100
  const spend = async (rows: number) => {
    spent += rows + 100;
    if (spent < YIELD_EVERY) return;
    spent = 0;
    await pause();
  };
  for (const part of chunks(ranges, RANGE_CHUNK)) {
    const list = part.map((r) => ({ exercise_id: r.exerciseId, date_from: r.from, date_to: r.to }));
    const together = await contentsOnDates(tx, { authorId, ranges: JSON.stringify(list) });
    await spend(together.length);
    if (together.length <= READ_PAGE) {
      if (together.length > 0) yield together;
      continue;
    }
    for (const range of part) {
      let after = '';
      for (;;) {
        const page = await tx
          .select(contentColumns)
          .from(sessions)
          .where(
            and(
              eq(sessions.authorId, authorId),
              eq(sessions.exerciseId, range.exerciseId),
              between(sessions.createdDate, range.from, range.to),
              gt(sessions.slug, after),
            ),
          )
          .orderBy(asc(sessions.slug))
          .limit(READ_PAGE);
        await spend(page.length);
        if (page.length > 0) yield page;
        if (page.length < READ_PAGE) break;
        after = page[page.length - 1].slug;
      }
    }
  }
}

export type NewLog = typeof logs.$inferInsert;
export type NewExercise = typeof exercises.$inferInsert;
export type NewSession = typeof sessions.$inferInsert;

/**
 * Inserts many rows, a chunk per statement, each row marked with its import batch
 * (import-batches.ts); `pause` runs between two statements. A chunk travels as one JSON array
 * that PostgreSQL unpacks (jsonb_to_recordset), typed by the table's own columns: a VALUES list
 * of 15 parameters per row costs more than the insert itself at tens of thousands of rows.
 * `items` may make each row as it is read, so a plan's derived values (a session's sets and
 * volumes) are held a chunk at a time, not for the whole file at once.
 */
async function insertMany<T extends PgTable>(
  db: Executor,
  table: T,
  importId: string,
  items: Iterable<T['$inferInsert']>,
  pause: () => Promise<void>,
): Promise<void> {
  let columns: [string, PgColumn][] | undefined;
  let names: SQL | undefined;
  let types: SQL | undefined;
  let chunk: string[] = [];
  let chars = 0;
  const flush = async () => {
    const json = `[${chunk.join(',')}]`;
    chunk = [];
    chars = 0;
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${types})`,
    );
    await pause();
  };
  for (const item of items) {
    const row = item as Record<string, unknown>;
    if (!columns) {
      columns = Object.entries(getTableColumns(table)).filter(
        ([key]) => key === 'importId' || row[key] !== undefined,
      );
      names = sql.join(
        columns.map(([, column]) => sql.identifier(column.name)),
        sql`, `,
      );
      types = sql.join(
        columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
        sql`, `,
      );
    }
    const text = JSON.stringify(
      Object.fromEntries(
        columns.map(([key, column]) => [column.name, key === 'importId' ? importId : row[key]]),
      ),
    );
    chunk.push(text);
    chars += text.length;
    if (chunk.length === INSERT_CHUNK || chars >= INSERT_CHARS) await flush();
  }
  if (chunk.length > 0) await flush();
}

/**
 * Parents before children, so the foreign keys hold. Sessions may come from a generator that
 * makes each row as it is written (import-diff.ts: a whole file's rows at once would not fit).
 */
export async function insertImported(
  db: Executor,
  importId: string,
  rows: { logs: NewLog[]; exercises: NewExercise[]; sessions: Iterable<NewSession> },
  pause: () => Promise<void>,
): Promise<void> {
  // Each table's foreign-key checks are planned for its parents as they are now, not as they
  // were when the server first checked them (db/client.ts `forgetPlans`).
  await forgetPlans(db);
  await insertMany(db, logs, importId, rows.logs, pause);
  await forgetPlans(db);
  await insertMany(db, exercises, importId, rows.exercises, pause);
  await forgetPlans(db);
  await insertMany(db, sessions, importId, rows.sessions, pause);
}

/**
 * Existing logs and exercises that received sessions move up their lists (docs/api.md §7
 * "active"): INSERT_CHUNK of them per statement, `pause` between statements. One update each,
 * in the import's final transaction, held PGlite (and every other request) for 30 s when a
 * later export added a day to each of 50,000 exercises.
 */
export async function setActiveAt(
  db: Executor,
  authorId: string,
  touched: { logs: { id: string; activeAt: string }[]; exercises: { id: string; activeAt: string }[] },
  pause: () => Promise<void>,
): Promise<void> {
  for (const [table, rows] of [
    [logs, touched.logs],
    [exercises, touched.exercises],
  ] as const)
    for (const part of chunks(rows, INSERT_CHUNK)) {
      const json = JSON.stringify(part.map((row) => ({ id: row.id, active_at: row.activeAt })));
      await db.execute(
        sql`update ${table} set active_at = v.active_at
          from jsonb_to_recordset(${json}::jsonb) as v(id uuid, active_at timestamptz)
          where ${table}.author_id = ${authorId} and ${table}.id = v.id`,
      );
      await pause();
    }
}
