import { EXPORT_CSV_COLUMNS, EXPORT_FORMAT, EXPORT_VERSION } from '../../../contract/data';
import { formatPace } from '../../../contract/metrics';
import type { Db } from '../../db/client';
import { csvRow } from './csv';
import { walkAccount } from './export-walk';

/** Chunks are sent once this big: fewer, larger writes than one per session. */
const FLUSH_AT = 64 * 1024;

/** Opens an object's last member, an array: `{"a":1` + `,"items":[`. */
function openWith(value: object, key: string): string {
  return `${JSON.stringify(value).slice(0, -1)},${JSON.stringify(key)}:[`;
}

/**
 * GET /api/export.json, written as it is read: format v1 (docs/data-portability.md), one log,
 * exercise or session per line so a person (or an import error) can point at a line.
 */
export async function* exportJson(db: Db, authorId: string, exportedAt: string): AsyncGenerator<string> {
  let out = openWith({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt }, 'logs');
  let first = true; // the next item is the first of its array
  for await (const event of walkAccount(db, authorId)) {
    switch (event.type) {
      case 'log':
        out += `${first ? '' : ','}\n${openWith(event.log, 'exercises')}`;
        first = true;
        break;
      case 'exercise':
        out += `${first ? '' : ','}\n${openWith(event.exercise, 'sessions')}`;
        first = true;
        break;
      case 'session':
        out += `${first ? '' : ','}\n${JSON.stringify(event.session)}`;
        first = false;
        break;
      case 'workout':
        out += `${first ? '' : ','}\n${JSON.stringify(event.workout)}`;
        first = false;
        break;
      case 'routine':
        out += `${first ? '' : ','}\n${JSON.stringify(event.routine)}`;
        first = false;
        break;
      // A log's exercises, then its workouts, then its routines (docs/api.md §11).
      case 'end-exercises':
        out += '],"workouts":[';
        first = true;
        break;
      case 'end-workouts':
        out += '],"routines":[';
        first = true;
        break;
      default: // the end of an exercise or a log
        out += ']}';
        first = false;
    }
    if (out.length >= FLUSH_AT) {
      yield out;
      out = '';
    }
  }
  yield `${out}\n]}\n`;
}

/**
 * GET /api/export.csv: one row per weight set and one per pace session, RFC 4180, UTF-8.
 * It starts with a byte-order mark so spreadsheet apps read non-Latin titles as UTF-8.
 * `pounds` is the set's typed pounds (empty for a set entered in kilograms); `type` and `rpe`
 * the set's (empty on a pace row, `rpe` empty when none); `notes` is the
 * session's, repeated on each of its set rows (as Hevy and Strong repeat a workout's notes) so
 * every row stands alone when a spreadsheet filters or sorts them; csvRow quotes the commas,
 * quotes and line breaks notes may hold.
 */
/**
 * Text a spreadsheet would run as a formula (=, +, @, a tab or CR first, or '-' before anything
 * but a space) gets a leading apostrophe, which spreadsheets show as text (OWASP's advice on
 * CSV injection). Notes are free text; "- sore knee" reads as text already and stays as typed.
 */
function spreadsheetSafe(text: string): string {
  return /^([=+@\t\r]|-[^ ])/.test(text) ? `'${text}` : text;
}

export async function* exportCsv(db: Db, authorId: string): AsyncGenerator<string> {
  let out = `\uFEFF${csvRow(EXPORT_CSV_COLUMNS)}`;
  let log = '';
  let exercise = '';
  for await (const event of walkAccount(db, authorId)) {
    if (event.type === 'log') log = spreadsheetSafe(event.log.title);
    else if (event.type === 'exercise') exercise = spreadsheetSafe(event.exercise.title);
    else if (event.type === 'session') {
      const s = event.session;
      if ('set' in s) {
        s.set.forEach((set, index) => {
          out += csvRow([
            s.createdDate,
            log,
            exercise,
            'weight',
            index + 1,
            set.repetitions,
            set.kilograms,
            set.isHard,
            set.volume,
            '',
            '',
            '',
            '',
            '',
            '',
            set.pounds ?? '',
            spreadsheetSafe(s.notes),
            set.type,
            set.rpe ?? '',
            event.workout?.id ?? '',
            spreadsheetSafe(event.workout?.title ?? ''),
          ]);
        });
      } else {
        out += csvRow([
          s.createdDate,
          log,
          exercise,
          'pace',
          '',
          '',
          '',
          '',
          '',
          s.time.hours,
          s.time.minutes,
          s.time.seconds,
          s.distance,
          formatPace(s.paceMinutes, s.paceSeconds),
          s.speed,
          '',
          spreadsheetSafe(s.notes),
          '',
          '',
          event.workout?.id ?? '',
          spreadsheetSafe(event.workout?.title ?? ''),
        ]);
      }
    }
    if (out.length >= FLUSH_AT) {
      yield out;
      out = '';
    }
  }
  yield out;
}
