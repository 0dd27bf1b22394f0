import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { AppError } from '../../lib/app-error';

/**
 * An import's batch (decision 0017). The import writes in short statements so that no other
 * request waits long for the database, PGlite's one connection included; every row it adds
 * carries the batch's id, so an import that fails part-way, or whose process dies, is taken back
 * whole. One batch at a time runs in an account (migration 0009's unique index).
 */

/** An unfinished batch whose writer has not shown life for this long is dead and is discarded. */
export const STALE_AFTER_MS = 30_000;
/** How often a writer shows life: far below STALE_AFTER_MS, rare enough to cost nothing. */
const ALIVE_EVERY_MS = 5_000;

export const IMPORT_RUNNING =
  'Another import into your account is still running. Wait for it to finish, then try again.';

/** The batch was taken back under its writer, which had looked dead for STALE_AFTER_MS. */
const BATCH_LOST = 'The import was interrupted and nothing of it was kept. Import the file again.';

export interface ImportBatch {
  id: string;
  authorId: string;
  /** When the batch last showed life (ms since the epoch, this process's clock). */
  aliveAt: number;
}

const idRow = z.object({ id: z.string() }).strict();
const none = z.undefined();

const takeSlot = defineStatement<{ id: string; authorId: string }, { id: string } | undefined>(
  'import_begin',
  (p) => sql`insert into imports (id, author_id) values (${p.id}, ${p.authorId})
    on conflict do nothing returning id`,
  idRow.optional(),
);

/**
 * Takes the account's one running slot: a dead batch in it is discarded first; a live one means
 * another import is running, 409.
 */
export async function beginImport(db: Db, authorId: string): Promise<ImportBatch> {
  for (let attempt = 1; ; attempt += 1) {
    const id = randomUUID();
    if (await takeSlot(db, { id, authorId })) return { id, authorId, aliveAt: Date.now() };
    const discarded = await discardStaleImports(db, STALE_AFTER_MS, authorId);
    if (discarded === 0 || attempt === 2) throw new AppError(409, IMPORT_RUNNING);
  }
}

/** Called while a batch works; stamps it alive every ALIVE_EVERY_MS. */
export async function keepAlive(db: Db, batch: ImportBatch): Promise<void> {
  if (Date.now() - batch.aliveAt < ALIVE_EVERY_MS) return;
  batch.aliveAt = Date.now();
  await stillOpen(db, batch, false);
}

/** The batch is complete: its rows stay, and the account may import again. */
export async function finishImport(db: object, batch: ImportBatch): Promise<void> {
  await stillOpen(db, batch, true);
}

const stampOpen = defineStatement<{ id: string; finish: boolean }, { id: string } | undefined>(
  'import_still_open',
  (p) => sql`update imports set alive_at = now(),
      finished_at = case when ${p.finish}::boolean then now() end
    where id = ${p.id} and finished_at is null returning id`,
  idRow.optional(),
);

/** Stamps the open batch alive (and finished); a batch no longer open was taken back, so its writer fails (503). */
async function stillOpen(db: object, batch: ImportBatch, finish: boolean): Promise<void> {
  if (!(await stampOpen(db, { id: batch.id, finish }))) throw new AppError(503, BATCH_LOST);
}

type Batch = { authorId: string; id: string };

/** A batch's rows, children first: the sessions, workouts, routines, exercises and logs it added. */
const deleteBatchRows = {
  sessions: defineStatement<Batch, undefined>(
    'import_discard_sessions',
    (p) => sql`delete from sessions where author_id = ${p.authorId} and import_id = ${p.id}`,
    none,
  ),
  // A workout whose sessions were all the batch's went with them (db/functions/workouts-emptied.sql).
  workouts: defineStatement<Batch, undefined>(
    'import_discard_workouts',
    (p) => sql`delete from workouts where author_id = ${p.authorId} and import_id = ${p.id}`,
    none,
  ),
  routines: defineStatement<Batch, undefined>(
    'import_discard_routines',
    (p) => sql`delete from routines where author_id = ${p.authorId} and import_id = ${p.id}`,
    none,
  ),
  exercises: defineStatement<Batch, undefined>(
    'import_discard_exercises',
    (p) => sql`delete from exercises where author_id = ${p.authorId} and import_id = ${p.id}`,
    none,
  ),
  logs: defineStatement<Batch, undefined>(
    'import_discard_logs',
    (p) => sql`delete from logs where author_id = ${p.authorId} and import_id = ${p.id}`,
    none,
  ),
  batch: defineStatement<Batch, undefined>(
    'import_discard_batch',
    (p) => sql`delete from imports where id = ${p.id} and author_id = ${p.authorId}`,
    none,
  ),
};

/**
 * Takes a batch back in one transaction: the sessions, exercises and logs it added, then the
 * batch. Records that existed before the import keep their own sessions.
 */
export async function discardImport(db: Db, batch: Pick<ImportBatch, 'id' | 'authorId'>): Promise<void> {
  const where = { authorId: batch.authorId, id: batch.id };
  await db.transaction(async (tx) => {
    await deleteBatchRows.sessions(tx, where);
    await deleteBatchRows.workouts(tx, where);
    await deleteBatchRows.routines(tx, where);
    await deleteBatchRows.exercises(tx, where);
    await deleteBatchRows.logs(tx, where);
    await deleteBatchRows.batch(tx, where);
  });
}

const silentBatches = defineRowsStatement<{ silentMs: number; authorId: string | null }, Batch>(
  'import_silent_batches',
  (p) => sql`select id, author_id as "authorId" from imports
    where finished_at is null and alive_at < now() - make_interval(secs => ${p.silentMs}::float8 / 1000)
      and (${p.authorId}::uuid is null or author_id = ${p.authorId}::uuid)`,
  z.object({ id: z.string(), authorId: z.string() }).strict(),
);

/**
 * Discards the unfinished batches that have shown no life for `silentMs` by the database's clock
 * (one account's, or every account's); returns how many. main.ts runs it at start and every STALE_AFTER_MS.
 */
export async function discardStaleImports(db: Db, silentMs: number, authorId?: string): Promise<number> {
  const dead = await silentBatches(db, { silentMs, authorId: authorId ?? null });
  for (const batch of dead) await discardImport(db, batch);
  return dead.length;
}
