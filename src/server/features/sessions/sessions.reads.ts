import { type SQL, sql } from 'drizzle-orm';
import type { Exercise } from '../../../contract/exercises';
import type { PaPoint, Pasession, Wlsession, WlPoint } from '../../../contract/sessions';
import type { Executor } from '../../db/client';
import { exerciseJson, meCte, pasessionJson, queryOne, wlsessionJson } from '../../db/json';

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

export type SessionsPage<S> = Scoped & { sessions: S[]; total: number; latest: S | null };

/** The exercise page: one page of its sessions, their count, and the newest session. */
export async function readExercisePage(
  db: Executor,
  tokenHash: string,
  slugLog: string,
  slugExercise: string,
  limit: number,
  offset: number,
): Promise<SessionsPage<Wlsession> | SessionsPage<Pasession>> {
  const part = (kind: 'wlsession' | 'pasession') => {
    const { table, json } = kindParts(kind);
    const mine = sql`from ${table} s join e on s.author_id = e.author_id and s.exercise_id = e.id and e.kind = ${kind}`;
    // Page 1 already starts with the newest session: only later pages look it up separately.
    const latest: SQL =
      offset === 0
        ? sql`null::json`
        : sql`(select ${json('s')} ${mine} order by ${newestFirst('s')} limit 1)`;
    return sql`(select coalesce(json_agg(${json('p')} order by ${newestFirst('p')}), '[]'::json)
        from (select s.* ${mine} order by ${newestFirst('s')} limit ${limit} offset ${offset}) p) as "${sql.raw(kind)}Page",
      (select count(*)::int ${mine}) as "${sql.raw(kind)}Total",
      ${latest} as "${sql.raw(kind)}Latest"`;
  };
  const row = await queryOne<
    Scoped & {
      wlsessionPage: Wlsession[];
      wlsessionTotal: number;
      wlsessionLatest: Wlsession | null;
      pasessionPage: Pasession[];
      pasessionTotal: number;
      pasessionLatest: Pasession | null;
    }
  >(
    db,
    sql`with ${scopeCtes(tokenHash, slugLog, slugExercise)}
      select ${scopeColumns}, ${part('wlsession')}, ${part('pasession')}`,
  );
  const kind = row.exercise?.session ?? 'wlsession';
  const sessions = kind === 'wlsession' ? row.wlsessionPage : row.pasessionPage;
  const total = kind === 'wlsession' ? row.wlsessionTotal : row.pasessionTotal;
  const latest =
    offset === 0 ? (sessions[0] ?? null) : kind === 'wlsession' ? row.wlsessionLatest : row.pasessionLatest;
  return { userId: row.userId, hasLog: row.hasLog, exercise: row.exercise, sessions, total, latest } as
    SessionsPage<Wlsession> | SessionsPage<Pasession>;
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
