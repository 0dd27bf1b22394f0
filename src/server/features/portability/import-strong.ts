import { AppError } from '../../lib/app-error';
import { parseCsv } from './csv';
import { MAX_POUNDS } from '../../../contract/sessions';
import type { SetType } from '../../../contract/set-types';
import {
  checkWidth,
  dateTimeCell,
  optionalColumn,
  quantityCell,
  readHeader,
  rpeCell,
  textCell,
  utcMoment,
} from './csv-cells';
import { checkCsvRows, Turns } from './import-limits';
import { type ImportPlan, PlanBuilder } from './import-plan';
import { workoutRowMapper } from './workout-rows';

const MILE_TO_KM = 1.609344;

export interface StrongUnits {
  unit?: 'kg' | 'lb';
  distanceUnit?: 'km' | 'mi';
}

/**
 * Strong's CSV export: one row per set, header Date, Workout Name, Duration, Exercise Name,
 * Set Order, Weight, Reps, Distance, Seconds, Notes, Workout Notes, RPE. Weights (and distances)
 * are in the unit chosen in Strong, which the file does not say: the caller names it.
 * Set Order is a number (a normal set), or "W" for a warm-up (not hard), "D" / "F" for drop and
 * failure sets (hard), each kept as its set's type; "Rest Timer" rows are not sets. `RPE`
 * (optional, blank for none) is the set's RPE (docs/api.md §11). With unit=lb the weights are kept as typed pounds
 * (kilograms derived from them, docs/api.md §10). `Workout Notes` then the set's `Notes` become
 * the session's notes (import-notes.ts); both columns are optional.
 */
export async function readStrong(text: string, units: StrongUnits): Promise<ImportPlan> {
  if (!units.unit)
    throw new AppError(400, 'Say which unit your Strong weights are in: unit=kg or unit=lb', {
      unit: 'Choose kg or lb',
    });
  const unit = units.unit;
  const distanceScale = units.distanceUnit === 'mi' ? MILE_TO_KM : 1;

  await checkCsvRows(text);
  const records = parseCsv(text);
  const first = records.next();
  const head = readHeader(first.done ? undefined : first.value, 'Strong', {
    date: ['Date'],
    workout: ['Workout Name'],
    exercise: ['Exercise Name'],
    setOrder: ['Set Order'],
    weight: ['Weight'],
    reps: ['Reps'],
    distance: ['Distance'],
    seconds: ['Seconds'],
  });
  const { columns, names } = head;
  const duration = optionalColumn(head, 'Duration');
  const setNotes = optionalColumn(head, 'Notes');
  const workoutNotes = optionalColumn(head, 'Workout Notes');
  const rpe = optionalColumn(head, 'RPE');

  const builder = new PlanBuilder();
  const addRow = workoutRowMapper(builder);
  // Letters (D, F) sort right after the numbered set before them in the same workout's exercise.
  // Strong lists a workout's rows together, so only the current workout's are remembered: one
  // entry per workout of the file held 190,000 keys for a file of one-set workouts.
  const lastOrder = new Map<string, number>();
  let workoutAt = '';
  const turns = new Turns();
  for (const record of records) {
    if (turns.due()) await turns.take();
    checkWidth(record, names.length);
    const f = record.fields;
    const at = dateTimeCell(record, columns.date, 'Date');
    const { date, minutes } = at;
    const setOrder = f[columns.setOrder].trim();
    if (/^rest timer$/i.test(setOrder)) {
      builder.plan.rows += 1;
      builder.skip(record.line, 'A rest timer, not a set');
      continue;
    }
    const workout = `${date} ${minutes}|${f[columns.workout]}`;
    if (workout !== workoutAt) {
      lastOrder.clear();
      workoutAt = workout;
    }
    const key = f[columns.exercise];
    const isWarmUp = /^w/i.test(setOrder);
    let order: number;
    if (/^\d+$/.test(setOrder)) order = Number(setOrder);
    else if (isWarmUp) order = -1;
    else order = (lastOrder.get(key) ?? 0) + 0.5;
    lastOrder.set(key, order);
    addRow({
      line: record.line,
      workout: f[columns.workout],
      exercise: f[columns.exercise],
      date,
      minutes,
      order,
      isHard: !isWarmUp,
      type: strongSetType(setOrder),
      rpe: rpeCell(record, rpe),
      reps: quantityCell(record, columns.reps, 'Reps'),
      weight: quantityCell(record, columns.weight, 'Weight', 1, unit === 'lb' ? MAX_POUNDS : undefined),
      unit,
      km: quantityCell(record, columns.distance, 'Distance', distanceScale),
      seconds: quantityCell(record, columns.seconds, 'Seconds'),
      notes: [textCell(record, workoutNotes), textCell(record, setNotes)],
      startedAt: utcMoment(at),
      endedAt: endOf(at, textCell(record, duration)),
      workoutNotes: textCell(record, workoutNotes),
      superset: '',
    });
  }
  return await builder.finish();
}

/** Strong's `Duration` (`1h 5m`, `45m`, `30s`): the workout's end, or null when it does not read. */
const DURATION = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i;

function endOf(at: Parameters<typeof utcMoment>[0], text: string): string | null {
  const m = DURATION.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return null;
  return utcMoment(at, Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0));
}

/** Set Order's letter as a set type: W, D, F (either case); a number or anything else is a normal set. */
function strongSetType(setOrder: string): SetType {
  const letter = setOrder.charAt(0).toLowerCase();
  return letter === 'w' ? 'warmup' : letter === 'd' ? 'drop' : letter === 'f' ? 'failure' : 'normal';
}
