import type { ImportSummary } from '../../../contract/data';
import type { Db, Executor } from '../../db/client';
import { insertImported, lockAuthorForImport, setActiveAt } from './data.repository';
import { diffPlan } from './import-diff';
import type { ImportPlan } from './import-plan';

/**
 * Writes a plan into one account in one transaction: all or nothing. Imports of one account
 * are serialised by a lock, so two at once cannot both create the same log or slug.
 * With dryRun the same diff is computed and nothing is written.
 */
export async function applyImport(
  db: Db,
  authorId: string,
  plan: ImportPlan,
  dryRun: boolean,
): Promise<ImportSummary> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Executor;
    await lockAuthorForImport(tx, authorId);
    const diff = await diffPlan(tx, authorId, plan, Date.now());
    if (!dryRun) {
      await insertImported(tx, diff.rows);
      await setActiveAt(tx, authorId, diff.touched);
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
  });
}
