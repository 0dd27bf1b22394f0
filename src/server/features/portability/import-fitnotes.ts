import { parseCalendarDate } from '../../../contract/dates';
import { MAX_NUMBER } from '../../../contract/fields';
import { kilogramsFromPounds, round2, type WeightUnit } from '../../../contract/metrics';
import { MAX_POUNDS } from '../../../contract/sessions';
import { RESERVED_EXERCISE_SLUGS, RESERVED_LOG_SLUGS } from '../../../contract/slug';
import { badLine, type CsvRecord, parseCsv } from './csv';
import { checkWidth, optionalColumn, quantityCell, readHeader, splitSeconds, textCell } from './csv-cells';
import { checkCsvRows, Turns } from './import-limits';
import { joinNotes } from './import-notes';
import { type ImportPlan, kindConflict, type PlannedExercise, PlanBuilder } from './import-plan';
import { titleCleaner } from './import-titles';

/** Kilometres per unit FitNotes writes in `Distance Unit` (docs/data-portability.md, FitNotes). */
const KM_PER: Record<string, number> = { km: 1, m: 0.001, mi: 1.609344, ft: 0.0003048 };
const WEIGHT_UNITS: Record<string, WeightUnit> = { kg: 'kg', kgs: 'kg', lb: 'lb', lbs: 'lb' };
/** Names of a weight column that says its unit, lowercased. */
const WEIGHT_COLUMNS: Record<string, WeightUnit> = {
  'weight (kgs)': 'kg',
  'weight (kg)': 'kg',
  'weight (lbs)': 'lb',
  'weight (lb)': 'lb',
};
const TIME = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/;

/** One exercise's distance and time rows of one date: they become one pace session. */
interface PaceDay {
  km: number;
  seconds: number;
  notes: string[];
}

/**
 * FitNotes' CSV export: one row per set, header
 * Date, Exercise, Category, Weight (kgs) or Weight (lbs) — or Weight and Weight Unit, the unit on
 * each row — then Reps, Distance, Distance Unit, Time, Comment. Each Category is a log, each
 * exercise of it a weight or pace exercise as its first usable row says, one session per exercise
 * and date: weight rows are its sets in file order, distance/time rows are summed into one pace
 * session. Comments become the session's notes (import-notes.ts); pounds are kept as typed and
 * distances converted to km (docs/data-portability.md, FitNotes).
 */
export async function readFitnotes(text: string): Promise<ImportPlan> {
  await checkCsvRows(text);
  const records = parseCsv(text);
  const first = records.next();
  const header = first.done ? undefined : first.value;
  const head = readHeader(header, 'FitNotes', {
    date: ['Date'],
    exercise: ['Exercise'],
    category: ['Category'],
    weight: ['Weight (kgs)', ...Object.keys(WEIGHT_COLUMNS), 'Weight'],
    reps: ['Reps'],
    distance: ['Distance'],
    distanceUnit: ['Distance Unit'],
    time: ['Time'],
  });
  const { columns, names } = head;
  const width = names.length;
  // A unit in the weight column's name, or (plain `Weight`) a `Weight Unit` column on every row.
  const fixedUnit: WeightUnit | undefined = WEIGHT_COLUMNS[names[columns.weight]];
  const weightUnit = fixedUnit ? -1 : optionalColumn(head, 'Weight Unit');
  if (!fixedUnit && weightUnit < 0)
    throw badLine(
      header!.line,
      'this is not a FitNotes CSV export: no column "Weight Unit" next to "Weight"',
    );
  const comment = optionalColumn(head, 'Comment');

  const builder = new PlanBuilder();
  const cleanLog = titleCleaner(RESERVED_LOG_SLUGS);
  const cleanExercise = titleCleaner(RESERVED_EXERCISE_SLUGS);
  const paceDays = new Map<PlannedExercise, Map<string, PaceDay>>();
  const turns = new Turns();
  let count = 0; // rows read: a set's order in its day
  for (const record of records) {
    count += 1;
    if (turns.due()) await turns.take();
    checkWidth(record, width);
    builder.plan.rows += 1;
    const f = record.fields;
    const date = dateCell(record, columns.date);
    const unit = fixedUnit ?? weightUnitCell(record, weightUnit, columns.weight);
    const reps = quantityCell(record, columns.reps, 'Reps') ?? 0;
    const weight =
      quantityCell(record, columns.weight, 'Weight', 1, unit === 'lb' ? MAX_POUNDS : undefined) ?? 0;
    const km = distanceCell(record, columns.distance, columns.distanceUnit) ?? 0;
    const seconds = timeCell(record, columns.time) ?? 0;
    const note = textCell(record, comment);

    const log = cleanLog(f[columns.category]);
    if ('reason' in log) {
      builder.skip(record.line, `Category: ${log.reason}`);
      continue;
    }
    const exercise = cleanExercise(f[columns.exercise]);
    if ('reason' in exercise) {
      builder.skip(record.line, `Exercise: ${exercise.reason}`);
      continue;
    }
    const lifted = reps > 0 || weight > 0;
    const moved = km > 0 || seconds > 0;
    if (!lifted && !moved) {
      builder.skip(record.line, 'No reps, weight, distance or duration');
      continue;
    }
    // A new exercise's kind is its first usable row's, by the rule of the other formats
    // (workout-rows.ts): reps make a weight set; else a distance or time a pace session.
    const kind = reps > 0 || !moved ? 'wlsession' : 'pasession';
    const plannedLog = builder.log(log.title, log.slug, record.line);
    const known = plannedLog.exercises.get(exercise.slug);
    const planned =
      known ??
      builder.exercise(plannedLog, {
        title: exercise.title,
        slug: exercise.slug,
        kind,
        line: record.line,
      })!;
    // Later rows follow the exercise's kind when they carry what it records.
    if (planned.kind === 'wlsession' ? !lifted : !moved) {
      builder.skip(record.line, kindConflict(exercise.title, planned.kind));
      continue;
    }
    if (planned.kind === 'wlsession') {
      builder.addSet(planned, {
        date,
        minutes: 0,
        order: count,
        // Pounds kept as typed, kilograms derived by docs/api.md §10's rule (as workout-rows.ts does).
        set:
          unit === 'lb'
            ? { repetitions: reps, kilograms: kilogramsFromPounds(weight), pounds: weight, isHard: true }
            : { repetitions: reps, kilograms: weight, pounds: null, isHard: true },
        notes: [note],
      });
      continue;
    }
    let byDate = paceDays.get(planned);
    if (!byDate) paceDays.set(planned, (byDate = new Map()));
    const day = byDate.get(date);
    if (!day) byDate.set(date, { km, seconds, notes: [note] });
    else {
      day.km = round2(day.km + km);
      day.seconds += seconds;
      day.notes.push(note);
      if (day.km > MAX_NUMBER)
        throw badLine(record.line, `the day's distances add up to more than ${MAX_NUMBER} km`);
    }
  }
  for (const [exercise, byDate] of paceDays)
    for (const [date, day] of byDate) {
      const notes = joinNotes(day.notes);
      exercise.sessions.push({
        kind: 'pasession',
        createdDate: date,
        time: splitSeconds(day.seconds),
        distance: day.km,
        ...(notes === '' ? {} : { notes }),
      });
    }
  return await builder.finish();
}

/** FitNotes writes the calendar date, `2024-01-15`; a date-time is read as its date. */
function dateCell(record: CsvRecord, index: number): string {
  const text = record.fields[index].trim();
  const date = parseCalendarDate(text);
  if (!date) throw badLine(record.line, `Date is not a date like "2024-01-15" ("${text.slice(0, 40)}")`);
  return date;
}

/** A row's `Weight Unit` (kgs or lbs, any case; kg and lb too); may be blank only with no weight. */
function weightUnitCell(record: CsvRecord, index: number, weightIndex: number): WeightUnit {
  const text = record.fields[index].trim();
  const unit = WEIGHT_UNITS[text.toLowerCase()];
  if (unit) return unit;
  if (text === '' && record.fields[weightIndex].trim() === '') return 'kg';
  throw badLine(record.line, `Weight Unit must be kgs or lbs (found "${text.slice(0, 40)}")`);
}

/** A distance in km, converted from its row's `Distance Unit` (km, m, mi or ft, any case). */
function distanceCell(record: CsvRecord, index: number, unitIndex: number): number | null {
  const text = record.fields[unitIndex].trim();
  const scale = KM_PER[text.toLowerCase()];
  const raw = record.fields[index].trim();
  if (scale === undefined && (text !== '' || (raw !== '' && Number(raw) !== 0)))
    throw badLine(record.line, `Distance Unit must be km, m, mi or ft (found "${text.slice(0, 40)}")`);
  // The bound is on the kilometres (quantityCell checks them once converted), not on metres or feet.
  return quantityCell(
    record,
    index,
    'Distance',
    scale ?? 1,
    scale && scale < 1 ? MAX_NUMBER / scale : undefined,
  );
}

/** `Time` as FitNotes writes it, `H:MM:SS` or `HH:MM:SS`, in seconds. */
function timeCell(record: CsvRecord, index: number): number | null {
  const text = record.fields[index].trim();
  if (text === '') return null;
  const m = TIME.exec(text);
  if (!m) throw badLine(record.line, `Time is not a duration like "0:25:30" ("${text.slice(0, 40)}")`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}
