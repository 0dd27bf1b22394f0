import type { ImportSummary } from '../../../contract/data';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { insertImported, lockAuthorForImport, setActiveAt } from './data.repository';
import { diffPlan } from './import-diff';
import type { ImportPlan } from './import-plan';

/**
 * Writes a plan into one account in one transaction: all or nothing. The diff against the account
 * is computed first, outside any transaction: it yields while it works, and on PGlite (one
 * connection) an open transaction would make every other request wait until it ends. The writes
 * then run under a per-account lock; if another import or edit took a slug meanwhile, the unique
 * index refuses them, nothing is written, and the diff is computed again. With dryRun the same
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
    const diff = await diffPlan(db, authorId, plan, Date.now());
    try {
      if (!dryRun)
        await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Executor;
          await lockAuthorForImport(tx, authorId);
          await insertImported(tx, diff.rows);
          await setActiveAt(tx, authorId, diff.touched);
        });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
    return {
      dryRun,
      rows: plan.rows,
      logs: diff.rows.logs.length,
      exercises: diff.rows.exercises.length,
      sessions: diff.rows.sessions.length,
      duplicates: diff.duplicates,
      skipped: plan.skipped,
      skippedCount: plan.skippedCount,
    };
  }
}
