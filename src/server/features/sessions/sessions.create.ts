import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionKind } from '../../../contract/exercises';
import type { PasessionValues, WlsessionValues } from '../../../contract/sessions';
import { scopeColumns, scopeJoins, sessionJson } from '../../db/json';
import { defineStatement } from '../../db/statement';
import { derivePasession } from './pasessions.repository';
import { deriveWlsession } from './wlsessions.repository';

export interface CreateResult<S> {
  userId: string | null;
  hasLog: boolean;
  kind: SessionKind | null;
  session: S | null;
}

/** The stored columns of each kind, in the order of its values (derived numbers included, docs/api.md §5). */
const COLUMNS: Record<SessionKind, string[]> = {
  wlsession: ['sets', 'total_volume', 'junk_volume', 'working_volume'],
  pasession: ['hours', 'minutes', 'seconds', 'distance', 'pace_minutes', 'pace_seconds', 'speed'],
};

function rowValues(kind: SessionKind, body: WlsessionValues | PasessionValues): Record<string, unknown> {
  if (kind === 'wlsession') {
    const v = deriveWlsession(body as WlsessionValues);
    return {
      sets: JSON.stringify(v.sets),
      total_volume: v.totalVolume,
      junk_volume: v.junkVolume,
      working_volume: v.workingVolume,
    };
  }
  const v = derivePasession(body as PasessionValues);
  return {
    hours: v.hours,
    minutes: v.minutes,
    seconds: v.seconds,
    distance: v.distance,
    pace_minutes: v.paceMinutes,
    pace_seconds: v.paceSeconds,
    speed: v.speed,
  };
}

interface CreateParams {
  tokenHash: string;
  slugLog: string;
  slugExercise: string;
  id: string;
  date: string;
  datePattern: string;
  [column: string]: unknown;
}

/**
 * Creates a session in ONE statement (so one round trip and atomic by itself): session check,
 * log and exercise lookups, the dated slug (`date`, `date-2`, …), the insert, and bumping the
 * exercise's and log's activity. Nothing is written unless every lookup matched and the
 * exercise records this kind. Two writers racing for one slug: the unique index fails one,
 * and the caller retries.
 */
const createStatement = (kind: SessionKind) =>
  defineStatement<CreateParams, CreateResult<unknown>>(`create_${kind}`, (p) => {
    const table = sql.raw(kind === 'wlsession' ? 'wlsessions' : 'pasessions');
    const columns = sql.raw(COLUMNS[kind].join(', '));
    const values = sql.join(
      COLUMNS[kind].map((c) => (c === 'sets' ? sql`${p[c]}::jsonb` : sql`${p[c]}`)),
      sql`, `,
    );
    return sql`with sc as (select ${scopeColumns}, e.id, e.author_id, e.kind from ${scopeJoins(p)}),
      taken as (
        select s.slug from ${table} s join sc on s.author_id = sc.author_id and s.exercise_id = sc.id
        where s.slug = ${p.date} or s.slug like ${p.datePattern}
      ),
      pick as (
        select case when not exists (select 1 from taken where slug = ${p.date}) then ${p.date}::text
          else (select ${p.date} || '-' || n from generate_series(2, (select count(*) from taken)::int + 2) n
                where ${p.date} || '-' || n not in (select slug from taken) order by n limit 1)
        end as slug
      ),
      ins as (
        insert into ${table} (id, author_id, exercise_id, slug, created_date, ${columns})
        select ${p.id}, sc.author_id, sc.id, pick.slug, ${p.date}, ${values}
        from sc, pick where sc.kind = ${kind}
        returning *
      ),
      touch_exercise as (
        update exercises x set active_at = now() from ins where x.author_id = ins.author_id and x.id = ins.exercise_id
        returning x.author_id, x.log_id
      ),
      -- Reads touch_exercise, so the exercise row is locked before the log row, the order every other
      -- write takes (sibling data-modifying CTEs run in no set order: a deadlock with an edit or rename).
      touch_log as (
        update logs x set active_at = now() from touch_exercise t where x.author_id = t.author_id and x.id = t.log_id
      )
      select sc."userId", sc."hasLog", sc.kind, (select ${sessionJson('ins')} from ins) as session from sc`;
  });
const statements = { wlsession: createStatement('wlsession'), pasession: createStatement('pasession') };

export async function createSessionOneTrip<S>(
  db: object,
  tokenHash: string,
  kind: SessionKind,
  scope: { slugLog: string; slugExercise: string },
  body: WlsessionValues | PasessionValues,
): Promise<CreateResult<S>> {
  const date = body.createdDate;
  const row = await statements[kind](db, {
    tokenHash,
    ...scope,
    id: randomUUID(),
    date,
    datePattern: `${date}-%`,
    ...rowValues(kind, body),
  });
  return row as CreateResult<S>;
}
