import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineStatement } from '../../db/statement';
import { notSignedIn } from '../../lib/app-error';

// Days of training across all of the signed-in user's logs (docs/api.md §14), each as one named
// statement (db/statement.ts) whose JSON PostgreSQL builds from the same pieces every other answer
// uses: the session's stored api_json (db/functions/session-api-json.sql) and exercise_json
// (db/functions/exercise-json.sql), decision 0014.

/**
 * The sessions of `userId` on `date` as one JSON array: a workout's sessions stay together, in
 * their workout's order; the groups (a workout, or a session on its own) follow each other by when
 * their first session was created. The one builder of a day, for a day and for a page of days.
 */
const daySessionsJson = (userId: SQL, date: SQL) => sql`coalesce((
      select json_agg(json_build_object(
          'log', json_build_object('_id', l.id, 'title', l.title, 'slugLog', l.slug),
          'exercise', exercise_json(e, l.slug),
          'workout', s.workout_id,
          s.kind, s.api_json)
        order by s.group_at, coalesce(s.workout_id, s.id), s.workout_position nulls last, s.created_at, s.id)
      from (
        select x.*, min(x.created_at) over (partition by coalesce(x.workout_id, x.id)) as group_at
        from sessions x where x.author_id = ${userId} and x.created_date = ${date}
      ) s
      join exercises e on e.author_id = s.author_id and e.id = s.exercise_id
      join logs l on l.author_id = e.author_id and l.id = e.log_id
    ), '[]')`;

const dayStatement = defineStatement<
  { tokenHash: string; date: string },
  { signed_in: boolean; json: string }
>(
  'day_sessions',
  (p) => sql`select me.user_id is not null as signed_in, json_build_object(
      'date', ${p.date}::text,
      'sessions', ${daySessionsJson(sql`me.user_id`, sql`${p.date}::date`)}
    )::text as json
    from (select 1) one left join signed_in_user(${p.tokenHash}) me on true`,
  z.object({ signed_in: z.boolean(), json: z.string() }).strict(),
);

/** The signed-in user's sessions of `date` (YYYY-MM-DD) across all their logs, as JSON text. */
export async function readDay(db: object, where: { tokenHash: string; date: string }): Promise<string> {
  const row = await dayStatement(db, where);
  if (!row.signed_in) throw notSignedIn();
  return row.json;
}

const trainingDaysStatement = defineStatement<
  { tokenHash: string; page: number; limit: number; offset: number },
  { signed_in: boolean; json: string }
>(
  'training_days',
  // The dates come from the index on (author_id, created_date), counted once for the total; each
  // day of the page brings its sessions, so History draws its page from one answer.
  (p) => sql`with me as (select user_id from signed_in_user(${p.tokenHash})),
    days as (
      select distinct x.created_date from sessions x, me where x.author_id = me.user_id
    )
    select exists (select from me) as signed_in, json_build_object(
      'days', coalesce((
        select json_agg(json_build_object(
            'date', d.created_date::text,
            'sessions', ${daySessionsJson(sql`me.user_id`, sql`d.created_date`)}
          ) order by d.created_date desc)
        from (select created_date from days order by created_date desc limit ${p.limit} offset ${p.offset}) d, me
      ), '[]'),
      'pagination', pagination_json((select count(*)::int from days), ${p.page}::bigint, ${p.limit}::int)
    )::text as json`,
  z.object({ signed_in: z.boolean(), json: z.string() }).strict(),
);

/** A page of the signed-in user's training days, newest first, as JSON text (docs/api.md §14 History). */
export async function readTrainingDays(
  db: object,
  where: { tokenHash: string; page: number; limit: number },
): Promise<string> {
  const row = await trainingDaysStatement(db, { ...where, offset: (where.page - 1) * where.limit });
  if (!row.signed_in) throw notSignedIn();
  return row.json;
}
