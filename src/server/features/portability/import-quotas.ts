import { sql } from 'drizzle-orm';
import { importPastQuota, type QuotaItem } from '../../db/quotas';
import { defineRowsStatement } from '../../db/statement';
import { AppError } from '../../lib/app-error';

// An import that would pass a quota (docs/api.md §12) is refused whole with a 413 before any of
// it is written, a dry run too. The counters it reads are the triggers' of migration 0014, which
// still refuse a write that a race with another create pushes past a limit (data.routes.ts).

type CountRow = { item: QuotaItem; max: number; owner_id: string | null; n: number | null };

const quotaCounts = defineRowsStatement<{ owners: string }, CountRow>(
  'import_quota_counts',
  (p) => sql`select l.item, l.max, q.owner_id, q.n from quota_limits l
    left join quota_counts q on q.item = l.item and q.owner_id = any(string_to_array(${p.owners}::text, ',')::uuid[])`,
);

interface Added {
  rows: { logs: unknown[]; exercises: { logId: string }[]; routines: { logId: string }[] };
  sessions: number;
  sessionsPerExercise: { exerciseId: string; count: number }[];
}

/** 413 naming the first limit the diff's rows would pass in the account `authorId`. */
export async function checkImportQuotas(db: object, authorId: string, diff: Added): Promise<void> {
  const adding = new Map<string, number>(); // `${item} ${owner}` → rows added
  const add = (item: QuotaItem, owner: string, n: number) =>
    adding.set(`${item} ${owner}`, (adding.get(`${item} ${owner}`) ?? 0) + n);
  add('user-logs', authorId, diff.rows.logs.length);
  add('user-sessions', authorId, diff.sessions);
  for (const exercise of diff.rows.exercises) add('log-exercises', exercise.logId, 1);
  for (const routine of diff.rows.routines) add('log-routines', routine.logId, 1);
  for (const { exerciseId, count } of diff.sessionsPerExercise) add('exercise-sessions', exerciseId, count);

  const owners = new Set([...adding.keys()].map((key) => key.split(' ')[1] as string));
  const rows = await quotaCounts(db, { owners: [...owners].join(',') });
  const max = new Map(rows.map((row) => [row.item, row.max]));
  const has = new Map(
    rows.filter((row) => row.owner_id).map((row) => [`${row.item} ${row.owner_id}`, row.n ?? 0]),
  );
  for (const [key, n] of adding) {
    const item = key.split(' ')[0] as QuotaItem;
    const limit = max.get(item) as number;
    if ((has.get(key) ?? 0) + n > limit) throw new AppError(413, importPastQuota(item, limit));
  }
}
