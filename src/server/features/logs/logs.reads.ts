import { sql } from 'drizzle-orm';
import type { Log } from '../../../contract/logs';
import type { Executor } from '../../db/client';
import { exerciseJson, logJson, meCte, paginationJson, queryOne } from '../../db/json';

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

/**
 * The log page's whole answer as JSON text, built by PostgreSQL: the route sends it as is (no
 * parse, no re-serialization). `body` is null when the session or the log is missing.
 */
export async function readLogPage(
  db: Executor,
  tokenHash: string,
  slugLog: string,
  limit: number,
  page: number,
) {
  const count = sql`(select count(*)::int from exercises e join l on e.author_id = l.author_id and e.log_id = l.id)`;
  return queryOne<{ userId: string | null; body: string | null }>(
    db,
    sql`with ${meCte(tokenHash)},
      l as (select * from logs where author_id = (select id from me) and slug = ${slugLog}),
      page as (
        select e.* from exercises e join l on e.author_id = l.author_id and e.log_id = l.id
        order by e.active_at desc, e.id limit ${limit} offset ${(page - 1) * limit}
      )
      select (select id from me) as "userId",
        (select json_build_object(
          'log', ${logJson('l')},
          'logAggregate', coalesce((select json_agg(${logJson('l', sql`, 'exercises', ${exerciseJson('p', sql`l.slug`)}`)}
            order by p.active_at desc, p.id) from page p), '[]'::json),
          'pagination', ${paginationJson(count, limit, page, ['totalPages'])}
        )::text from l) as body`,
  );
}
