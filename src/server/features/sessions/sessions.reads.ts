import { type SQL, sql } from 'drizzle-orm';
import type { PaPoint, WlPoint } from '../../../contract/sessions';
import { exerciseJson, scopeColumns, scopeJoins, sessionJson } from '../../db/json';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { PaceHints } from './pace-hints';

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

const newestFirst = (t: string) => sql.raw(`${t}.created_date desc, ${t}.created_at desc, ${t}.id desc`);
const oldestFirst = (t: string) => sql.raw(`${t}.created_date, ${t}.created_at, ${t}.id`);

type Kind = 'wlsession' | 'pasession';
const KINDS: Kind[] = ['wlsession', 'pasession'];
const tableOf = (kind: Kind) => sql.raw(kind === 'wlsession' ? 'wlsessions' : 'pasessions');

/**
 * The exercise's sessions of `kind`, correlated with the scope's `e`: PostgreSQL walks the
 * (author, exercise, date) index in page order and stops after the page. An exercise's sessions
 * are all in its own kind's table (writes refuse the other kind), so for the other kind this is
 * simply empty.
 */
const sessionsOf = (kind: Kind) =>
  sql`from ${tableOf(kind)} s where s.author_id = e.author_id and s.exercise_id = e.id`;

/** `value(kind)` for the exercise's own kind; the other kind's subquery never runs. */
const byKind = (value: (kind: Kind) => SQL) =>
  sql`case e.kind ${sql.join(
    KINDS.map((kind) => sql`when ${kind} then (${value(kind)})`),
    sql` `,
  )} end`;

/** One row per session of the page (at least one row: the scope, with `n` null on an empty page). */
export interface ExercisePageRow extends Scoped {
  kind: Kind | null;
  /** The session's place in the exercise, newest first: offset + 1 … offset + limit. */
  n: number | null;
  /** The session's JSON (decision 0008). */
  session: string | null;
  /** On the page's first row only: the exercise's JSON, its session count, and after page 1 its newest session. */
  exercise: string | null;
  total: number | null;
  latest: string | null;
}

/**
 * The exercise page of a `kind` exercise, read from each session's stored JSON (decision 0008)
 * as one row per session: a short plan that PostgreSQL sets up quickly on every execution, with
 * only that kind's table in it (decision 0010). `row_number()` numbers the sessions in index
 * order, so the page's order is explicit rather than a property of the plan. The parts said once
 * per page come only with its first row; on page 1 the newest session is that row's own.
 */
const exercisePage = (kind: Kind) =>
  defineRowsStatement<ScopeParams & { limit: number; offset: number }, ExercisePageRow>(
    `exercise_page_${kind}`,
    (p) => {
      const onFirstRow = (value: SQL) =>
        sql`case when p.n is null or p.n = ${p.offset}::bigint + 1 then ${value} end`;
      const newest = sql`select s.api_json ${sessionsOf(kind)} order by ${newestFirst('s')} limit 1`;
      return sql`select ${scopeColumns}, e.kind, p.n, p.api_json as session,
          ${onFirstRow(sql`(${exerciseJson('e', sql`l.slug`)})::text`)} as exercise,
          ${onFirstRow(sql`(select count(*)::int ${sessionsOf(kind)})`)} as total,
          ${onFirstRow(sql`case when ${p.offset}::bigint > 0 then (${newest}) end`)} as latest
        from ${scopeJoins(p)}
        left join lateral (
          select (row_number() over (order by ${newestFirst('s')}))::int as n, s.api_json ${sessionsOf(kind)}
          order by ${newestFirst('s')} limit ${p.limit} offset ${p.offset}
        ) p on true`;
    },
  );
const exercisePages = { wlsession: exercisePage('wlsession'), pasession: exercisePage('pasession') };
const paceHints = new PaceHints(10_000);

/**
 * The exercise page's rows (at least one: the scope, with `n` null on an empty page). The
 * statement of the guessed kind runs first; when the exercise turns out to be of the other kind,
 * that kind's statement runs instead (pace-hints.ts). `exercisePageBody` frames the answer.
 */
export async function readExercisePage(
  db: object,
  values: ScopeParams & { limit: number; offset: number },
): Promise<ExercisePageRow[]> {
  const key = `${values.tokenHash}\n${values.slugLog}\n${values.slugExercise}`;
  const guess: Kind = paceHints.has(key) ? 'pasession' : 'wlsession';
  const rows = await exercisePages[guess](db, values);
  const kind = rows[0].kind;
  if (!kind) return rows;
  paceHints.learn(key, kind === 'pasession');
  return kind === guess ? rows : exercisePages[kind](db, values);
}

/**
 * The exercise page's answer (docs/api.md §7) from its rows. Each item is the exercise with one
 * session under `wlsessions`/`pasessions`; only the exercise's own kind has items.
 */
export function exercisePageBody(rows: ExercisePageRow[], page: number, limit: number): string {
  const first = rows.find((row) => row.exercise !== null) ?? rows[0];
  const sessions = rows
    .filter((row) => row.session !== null)
    .sort((a, b) => (a.n ?? 0) - (b.n ?? 0))
    .map((row) => row.session as string);
  const total = first.total ?? 0;
  const pages = Math.ceil(total / limit);
  const latest = page === 1 ? sessions.slice(0, 1) : first.latest === null ? [] : [first.latest];
  // The exercise's JSON with one more key: its text without the closing brace, then the pair.
  const open = `${first.exercise?.slice(0, -1)},"${first.kind}s":`;
  const items = (list: string[]) => list.map((session) => `${open}${session}}`).join(',');
  const [wl, pa] = first.kind === 'wlsession' ? [items(sessions), ''] : ['', items(sessions)];
  const [latestWl, latestPa] = first.kind === 'wlsession' ? [items(latest), ''] : ['', items(latest)];
  return (
    `{"exercise":${first.exercise},"exerciseAggregate":[${wl}],"exerciseAggregatePa":[${pa}],` +
    `"latestWlsession":[${latestWl}],"latestPasession":[${latestPa}],` +
    `"pagination":{"totalWlPages":${pages},"totalPaPages":${pages},"page":${page},"limit":${limit},"total":${total}}}`
  );
}

/** Every session of the exercise, oldest first, as chart points. */
export const readProgress = defineStatement<ScopeParams, Scoped & { points: (WlPoint | PaPoint)[] }>(
  'exercise_progress',
  (p) =>
    sql`select ${scopeColumns}, coalesce(${byKind((kind) =>
      kind === 'wlsession'
        ? sql`select json_agg(json_build_object('createdDate', to_char(s.created_date, 'YYYY-MM-DD'),
            'totalVolume', s.total_volume, 'junkVolume', s.junk_volume, 'workingVolume', s.working_volume)
            order by ${oldestFirst('s')}) ${sessionsOf(kind)}`
        : sql`select json_agg(json_build_object('createdDate', to_char(s.created_date, 'YYYY-MM-DD'),
            'pace', s.pace_minutes + s.pace_seconds / 60.0, 'speed', s.speed)
            order by ${oldestFirst('s')}) ${sessionsOf(kind)}`,
    )}, '[]'::json) as points
    from ${scopeJoins(p)}`,
);

const sessionBySlug = (kind: Kind) =>
  defineStatement<ScopeParams & { slugSession: string }, Scoped & { session: unknown }>(
    `${kind}_by_slug`,
    (p) =>
      sql`select ${scopeColumns}, (select ${sessionJson('s')} ${sessionsOf(kind)} and s.slug = ${p.slugSession}) as session
        from ${scopeJoins(p)}`,
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
