import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionKind } from '../../../contract/exercises';
import type { RecordName } from '../../../contract/records';
import { defineStatement } from '../../db/statement';
import { notSignedIn } from '../../lib/app-error';
import { exerciseOf, userLogExerciseRow, type UserLogExerciseRow } from '../exercises/exercise-scope';

// Personal records and training activity (docs/api.md §10), from the columns every write stores
// (sessionValues: volumes, pace, and the best set figures of migration 0008). Records compare
// the unrounded values and round only what they return; a tie goes to the earlier session.
// Values are compared as numeric (`exact`): a double turned into a numeric keeps 15 significant
// digits, which drops the binary noise of the arithmetic and keeps every real difference of
// our inputs (2 decimals, pounds × 0.45359237). As doubles, 1 × 0.1 kg + 1 × 0.2 kg
// (0.30000000000000004) beat 1 × 0.3 kg, and 25 × 30 kg (e1RM 55.00000000000001) beat a 55 kg
// single, instead of tying with them.

interface Measure {
  name: RecordName;
  kind: SessionKind;
  /** The value of the session `a` (a table alias). */
  value: (a: string) => string;
  /** Whether `a` counts for this record at all. */
  counts: (a: string) => string;
  /** 'desc': more is better; 'asc': less is better (pace). */
  order: 'desc' | 'asc';
  digits: 2 | 3;
  /** A weight record's column in pounds (migration 0013), returned as its `pounds`. */
  pounds?: string;
}

const minutes = (a: string) => `(${a}.hours * 60 + ${a}.minutes + ${a}.seconds / 60)`;
const more = (column: string) => ({
  value: (a: string) => `${a}.${column}`,
  counts: (a: string) => `${a}.${column} > 0`,
  order: 'desc' as const,
  digits: 2 as const,
});
/**
 * A pace session with 0 distance or 0 time sets no pace record at all (docs/api.md §10): not even
 * the duration of a run with no distance, nor the distance of one with no time.
 */
const paceCounts = (a: string) => `${a}.distance > 0 and ${minutes(a)} > 0`;
/**
 * paceCounts and a column every pace session has (CHECK `sessions_kind_columns`), one per pace
 * figure: the three figures count the same sessions, and only this clause tells each figure's
 * index (migration 0014) from the other two, so a figure's reads cannot walk another's index.
 */
const paceFigure = (own: 'pace_minutes' | 'speed' | 'pace_seconds') => (a: string) =>
  `${paceCounts(a)} and ${a}.${own} is not null`;

/** In the order of the records object (docs/api.md §10). */
const MEASURES: Measure[] = [
  { name: 'heaviest', kind: 'wlsession', ...more('heaviest'), pounds: 'heaviest_lb' },
  { name: 'e1rm', kind: 'wlsession', ...more('e1rm'), pounds: 'e1rm_lb' },
  { name: 'bestSetVolume', kind: 'wlsession', ...more('best_set_volume'), pounds: 'best_set_volume_lb' },
  // The unrounded volume (migration 0010): total_volume is rounded, and would tie sessions apart.
  { name: 'bestSessionVolume', kind: 'wlsession', ...more('exact_volume'), pounds: 'exact_volume_lb' },
  {
    name: 'fastestPace',
    kind: 'pasession',
    value: (a) => `${minutes(a)} / ${a}.distance`,
    counts: paceFigure('pace_minutes'),
    order: 'asc',
    digits: 3,
  },
  { name: 'longestDistance', kind: 'pasession', ...more('distance'), counts: paceFigure('speed') },
  {
    name: 'longestDuration',
    kind: 'pasession',
    value: (a) => `(${a}.hours * 3600 + ${a}.minutes * 60 + ${a}.seconds)`,
    counts: paceFigure('pace_seconds'),
    order: 'desc',
    digits: 2,
  },
];

/** The value of `m` for the session `a`, as compared and rounded: a numeric (see above). */
const exact = (m: Measure, a: string) => `(${m.value(a)})::numeric`;

/**
 * The record `m` of the exercise `scope` (exercise_records' `user_log_exercise` row, below): the
 * best session, the earliest on a tie; null when none counts.
 */
function best(m: Measure): string {
  const pounds = m.pounds ? `'pounds', round((x.${m.pounds})::numeric, 2), ` : '';
  return `(select json_build_object('value', round(${exact(m, 'x')}, ${m.digits}), ${pounds}
      'createdDate', x.created_date, 'slugSession', x.slug)
    from sessions x where x.author_id = scope.author_id and x.exercise_id = scope.exercise_id and x.kind = '${m.kind}'
      and ${m.counts('x')}
    order by ${exact(m, 'x')} ${m.order}, x.created_date, x.created_at, x.id limit 1)`;
}

function recordsObject(kind: SessionKind): string {
  const fields = MEASURES.filter((m) => m.kind === kind).map((m) => `'${m.name}', ${best(m)}`);
  return `json_build_object(${fields.join(', ')})`;
}

const exerciseRecords = defineStatement<
  { tokenHash: string; slugLog: string; slugExercise: string },
  UserLogExerciseRow & { json: string | null }
>(
  'exercise_records',
  (p) => sql`select scope.*, case when scope.exercise_id is not null
      then json_build_object('kind', scope.exercise_kind, 'records', case when scope.exercise_kind = 'wlsession'
        then ${sql.raw(recordsObject('wlsession'))} else ${sql.raw(recordsObject('pasession'))} end)::text end as json
    from user_log_exercise(${p.tokenHash}, ${p.slugLog}, ${p.slugExercise}) scope`,
  userLogExerciseRow.extend({ json: z.string().nullable() }).strict(),
);

/** The exercise's records as JSON text; 401/404 for a missing user, log or exercise. */
export async function readRecords(
  db: object,
  scope: { tokenHash: string; slugLog: string; slugExercise: string },
): Promise<string> {
  const row = await exerciseRecords(db, scope);
  exerciseOf(row);
  return row.json as string;
}

/**
 * The names of the records the session under the alias `a` (of the calling statement) set when it
 * happened, as a jsonb array: those it counts for and where no session before it (by date, then
 * creation) was as good. Built from MEASURES, so the caller names its alias rather than this
 * fragment assuming one.
 */
export const recordsSetBy = (a: string): SQL =>
  sql.raw(
    `to_jsonb(array_remove(array[${MEASURES.map(
      (m) => `case when ${a}.kind = '${m.kind}' and ${m.counts(a)} and not exists (
      select from sessions p where p.author_id = ${a}.author_id and p.exercise_id = ${a}.exercise_id
        and p.kind = '${m.kind}' and (p.created_date, p.created_at, p.id) < (${a}.created_date, ${a}.created_at, ${a}.id)
        and ${m.counts('p')} and ${exact(m, 'p')} ${m.order === 'desc' ? '>=' : '<='} ${exact(m, a)}
    ) then '${m.name}' end`,
    ).join(', ')}]::text[], null))`,
  );

const activity = defineStatement<
  { tokenHash: string; from: string; to: string },
  { signed_in: boolean; json: string }
>(
  'training_activity',
  (p) => sql`select me.user_id is not null as signed_in, json_build_object('days', coalesce((
      select json_agg(json_build_object('date', d.created_date, 'sessions', d.n) order by d.created_date)
      from (
        select x.created_date, count(*)::int as n from sessions x
        where x.author_id = me.user_id and x.created_date between ${p.from}::date and ${p.to}::date
        group by x.created_date
      ) d
    ), '[]'))::text as json
    from (select 1) one left join signed_in_user(${p.tokenHash}) me on true`,
);

/** The signed-in user's days with at least one session from `from` to `to`, ascending. */
export async function readActivity(
  db: object,
  where: { tokenHash: string; from: string; to: string },
): Promise<string> {
  const row = await activity(db, where);
  if (!row.signed_in) throw notSignedIn();
  return row.json;
}
