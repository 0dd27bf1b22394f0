import { sql } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import type { Log } from '../../../contract/logs';
import type { Executor } from '../../db/client';
import { exerciseJson, logJson, meCte, queryOne } from '../../db/json';

// One statement per page: session check, lookups, the page and its count (see db/json.ts).

export async function readLogsPage(db: Executor, tokenHash: string, limit: number, offset: number) {
  return queryOne<{ userId: string | null; logs: Log[]; total: number }>(
    db,
    sql`with ${meCte(tokenHash)},
      page as (
        select l.* from logs l where l.author_id = (select id from me)
        order by l.active_at desc, l.id limit ${limit} offset ${offset}
      )
      select (select id from me) as "userId",
        (select coalesce(json_agg(${logJson('p')} order by p.active_at desc, p.id), '[]'::json) from page p) as logs,
        (select count(*)::int from logs l where l.author_id = (select id from me)) as total`,
  );
}

export async function readLogPage(
  db: Executor,
  tokenHash: string,
  slugLog: string,
  limit: number,
  offset: number,
) {
  return queryOne<{ userId: string | null; log: Log | null; exercises: Exercise[]; total: number }>(
    db,
    sql`with ${meCte(tokenHash)},
      l as (select * from logs where author_id = (select id from me) and slug = ${slugLog}),
      page as (
        select e.* from exercises e join l on e.author_id = l.author_id and e.log_id = l.id
        order by e.active_at desc, e.id limit ${limit} offset ${offset}
      )
      select (select id from me) as "userId",
        (select ${logJson('l')} from l) as log,
        (select coalesce(json_agg(${exerciseJson('p', sql`l.slug`)} order by p.active_at desc, p.id), '[]'::json)
           from page p, l) as exercises,
        (select count(*)::int from exercises e join l on e.author_id = l.author_id and e.log_id = l.id) as total`,
  );
}
