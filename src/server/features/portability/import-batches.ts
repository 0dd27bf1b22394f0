import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exercises, imports, logs, sessions } from '../../db/schema';
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

/**
 * Takes the account's one running slot: a dead batch in it is discarded first; a live one means
 * another import is running, 409.
 */
export async function beginImport(db: Db, authorId: string): Promise<ImportBatch> {
  for (let attempt = 1; ; attempt += 1) {
    const id = randomUUID();
    const taken = await db
      .insert(imports)
      .values({ id, authorId })
      .onConflictDoNothing()
      .returning({ id: imports.id });
    if (taken.length > 0) return { id, authorId, aliveAt: Date.now() };
    const discarded = await discardStaleImports(db, STALE_AFTER_MS, authorId);
    if (discarded === 0 || attempt === 2) throw new AppError(409, IMPORT_RUNNING);
  }
}

/** Called while a batch works; stamps it alive every ALIVE_EVERY_MS. */
export async function keepAlive(db: Db, batch: ImportBatch): Promise<void> {
  if (Date.now() - batch.aliveAt < ALIVE_EVERY_MS) return;
  batch.aliveAt = Date.now();
  await stillOpen(db, batch, { aliveAt: sql`now()` });
}

/** The batch is complete, in the caller's transaction: its rows stay, and the account may import again. */
export async function finishImport(db: Pick<Db, 'update'>, batch: ImportBatch): Promise<void> {
  await stillOpen(db, batch, { aliveAt: sql`now()`, finishedAt: sql`now()` });
}

/** Updates the open batch; a batch no longer open was taken back, so its writer fails (503). */
async function stillOpen(
  db: Pick<Db, 'update'>,
  batch: ImportBatch,
  set: Partial<Record<'aliveAt' | 'finishedAt', SQL>>,
): Promise<void> {
  const open = await db
    .update(imports)
    .set(set)
    .where(and(eq(imports.id, batch.id), isNull(imports.finishedAt)))
    .returning({ id: imports.id });
  if (open.length === 0) throw new AppError(503, BATCH_LOST);
}

/**
 * Takes a batch back in one transaction: the sessions, exercises and logs it added, then the
 * batch. Records that existed before the import keep their own sessions.
 */
export async function discardImport(db: Db, batch: Pick<ImportBatch, 'id' | 'authorId'>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(sessions)
      .where(and(eq(sessions.authorId, batch.authorId), eq(sessions.importId, batch.id)));
    await tx
      .delete(exercises)
      .where(and(eq(exercises.authorId, batch.authorId), eq(exercises.importId, batch.id)));
    await tx.delete(logs).where(and(eq(logs.authorId, batch.authorId), eq(logs.importId, batch.id)));
    await tx.delete(imports).where(eq(imports.id, batch.id));
  });
}

/**
 * Discards the unfinished batches that have shown no life for `silentMs` by the database's clock
 * (one account's, or every account's); returns how many. main.ts runs it at start and every STALE_AFTER_MS.
 */
export async function discardStaleImports(db: Db, silentMs: number, authorId?: string): Promise<number> {
  const dead = await db
    .select({ id: imports.id, authorId: imports.authorId })
    .from(imports)
    .where(
      and(
        isNull(imports.finishedAt),
        lt(imports.aliveAt, sql`now() - make_interval(secs => ${silentMs / 1000})`),
        authorId ? eq(imports.authorId, authorId) : undefined,
      ),
    );
  for (const batch of dead) await discardImport(db, batch);
  return dead.length;
}
