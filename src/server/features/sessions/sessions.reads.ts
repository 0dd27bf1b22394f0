import { sql } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import type { PaPoint, WlPoint } from '../../../contract/sessions';
import type { Executor } from '../../db/client';
import { exerciseJson, meCte, paginationJson, pasessionJson, queryOne, wlsessionJson } from '../../db/json';

// One statement per page: session check, log and exercise lookups, then the sessions (see db/json.ts).

interface Scoped {
  userId: string | null;
  hasLog: boolean;
  exercise: Exercise | null;
}

const scopeCtes = (tokenHash: string, slugLog: string, slugExercise: string) =>
  sql`${meCte(tokenHash)},
    l as (select id, author_id, slug from logs where author_id = (select id from me) and slug = ${slugLog}),
    e as (
      select e.*, l.slug as log_slug from exercises e join l on e.author_id = l.author_id and e.log_id = l.id
      where e.slug = ${slugExercise}
    )`;

const scopeColumns = sql`(select id from me) as "userId", exists (select 1 from l) as "hasLog",
  (select ${exerciseJson('e', sql`e.log_slug`)} from e) as exercise`;

const newestFirst = (t: string) => sql.raw(`${t}.created_date desc, ${t}.created_at desc, ${t}.id desc`);
const oldestFirst = (t: string) => sql.raw(`${t}.created_date, ${t}.created_at, ${t}.id`);

function kindParts(kind: 'wlsession' | 'pasession') {
  return kind === 'wlsession'
    ? { table: sql.raw('wlsessions'), json: wlsessionJson }
    : { table: sql.raw('pasessions'), json: pasessionJson };
}

/**
 * The exercise page's whole answer as JSON text, built by PostgreSQL and sent as is: one page of
 * sessions (each wrapped with the exercise, API.md §7), the newest session, and the pagination.
 * `body` is null when the session, the log or the exercise is missing.
 */
export async function readExercisePage(
  db: Executor,
  tokenHash: string,
  slugLog: string,
  slugExercise: string,
  limit: number,
  page: number,
) {
  const offset = (page - 1) * limit;
  const kindJson = (kind: 'wlsession' | 'pasession') => {
    const { table, json } = kindParts(kind);
    const mine = sql`from ${table} s join e on s.author_id = e.author_id and s.exercise_id = e.id and e.kind = ${kind}`;
    const wrapped = (alias: string) =>
      exerciseJson('e', sql`e.log_slug`, sql`, ${sql.raw(`'${kind}s'`)}, ${json(alias)}`);
    return {
      items: sql`coalesce((select json_agg(${wrapped('p')} order by ${newestFirst('p')})
        from (select s.* ${mine} order by ${newestFirst('s')} limit ${limit} offset ${offset}) p, e), '[]'::json)`,
      latest: sql`coalesce((select json_agg(${wrapped('n')}) from (select s.* ${mine} order by ${newestFirst('s')} limit 1) n, e), '[]'::json)`,
      count: sql`(select count(*)::int ${mine})`,
    };
  };
  const wl = kindJson('wlsession');
  const pa = kindJson('pasession');
  const total = sql`(${wl.count} + ${pa.count})`;
  return queryOne<{ userId: string | null; hasLog: boolean; body: string | null }>(
    db,
    sql`with ${scopeCtes(tokenHash, slugLog, slugExercise)}
      select (select id from me) as "userId", exists (select 1 from l) as "hasLog",
        (select json_build_object(
          'exercise', ${exerciseJson('e', sql`e.log_slug`)},
          'exerciseAggregate', ${wl.items},
          'exerciseAggregatePa', ${pa.items},
          'latestWlsession', ${wl.latest},
          'latestPasession', ${pa.latest},
          'pagination', ${paginationJson(total, limit, page, ['totalWlPages', 'totalPaPages'])}
        )::text from e) as body`,
  );
}

/** Every session of the exercise, oldest first, as chart points. */
export async function readProgress(db: Executor, tokenHash: string, slugLog: string, slugExercise: string) {
  return queryOne<Scoped & { points: (WlPoint | PaPoint)[] }>(
    db,
    sql`with ${scopeCtes(tokenHash, slugLog, slugExercise)}
      select ${scopeColumns}, coalesce(
        (select json_agg(json_build_object('createdDate', to_char(s.created_date, 'YYYY-MM-DD'),
            'totalVolume', s.total_volume, 'junkVolume', s.junk_volume, 'workingVolume', s.working_volume)
            order by ${oldestFirst('s')})
          from wlsessions s join e on s.author_id = e.author_id and s.exercise_id = e.id),
        (select json_agg(json_build_object('createdDate', to_char(s.created_date, 'YYYY-MM-DD'),
            'pace', s.pace_minutes + s.pace_seconds / 60.0, 'speed', s.speed)
            order by ${oldestFirst('s')})
          from pasessions s join e on s.author_id = e.author_id and s.exercise_id = e.id),
        '[]'::json) as points`,
  );
}

/** One session by its slug. */
export async function readSessionBySlug<S>(
  db: Executor,
  tokenHash: string,
  kind: 'wlsession' | 'pasession',
  slugLog: string,
  slugExercise: string,
  slugSession: string,
) {
  const { table, json } = kindParts(kind);
  return queryOne<Scoped & { session: S | null }>(
    db,
    sql`with ${scopeCtes(tokenHash, slugLog, slugExercise)}
      select ${scopeColumns}, (select ${json('s')} from ${table} s join e on s.author_id = e.author_id
        and s.exercise_id = e.id where s.slug = ${slugSession}) as session`,
  );
}
