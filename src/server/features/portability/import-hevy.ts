import { badLine, parseCsv } from './csv';
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

/** Hevy's set types as ours (docs/api.md §11); any other (or none) is a normal set. */
const HEVY_SET_TYPES = new Map<string, SetType>([
  ['normal', 'normal'],
  ['warmup', 'warmup'],
  ['dropset', 'drop'],
  ['failure', 'failure'],
]);

/**
 * Hevy's CSV export ("Export Workouts" in its settings): one row per set, header
 * title, start_time, end_time, description, exercise_title, superset_id, exercise_notes,
 * set_index, set_type, weight_kg, reps, distance_km, duration_seconds, rpe.
 * Accounts on imperial units export weight_lbs / distance_miles instead, which the header tells
 * (docs/api.md §10): their pounds are kept as typed (kilograms derived from them) and their miles
 * become kilometres (× 1.609344, rounded to 2 decimals). The workout's `description` and the
 * exercise's `exercise_notes` become the session's notes (import-notes.ts); both are optional.
 * `set_type` and `rpe` (optional, blank for none) become the set's type and RPE (docs/api.md §11).
 */
export async function readHevy(text: string): Promise<ImportPlan> {
  await checkCsvRows(text);
  const records = parseCsv(text);
  const first = records.next();
  const header = first.done ? undefined : first.value;
  const head = readHeader(header, 'Hevy', {
    title: ['title'],
    start: ['start_time'],
    exercise: ['exercise_title'],
    setIndex: ['set_index'],
    setType: ['set_type'],
    weight: ['weight_kg', 'weight_lbs'],
    reps: ['reps'],
    distance: ['distance_km', 'distance_miles'],
    duration: ['duration_seconds'],
  });
  const { columns, names } = head;
  const width = names.length;
  const unit = names[columns.weight] === 'weight_lbs' ? 'lb' : 'kg';
  const distanceScale = names[columns.distance] === 'distance_miles' ? MILE_TO_KM : 1;

  const description = optionalColumn(head, 'description');
  const end = optionalColumn(head, 'end_time');
  const superset = optionalColumn(head, 'superset_id');
  const exerciseNotes = optionalColumn(head, 'exercise_notes');
  const rpe = optionalColumn(head, 'rpe');

  const builder = new PlanBuilder();
  const addRow = workoutRowMapper(builder);
  const turns = new Turns();
  for (const record of records) {
    if (turns.due()) await turns.take();
    checkWidth(record, width);
    const f = record.fields;
    const at = dateTimeCell(record, columns.start, 'start_time');
    const { date, minutes } = at;
    const setIndex = quantityCell(record, columns.setIndex, 'set_index');
    const setType = f[columns.setType].trim().toLowerCase();
    if (setType !== '' && !/^[a-z_]+$/.test(setType))
      throw badLine(record.line, `set_type "${setType}" is unknown`);
    addRow({
      line: record.line,
      workout: f[columns.title],
      exercise: f[columns.exercise],
      date,
      minutes,
      order: setIndex ?? 0,
      // Hevy's set types: warmup, normal, failure, dropset. Only warm-ups are not hard.
      isHard: setType !== 'warmup',
      type: HEVY_SET_TYPES.get(setType) ?? 'normal',
      rpe: rpeCell(record, rpe),
      reps: quantityCell(record, columns.reps, 'reps'),
      weight: quantityCell(record, columns.weight, 'weight', 1, unit === 'lb' ? MAX_POUNDS : undefined),
      unit,
      km: quantityCell(record, columns.distance, 'distance', distanceScale),
      seconds: quantityCell(record, columns.duration, 'duration_seconds'),
      notes: [textCell(record, description), textCell(record, exerciseNotes)],
      startedAt: utcMoment(at),
      endedAt: endOf(record, end),
      workoutNotes: textCell(record, description),
      superset: textCell(record, superset),
    });
  }
  return await builder.finish();
}

/** `end_time` as UTC ISO text; null when the column is absent or blank, or the cell does not read. */
function endOf(record: Parameters<typeof dateTimeCell>[0], index: number): string | null {
  if (textCell(record, index) === '') return null;
  try {
    return utcMoment(dateTimeCell(record, index, 'end_time'));
  } catch {
    return null;
  }
}
