import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { round2 } from '../../../contract/metrics';
import { PROGRESS_MAX_POINTS, type PaPoint, type Progress, type WlPoint } from '../../../contract/sessions';
import { defineRowsStatement } from '../../db/statement';
import { exerciseOf, userLogExerciseRow } from '../exercises/exercise-scope';
import type { Scope } from './sessions.repository';

// `…/progress` (docs/api.md §7, §12) as one statement that answers at most PROGRESS_MAX_POINTS
// rows: up to that many sessions in the range, one point per session, oldest first; past it the
// range is split into equal spans of whole days, as few days each as keep the spans within the
// limit, and each span with sessions becomes one point dated on the span's first day: for
// weights each series is the span's maximum, for pace the span's best pace (the lowest above 0,
// 0 only when every pace is 0) and best speed. Sampling in the database keeps a 20,000-session
// history from crossing to the server as 20,000 rows (docs/api.md "Precise rules of heavy
// histories and quotas").

type Range = { from: string | null; to: string | null };

const number = z.number().nullable().optional();
/** A point's columns; absent or null on the one row of an exercise without sessions in range. */
const pointRow = userLogExerciseRow
  .extend({
    kind: z.enum(['wlsession', 'pasession']).nullable().optional(),
    created_date: z.string().nullable().optional(),
    sampled: z.boolean().nullable().optional(),
    total_volume: number,
    junk_volume: number,
    working_volume: number,
    e1rm: number,
    heaviest: number,
    total_volume_lb: number,
    junk_volume_lb: number,
    working_volume_lb: number,
    e1rm_lb: number,
    heaviest_lb: number,
    pace: number,
    speed: number,
  })
  .strict();

type PointRow = z.infer<typeof pointRow>;

/**
 * `span_days` is 0 while the range holds at most PROGRESS_MAX_POINTS sessions: then each session
 * is its own group (its day and its id), dated on its own day. Pace is minutes + seconds / 60 in
 * double precision, as contract/metrics.ts's paceValue computes it.
 */
const progress = defineRowsStatement<Scope & Range, PointRow>(
  'exercise_progress',
  (p) => sql`select scope.*, pt.kind, pt.created_date, pt.sampled, pt.total_volume, pt.junk_volume,
      pt.working_volume, pt.e1rm, pt.heaviest, pt.total_volume_lb, pt.junk_volume_lb, pt.working_volume_lb,
      pt.e1rm_lb, pt.heaviest_lb, pt.pace, pt.speed
    from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise}) scope
    left join lateral (
      select min(g.kind) as kind, g.first_day + g.span * greatest(g.span_days, 1) as created_date,
        g.span_days > 0 as sampled, min(g.created_at) as created_at, g.one as id,
        max(g.total_volume) as total_volume, max(g.junk_volume) as junk_volume,
        max(g.working_volume) as working_volume, max(g.e1rm) as e1rm, max(g.heaviest) as heaviest,
        max(g.total_volume_lb) as total_volume_lb, max(g.junk_volume_lb) as junk_volume_lb,
        max(g.working_volume_lb) as working_volume_lb, max(g.e1rm_lb) as e1rm_lb,
        max(g.heaviest_lb) as heaviest_lb,
        coalesce(min(g.pace) filter (where g.pace > 0), max(g.pace)) as pace, max(g.speed) as speed
      from (
        select s.*, (s.created_date - s.first_day) / greatest(s.span_days, 1) as span,
          case when s.span_days = 0 then s.id end as one
        from (
          select x.id, x.kind, x.created_date, x.created_at, x.total_volume, x.junk_volume,
            x.working_volume, x.e1rm, x.heaviest, x.total_volume_lb, x.junk_volume_lb,
            x.working_volume_lb, x.e1rm_lb, x.heaviest_lb, x.speed,
            x.pace_minutes + x.pace_seconds / 60::double precision as pace,
            coalesce(${p.from}::date, min(x.created_date) over ()) as first_day,
            case when count(*) over () <= ${sql.raw(String(PROGRESS_MAX_POINTS))} then 0
              else ceil((coalesce(${p.to}::date, max(x.created_date) over ())
                - coalesce(${p.from}::date, min(x.created_date) over ()) + 1)
                / ${sql.raw(`${PROGRESS_MAX_POINTS}.0`)})::int end as span_days
          from sessions x
          where x.author_id = scope.author_id and x.exercise_id = scope.exercise_id
            and (${p.from}::date is null or x.created_date >= ${p.from}::date)
            and (${p.to}::date is null or x.created_date <= ${p.to}::date)
        ) s
      ) g
      group by g.first_day, g.span_days, g.span, g.one
    ) pt on true
    order by pt.created_date, pt.created_at, pt.id`,
  pointRow,
);

/**
 * The exercise's progress from `from` to `to` (each optional, inclusive); 401 or 404 when the
 * user, the log or the exercise is missing.
 */
export async function readProgress(db: object, scope: Scope, range: Partial<Range> = {}): Promise<Progress> {
  const rows = await progress(db, { ...scope, from: range.from ?? null, to: range.to ?? null });
  exerciseOf(rows[0]);
  const points = rows.filter((row) => row.kind != null).map(pointOf);
  return rows[0]?.sampled ? { points, sampled: true } : { points };
}

function pointOf(row: PointRow): WlPoint | PaPoint {
  const createdDate = row.created_date as string;
  if (row.kind === 'pasession') return { createdDate, pace: row.pace as number, speed: row.speed as number };
  // A figure missing on every session of a point (a row written before its column existed) is 0,
  // as a span's maximum has always counted it. The maximum of the rounded figures is the rounded
  // maximum: rounding keeps the order.
  return {
    createdDate,
    totalVolume: row.total_volume ?? 0,
    junkVolume: row.junk_volume ?? 0,
    workingVolume: row.working_volume ?? 0,
    e1rm: round2(row.e1rm ?? 0),
    heaviest: round2(row.heaviest ?? 0),
    inPounds: {
      totalVolume: row.total_volume_lb ?? 0,
      junkVolume: row.junk_volume_lb ?? 0,
      workingVolume: row.working_volume_lb ?? 0,
      e1rm: round2(row.e1rm_lb ?? 0),
      heaviest: round2(row.heaviest_lb ?? 0),
    },
  };
}
