import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_MAX_ROWS } from '../../../contract/data';
import { AppError } from '../../lib/app-error';
import { parseCsv } from './csv';

// docs/api.md §9: an import of any file up to 10 MB leaves the server alive and answering. The
// row cap keeps the plan (and the rows written) bounded whatever the file's shape; long loops
// give other requests a turn (Turns), so they keep flowing.

/** How long a loop of an import may hold the event loop between two turns for other requests. */
const TURN_MS = 10;

/**
 * Turns for other requests in an import's long loops (docs/api.md §12: none waits more than
 * ~100 ms): a loop asks `due()` at each item and awaits `take()` when it says so. By time, not
 * by a count of items: an item costs from a microsecond (a CSV record) to a millisecond (a JSON
 * session checked by its schema), and a waiting request needs a few turns (its request read, its
 * query's answer, its reply): a turn every 500 JSON sessions held the loop up to 100 ms at a time
 * on a busy machine, and `/api/health` waited 130–160 ms.
 */
export class Turns {
  private since = performance.now();

  /** `onTurn` runs first at each turn (an import batch's sign of life, import-batches.ts). */
  constructor(private readonly onTurn?: () => Promise<void>) {}

  /** True once the loop has held the event loop TURN_MS since the last turn. */
  due(): boolean {
    return performance.now() - this.since >= TURN_MS;
  }

  /** A turn of the event loop for other requests. */
  async take(): Promise<void> {
    if (this.onTurn) await this.onTurn();
    await nextTurn();
    this.since = performance.now();
  }
}

export function tooManyRows(rows: number): AppError {
  return new AppError(
    413,
    `This file has ${rows} rows; at most ${IMPORT_MAX_ROWS} can be imported at once. ` +
      'Split it into smaller files and import each.',
  );
}

/**
 * Logs and exercises one file may add or name (docs/api.md §9). Each costs far more memory
 * than a session (its maps in the plan, its row, its place in the list's activity): a 9 MB CSV
 * of 199,999 workout names ran the server out of its 512 MB heap. A Hevy history of unique
 * workout titles at 10 MB is about 7,000 workouts and 35,000 exercises, under both.
 */
export const IMPORT_MAX_LOGS = 20_000;
export const IMPORT_MAX_EXERCISES = 50_000;

export function tooManyTitles(what: 'logs (workouts)' | 'exercises', max: number): AppError {
  return new AppError(
    413,
    `This file has more than ${max} ${what}; at most ${max} can be imported at once. ` +
      'Split it into smaller files and import each.',
  );
}

/**
 * Refuses a CSV of more than IMPORT_MAX_ROWS data rows before any of it is planned. Counting its
 * line breaks is enough when there are few (a record spans one line or more); past the cap the
 * records are counted exactly, keeping none of them. A break is LF, CRLF or a lone CR (csv.ts
 * reads old Mac files too): counting LFs alone let a CR-only file of 400,000 rows through.
 */
export async function checkCsvRows(text: string): Promise<void> {
  let breaks = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks += 1;
  for (let at = text.indexOf('\r'); at !== -1; at = text.indexOf('\r', at + 1))
    if (text.charCodeAt(at + 1) !== 10) breaks += 1;
  if (breaks <= IMPORT_MAX_ROWS) return;
  let records = -1; // the header is not a data row
  const turns = new Turns();
  for (const _record of parseCsv(text)) {
    records += 1;
    if (turns.due()) await turns.take();
  }
  if (records > IMPORT_MAX_ROWS) throw tooManyRows(records);
}

/** Our JSON: refuses more than IMPORT_MAX_ROWS sessions, counted on the parsed file before it is checked. */
export function checkJsonSessions(data: unknown): void {
  let sessions = 0;
  const logs = (data as { logs?: unknown })?.logs;
  for (const log of Array.isArray(logs) ? logs : []) {
    const exercises = (log as { exercises?: unknown })?.exercises;
    for (const exercise of Array.isArray(exercises) ? exercises : []) {
      const list = (exercise as { sessions?: unknown })?.sessions;
      if (Array.isArray(list)) sessions += list.length;
    }
  }
  if (sessions > IMPORT_MAX_ROWS) throw tooManyRows(sessions);
}
