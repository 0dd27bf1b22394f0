import { type SQL, sql } from 'drizzle-orm';
import type { PaPoint, WlPoint } from '../../../contract/sessions';
import { exerciseJson, scopeCtes, sessionJson } from '../../db/json';
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
const tableOf = (kind: Kind) => sql.raw(kind === 'wlsession' ? 'wlsessions' : 'pasessions');

/**
 * The exercise's sessions of `kind`, newest first. The author and exercise come in as scalar
 * subqueries (parameters of the plan), so PostgreSQL walks the (author, exercise, date) index in
 * page order and stops after the page, instead of joining, then sorting every session.
 */
const sessionsOf = (kind: Kind) =>
  sql`from ${tableOf(kind)} s where s.author_id = (select author_id from e where kind = ${kind})
    and s.exercise_id = (select id from e)`;

export interface ExercisePageRow {
  userId: string | null;
  hasLog: boolean;
  /** Null when the log or the exercise is missing. */
  kind: Kind | null;
  /** The exercise's JSON without its closing brace: each item adds its session under a key. */
  head: string | null;
  total: number | null;
  /** The page's items (API.md §7: the exercise with the session under `wlsessions`/`pasessions`), comma-joined. */
  items: string | null;
  /** The newest session as one such item. */
  latest: string | null;
}

/**
 * The exercise page's parts, built by PostgreSQL from each session's stored JSON (decision 0008):
 * only the exercise's own kind is read (the CASEs never run the other kind's subqueries), and
 * on page 1 the newest session is the page's first item rather than a second probe.
 * `exercisePageBody` frames them into the answer.
 */
export const readExercisePage = defineStatement<
  ScopeParams & { limit: number; offset: number },
  ExercisePageRow
>('exercise_page', (p) => {
  const item = (kind: Kind) => sql`(select head from x) || ${sql.raw(`',"${kind}s":'`)} || s.api_json || '}'`;
  const page = (kind: Kind) =>
    sql`select ${item(kind)} as item, s.created_date, s.created_at, s.id ${sessionsOf(kind)}
      order by ${newestFirst('s')} limit ${p.limit} offset ${p.offset}`;
  const byKind = (wl: SQL, pa: SQL) =>
    sql`case (select kind from x) when 'wlsession' then (${wl}) else (${pa}) end`;
  const total = (kind: Kind) => sql`select count(*)::int ${sessionsOf(kind)}`;
  const items = (cte: string) =>
    sql`select string_agg(item, ',' order by ${newestFirst(cte)}) from ${sql.raw(cte)}`;
  const latest = (kind: Kind, cte: string) =>
    sql`case when ${p.offset}::bigint = 0 then (select item from ${sql.raw(cte)} order by ${newestFirst(cte)} limit 1)
      else (select ${item(kind)} ${sessionsOf(kind)} order by ${newestFirst('s')} limit 1) end`;
  return sql`with ${scopeCtes(p)},
      x as materialized (select left(${exerciseJson('e', sql`e.log_slug`)}::text, -1) as head, e.kind from e),
      wl as materialized (${page('wlsession')}),
      pa as materialized (${page('pasession')})
    select (select id from me) as "userId", exists (select 1 from l) as "hasLog",
      (select kind from x) as kind, (select head from x) as head,
      ${byKind(total('wlsession'), total('pasession'))} as total,
      ${byKind(items('wl'), items('pa'))} as items,
      ${byKind(latest('wlsession', 'wl'), latest('pasession', 'pa'))} as latest`;
});

/** The exercise page's answer (API.md §7) from its parts: only the exercise's kind has items. */
export function exercisePageBody(row: ExercisePageRow, page: number, limit: number): string {
  const total = row.total ?? 0;
  const pages = Math.ceil(total / limit);
  const items = row.items ?? '';
  const latest = row.latest ?? '';
  const [wl, pa] = row.kind === 'wlsession' ? [items, ''] : ['', items];
  const [latestWl, latestPa] = row.kind === 'wlsession' ? [latest, ''] : ['', latest];
  return (
    `{"exercise":${row.head}},"exerciseAggregate":[${wl}],"exerciseAggregatePa":[${pa}],` +
    `"latestWlsession":[${latestWl}],"latestPasession":[${latestPa}],` +
    `"pagination":{"totalWlPages":${pages},"totalPaPages":${pages},"page":${page},"limit":${limit},"total":${total}}}`
  );
}

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
        select ${scopeColumns}, (select ${sessionJson('s')} ${sessionsOf(kind)}
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
