import { type SQL, sql } from 'drizzle-orm';
import type { PaPoint, WlPoint } from '../../../contract/sessions';
import {
  exerciseJson,
  paginationJson,
  pasessionJson,
  scopeCtes,
  wlsessionJson,
  withKey,
} from '../../db/json';
import { defineStatement } from '../../db/statement';

// One statement per page: session check, log and exercise lookups, then the sessions (see db/json.ts).

interface ScopeParams {
  tokenHash: string;
  slugLog: string;
  slugExercise: string;
}

interface Scoped {
  userId: string | null;
  hasLog: boolean;
  hasExercise: boolean;
}

const scopeColumns = sql`(select id from me) as "userId", exists (select 1 from l) as "hasLog",
  exists (select 1 from e) as "hasExercise"`;

const newestFirst = (t: string) => sql.raw(`${t}.created_date desc, ${t}.created_at desc, ${t}.id desc`);
const oldestFirst = (t: string) => sql.raw(`${t}.created_date, ${t}.created_at, ${t}.id`);

type Kind = 'wlsession' | 'pasession';
function kindParts(kind: Kind) {
  return kind === 'wlsession'
    ? { table: sql.raw('wlsessions'), json: wlsessionJson }
    : { table: sql.raw('pasessions'), json: pasessionJson };
}

/**
 * The exercise's sessions of `kind`, newest first. The author and exercise come in as scalar
 * subqueries (parameters of the plan), so PostgreSQL walks the (author, exercise, date) index in
 * page order and stops after the page, instead of joining, then sorting every session.
 */
const sessionsOf = (kind: Kind) =>
  sql`from ${kindParts(kind).table} s where s.author_id = (select author_id from e where kind = ${kind})
    and s.exercise_id = (select id from e)`;

/**
 * The exercise page's whole answer as JSON text, built by PostgreSQL and sent as is: one page of
 * sessions (each wrapped with the exercise, API.md §7), the newest session, and the pagination.
 * The exercise's JSON is built once and spliced into every item as text. `body` is null when the
 * session, the log or the exercise is missing.
 */
export const readExercisePage = defineStatement<
  ScopeParams & { limit: number; offset: number; page: number },
  { userId: string | null; hasLog: boolean; body: string | null }
>('exercise_page', (p) => {
  const items = (kind: Kind, limit: SQL, offset: SQL) => {
    const wrapped = withKey(sql`x.json`, `${kind}s`, kindParts(kind).json('s'));
    return sql`coalesce((select string_agg(${wrapped}, ',' order by ${newestFirst('s')}) from
      (select s.* ${sessionsOf(kind)} order by ${newestFirst('s')} limit ${limit} offset ${offset}) s, x), '')`;
  };
  const page = (kind: Kind) => items(kind, sql`${p.limit}`, sql`${p.offset}`);
  const latest = (kind: Kind) => items(kind, sql`1`, sql`0`);
  return sql`with ${scopeCtes(p)},
      x as materialized (select ${exerciseJson('e', sql`e.log_slug`)}::text as json from e),
      t as materialized (select (select count(*)::int ${sessionsOf('wlsession')}) + (select count(*)::int ${sessionsOf('pasession')}) as n)
    select (select id from me) as "userId", exists (select 1 from l) as "hasLog",
      (select '{"exercise":' || x.json
        || ',"exerciseAggregate":[' || ${page('wlsession')} || ']'
        || ',"exerciseAggregatePa":[' || ${page('pasession')} || ']'
        || ',"latestWlsession":[' || ${latest('wlsession')} || ']'
        || ',"latestPasession":[' || ${latest('pasession')} || ']'
        || ',"pagination":' || ${paginationJson(sql`t.n`, p.limit, p.page, ['totalWlPages', 'totalPaPages'])}::text
        || '}' from x, t) as body`;
});

/** Every session of the exercise, oldest first, as chart points. */
export const readProgress = defineStatement<ScopeParams, Scoped & { points: (WlPoint | PaPoint)[] }>(
  'exercise_progress',
  (p) =>
    sql`with ${scopeCtes(p)}
      select ${scopeColumns}, coalesce(
        (select json_agg(json_build_object('createdDate', to_char(s.created_date, 'YYYY-MM-DD'),
            'totalVolume', s.total_volume, 'junkVolume', s.junk_volume, 'workingVolume', s.working_volume)
            order by ${oldestFirst('s')})
          ${sessionsOf('wlsession')}),
        (select json_agg(json_build_object('createdDate', to_char(s.created_date, 'YYYY-MM-DD'),
            'pace', s.pace_minutes + s.pace_seconds / 60.0, 'speed', s.speed)
            order by ${oldestFirst('s')})
          ${sessionsOf('pasession')}),
        '[]'::json) as points`,
);

const sessionBySlug = (kind: Kind) =>
  defineStatement<ScopeParams & { slugSession: string }, Scoped & { session: unknown }>(
    `${kind}_by_slug`,
    (p) =>
      sql`with ${scopeCtes(p)}
        select ${scopeColumns}, (select ${kindParts(kind).json('s')} ${sessionsOf(kind)}
          and s.slug = ${p.slugSession}) as session`,
  );
const bySlug = { wlsession: sessionBySlug('wlsession'), pasession: sessionBySlug('pasession') };

/** One session by its slug. */
export async function readSessionBySlug<S>(
  db: object,
  kind: Kind,
  values: ScopeParams & { slugSession: string },
): Promise<Scoped & { session: S | null }> {
  return (await bySlug[kind](db, values)) as Scoped & { session: S | null };
}
