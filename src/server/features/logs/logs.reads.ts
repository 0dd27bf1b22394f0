import { sql } from 'drizzle-orm';
import type { Log } from '../../../contract/logs';
import { exerciseJson, logJson, meCte, paginationJson, withKey } from '../../db/json';
import { defineStatement } from '../../db/statement';

// One statement per page: session check, lookups, the page and its count (see db/json.ts).

export const readLogsPage = defineStatement<
  { tokenHash: string; limit: number; offset: number },
  { userId: string | null; logs: Log[]; total: number }
>(
  'logs_page',
  (p) =>
    sql`with ${meCte(p.tokenHash)},
      page as (
        select l.* from logs l where l.author_id = (select id from me)
        order by l.active_at desc, l.id limit ${p.limit} offset ${p.offset}
      )
      select (select id from me) as "userId",
        (select coalesce(json_agg(${logJson('p')} order by p.active_at desc, p.id), '[]'::json) from page p) as logs,
        (select count(*)::int from logs l where l.author_id = (select id from me)) as total`,
);

/**
 * The log page's whole answer as JSON text, built by PostgreSQL: the route sends it as is (no
 * parse, no re-serialization). The log's JSON is built once and spliced into every item as text.
 * `body` is null when the session or the log is missing.
 */
export const readLogPage = defineStatement<
  { tokenHash: string; slugLog: string; limit: number; offset: number; page: number },
  { userId: string | null; body: string | null }
>('log_page', (p) => {
  // Scalar subqueries, not a join: PostgreSQL then walks the (author, log, active_at) index in
  // page order and stops after the page.
  const exercisesOfLog = sql`from exercises e where e.author_id = (select author_id from l) and e.log_id = (select id from l)`;
  return sql`with ${meCte(p.tokenHash)},
      l as (select * from logs where author_id = (select id from me) and slug = ${p.slugLog}),
      x as (select ${logJson('l')}::text as json from l),
      page as (select e.* ${exercisesOfLog} order by e.active_at desc, e.id limit ${p.limit} offset ${p.offset}),
      t as (select count(*)::int as n ${exercisesOfLog})
    select (select id from me) as "userId",
      (select '{"log":' || x.json
        || ',"logAggregate":[' || coalesce((select string_agg(${withKey(sql`x.json`, 'exercises', exerciseJson('e', sql`l.slug`))}, ','
          order by e.active_at desc, e.id) from page e, l), '') || ']'
        || ',"pagination":' || ${paginationJson(sql`t.n`, p.limit, p.page, ['totalPages'])}::text
        || '}' from x, t) as body`;
});
