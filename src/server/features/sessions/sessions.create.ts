import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionKind } from '../../../contract/exercises';
import type { PasessionValues, WlsessionValues } from '../../../contract/sessions';
import type { Executor } from '../../db/client';
import { meCte, pasessionJson, queryOne, wlsessionJson } from '../../db/json';
import { derivePasession } from './pasessions.repository';
import { deriveWlsession } from './wlsessions.repository';

export interface CreateResult<S> {
  userId: string | null;
  hasLog: boolean;
  kind: SessionKind | null;
  session: S | null;
}

/** Column list and values of a new session row, derived numbers computed here (API.md §5). */
function rowFor(kind: SessionKind, body: WlsessionValues | PasessionValues): { columns: SQL; values: SQL } {
  if (kind === 'wlsession') {
    const v = deriveWlsession(body as WlsessionValues);
    return {
      columns: sql.raw('sets, total_volume, junk_volume, working_volume'),
      values: sql`${JSON.stringify(v.sets)}::jsonb, ${v.totalVolume}, ${v.junkVolume}, ${v.workingVolume}`,
    };
  }
  const v = derivePasession(body as PasessionValues);
  return {
    columns: sql.raw('hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed'),
    values: sql`${v.hours}, ${v.minutes}, ${v.seconds}, ${v.distance}, ${v.paceMinutes}, ${v.paceSeconds}, ${v.speed}`,
  };
}

/**
 * Creates a session in ONE statement (so one round trip and atomic by itself): session check,
 * log and exercise lookups, the dated slug (`date`, `date-2`, …), the insert, and bumping the
 * exercise's and log's activity. Nothing is written unless every lookup matched and the
 * exercise records this kind. Two writers racing for one slug: the unique index fails one,
 * and the caller retries.
 */
export async function createSessionOneTrip<S>(
  db: Executor,
  tokenHash: string,
  kind: SessionKind,
  scope: { slugLog: string; slugExercise: string },
  body: WlsessionValues | PasessionValues,
): Promise<CreateResult<S>> {
  const table = sql.raw(kind === 'wlsession' ? 'wlsessions' : 'pasessions');
  const json = kind === 'wlsession' ? wlsessionJson : pasessionJson;
  const { columns, values } = rowFor(kind, body);
  const date = body.createdDate;
  return queryOne<CreateResult<S>>(
    db,
    sql`with ${meCte(tokenHash)},
      l as (select id, author_id from logs where author_id = (select id from me) and slug = ${scope.slugLog}),
      e as (
        select e.id, e.author_id, e.kind, e.log_id from exercises e
        join l on e.author_id = l.author_id and e.log_id = l.id where e.slug = ${scope.slugExercise}
      ),
      taken as (
        select s.slug from ${table} s join e on s.author_id = e.author_id and s.exercise_id = e.id
        where s.slug = ${date} or s.slug like ${`${date}-%`}
      ),
      pick as (
        select case when not exists (select 1 from taken where slug = ${date}) then ${date}::text
          else (select ${date} || '-' || n from generate_series(2, (select count(*) from taken)::int + 2) n
                where ${date} || '-' || n not in (select slug from taken) order by n limit 1)
        end as slug
      ),
      ins as (
        insert into ${table} (id, author_id, exercise_id, slug, created_date, ${columns})
        select ${randomUUID()}, e.author_id, e.id, pick.slug, ${date}, ${values}
        from e, pick where e.kind = ${kind}
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
      select (select id from me) as "userId", exists (select 1 from l) as "hasLog",
        (select kind from e) as kind, (select ${json('ins')} from ins) as session`,
  );
}
