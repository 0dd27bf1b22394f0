import { kilogramsFromPounds, type SetInput, type WeightUnit } from '../../../contract/metrics';
import { NOTES_MAX } from '../../../contract/sessions';
import type { SetType } from '../../../contract/set-types';
import { RESERVED_EXERCISE_SLUGS, RESERVED_LOG_SLUGS } from '../../../contract/slug';
import { type CleanTitle, titleCleaner } from './import-titles';
import { kindConflict, type PlanBuilder } from './import-plan';
import { splitSeconds } from './csv-cells';
import { joinNotes } from './import-notes';

/**
 * One set row of a Hevy or Strong export, before mapping: distances in km, durations in seconds,
 * the weight as the file wrote it, in `unit` (pounds are kept as typed, docs/api.md §10).
 */
export interface WorkoutRow {
  line: number;
  workout: string;
  exercise: string;
  date: string;
  /** The minute of that day its workout started. */
  minutes: number;
  /** Position of the set inside its workout's exercise. */
  order: number;
  isHard: boolean;
  /** The set's type and RPE as the file says them (docs/api.md §11). */
  type: SetType;
  rpe: number | null;
  reps: number | null;
  weight: number | null;
  unit: WeightUnit;
  km: number | null;
  seconds: number | null;
  /** The row's note cells, workout notes first (import-notes.ts joins them). */
  notes: string[];
  /**
   * Its workout (docs/api.md §11): rows of one log (the file's workout name) starting at one
   * minute of one date are one workout. Date-times without a zone are UTC.
   */
  startedAt: string;
  endedAt: string | null;
  workoutNotes: string;
  /** The file's superset id ('' for none). */
  superset: string;
}

/** A workout's title: the file's workout name, trimmed, at most 100 characters (docs/api.md §11). */
function workoutTitle(name: string): string {
  return [...name.trim()].slice(0, 100).join('') || 'Workout';
}

/**
 * A set's weight: a file in pounds keeps them and derives kilograms by the contract's rule
 * (135 lb → 61.23 kg; volumes then come from the unrounded kilograms, contract/metrics.ts).
 * Every set of a file in pounds carries pounds, a blank weight too (0 lb), as one typed there would.
 */
function weightOf(row: WorkoutRow): Pick<SetInput, 'kilograms' | 'pounds'> {
  const weight = row.weight ?? 0;
  return row.unit === 'lb'
    ? { kilograms: kilogramsFromPounds(weight), pounds: weight }
    : { kilograms: weight, pounds: null };
}

/**
 * The mapping of docs/data-portability.md: workout → log, exercise → exercise of that log,
 * a row with reps is a weight set (a day's sets of an exercise make one session), a row with
 * only a distance or a duration is a pace session, a row with a weight but no reps is a set of
 * 0 reps, and a row with none of these is skipped.
 */
export function workoutRowMapper(builder: PlanBuilder) {
  const cleanLog = titleCleaner(RESERVED_LOG_SLUGS);
  const cleanExercise = titleCleaner(RESERVED_EXERCISE_SLUGS);

  return function addRow(row: WorkoutRow): void {
    builder.plan.rows += 1;
    const log = cleanLog(row.workout);
    if ('reason' in log) return builder.skip(row.line, `Workout: ${log.reason}`);
    const exercise: CleanTitle = cleanExercise(row.exercise);
    if ('reason' in exercise) return builder.skip(row.line, `Exercise: ${exercise.reason}`);

    const reps = row.reps ?? 0;
    const weight = row.weight ?? 0;
    const km = row.km ?? 0;
    const seconds = row.seconds ?? 0;
    const kind =
      reps > 0 ? 'wlsession' : km > 0 || seconds > 0 ? 'pasession' : weight > 0 ? 'wlsession' : null;
    if (!kind) return builder.skip(row.line, 'No reps, weight, distance or duration');

    const plannedLog = builder.log(log.title, log.slug, row.line);
    const plannedExercise = builder.exercise(plannedLog, {
      title: exercise.title,
      slug: exercise.slug,
      kind,
      line: row.line,
    });
    if (!plannedExercise) {
      const has = plannedLog.exercises.get(exercise.slug)!.kind;
      return builder.skip(row.line, kindConflict(exercise.title, has));
    }
    const workout = builder.workout(plannedLog, {
      key: `${row.date}|${row.minutes}`,
      title: workoutTitle(row.workout),
      createdDate: row.date,
      startedAt: row.startedAt,
      endedAt: row.endedAt,
      notes: [...row.workoutNotes.trim()].slice(0, NOTES_MAX).join(''),
      routine: null,
    });
    builder.workoutEntry(workout, exercise.slug, row.superset.trim());
    if (kind === 'wlsession') {
      builder.addSet(plannedExercise, {
        date: row.date,
        minutes: row.minutes,
        order: row.order,
        set: { repetitions: reps, ...weightOf(row), isHard: row.isHard, type: row.type, rpe: row.rpe },
        notes: row.notes,
      });
    } else {
      plannedExercise.sessions.push({
        kind: 'pasession',
        createdDate: row.date,
        time: splitSeconds(seconds),
        distance: km,
        notes: joinNotes(row.notes),
        ...builder.placeIn(plannedExercise, row.date, row.minutes),
      });
    }
  };
}
