import type { ImportSummary } from '../../../contract/data';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { forgetPlans } from '../../db/client';
import { insertImported, setActiveAt } from './data.repository';
import { beginImport, discardImport, finishImport, keepAlive } from './import-batches';
import { diffPlan } from './import-diff';
import { Turns } from './import-limits';
import { checkImportQuotas } from './import-quotas';
import type { ImportPlan } from './import-plan';

/** Edits racing an import can take its slugs more than once; each clash costs one more diff. */
const ATTEMPTS = 5;

/**
 * Writes a plan into one account, all or nothing (decision 0017). The account's import batch is
 * taken first, so no other import changes the account while the diff is computed and written.
 * The rows go in short statements with turns for other requests between them; then the logs and
 * exercises it touched are marked active, likewise, and the batch is closed.
 * Any failure takes the batch back. If an edit took a slug meanwhile, the unique index refuses
 * that statement, the batch is taken back, and the diff is computed again. With dryRun the same
 * diff is computed and nothing is written.
 */
export async function applyImport(
  db: Db,
  authorId: string,
  plan: ImportPlan,
  dryRun: boolean,
): Promise<ImportSummary> {
  // The diff notes skipped rows in the plan: a second try starts from the reader's notes.
  const readerSkips = { listed: plan.skipped.length, count: plan.skippedCount };
  for (let attempt = 1; ; attempt += 1) {
    plan.skipped.length = readerSkips.listed;
    plan.skippedCount = readerSkips.count;
    const batch = dryRun ? null : await beginImport(db, authorId);
    // Each turn for other requests also stamps the batch alive: a long diff or write is not stale.
    const turns = new Turns(batch ? () => keepAlive(db, batch) : undefined);
    let diff;
    try {
      diff = await diffPlan(db, authorId, plan, Date.now(), turns);
      await checkImportQuotas(db, authorId, diff);
      if (batch) {
        await insertImported(db, batch.id, { ...diff.rows, sessions: diff.sessionRows() }, turns);
        // In short statements before the batch closes, not in one transaction with its closing:
        // a batch taken back after this leaves those records their new place in the lists.
        await setActiveAt(db, authorId, diff.touched, turns);
        await finishImport(db, batch);
        // The account's pages are read next, with plans made for the tables as they are now.
        await forgetPlans(db);
      }
    } catch (error) {
      // If even that fails, the batch stops showing life and the periodic sweep takes it back.
      if (batch) await discardImport(db, batch).catch(() => undefined);
      if (attempt < ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
    return {
      dryRun,
      rows: plan.rows,
      logs: diff.rows.logs.length,
      exercises: diff.rows.exercises.length,
      sessions: diff.sessions,
      duplicates: diff.duplicates,
      skipped: plan.skipped,
      skippedCount: plan.skippedCount,
    };
  }
}
