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

export interface ExercisePageRow extends Scoped {
  /** Null when the log or the exercise is missing. */
  kind: Kind | null;
  /** The exercise's JSON. */
  exercise: string | null;
  total: number | null;
  /** The page's sessions' JSON, newest first, separated by ITEM_SEPARATOR. */
  sessions: string | null;
  /** The newest session's JSON. */
  latest: string | null;
}

/**
 * A raw control character never occurs in JSON text (inside strings it is escaped), so it can
 * separate the sessions' JSON in one text column.
 */
const ITEM_SEPARATOR = '\x1e';

/**
 * The exercise page's parts, read by PostgreSQL from each session's stored JSON (decision 0008):
 * only the exercise's own kind is read (the CASEs never run the other kind's subqueries), and
 * on page 1 the newest session is the page's first rather than a second probe.
 * `exercisePageBody` frames them into the answer.
 */
export const readExercisePage = defineStatement<
  ScopeParams & { limit: number; offset: number },
  ExercisePageRow
>('exercise_page', (p) => {
  const page = (kind: Kind) =>
    sql`select s.api_json, s.created_date, s.created_at, s.id ${sessionsOf(kind)}
      order by ${newestFirst('s')} limit ${p.limit} offset ${p.offset}`;
  const byKind = (wl: SQL, pa: SQL) =>
    sql`case (select kind from e) when 'wlsession' then (${wl}) else (${pa}) end`;
  const total = (kind: Kind) => sql`select count(*)::int ${sessionsOf(kind)}`;
  const sessions = (cte: string) =>
    sql`select string_agg(api_json, chr(30) order by ${newestFirst(cte)}) from ${sql.raw(cte)}`;
  const latest = (kind: Kind, cte: string) =>
    sql`case when ${p.offset}::bigint = 0 then (select api_json from ${sql.raw(cte)} order by ${newestFirst(cte)} limit 1)
      else (select s.api_json ${sessionsOf(kind)} order by ${newestFirst('s')} limit 1) end`;
  return sql`with ${scopeCtes(p)},
      wl as materialized (${page('wlsession')}),
      pa as materialized (${page('pasession')})
    select ${scopeColumns}, (select kind from e) as kind, (select ${exerciseJson('e', sql`e.log_slug`)}::text from e) as exercise,
      ${byKind(total('wlsession'), total('pasession'))} as total,
      ${byKind(sessions('wl'), sessions('pa'))} as sessions,
      ${byKind(latest('wlsession', 'wl'), latest('pasession', 'pa'))} as latest`;
});

/**
 * The exercise page's answer (API.md §7) from its parts. Each item is the exercise with one
 * session under `wlsessions`/`pasessions`; only the exercise's own kind has items.
 */
export function exercisePageBody(row: ExercisePageRow, page: number, limit: number): string {
  const total = row.total ?? 0;
  const pages = Math.ceil(total / limit);
  // The exercise's JSON with one more key: its text without the closing brace, then the pair.
  const open = `${row.exercise?.slice(0, -1)},"${row.kind}s":`;
  const items = (sessions: string | null) =>
    sessions
      ? sessions
          .split(ITEM_SEPARATOR)
          .map((session) => `${open}${session}}`)
          .join(',')
      : '';
  const [wl, pa] = row.kind === 'wlsession' ? [items(row.sessions), ''] : ['', items(row.sessions)];
  const [latestWl, latestPa] = row.kind === 'wlsession' ? [items(row.latest), ''] : ['', items(row.latest)];
  return (
    `{"exercise":${row.exercise},"exerciseAggregate":[${wl}],"exerciseAggregatePa":[${pa}],` +
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
