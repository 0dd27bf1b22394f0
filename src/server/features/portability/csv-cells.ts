import { parseCalendarDate } from '../../../contract/dates';
import { MAX_NUMBER } from '../../../contract/fields';
import { round2 } from '../../../contract/metrics';
import { rpe } from '../../../contract/set-types';
import { badLine, type CsvRecord } from './csv';

/** Reading the cells of another app's CSV export: header lookup, numbers and dates, each error naming its line. */

export interface Header<K extends string> {
  /** Index of each wanted column. */
  columns: Record<K, number>;
  /** The header's names, trimmed and lowercased (tells which alternative a file used). */
  names: string[];
}

/**
 * Finds each wanted column in the header row (case and surrounding spaces ignored, any order,
 * extra columns allowed). `alternatives` lists other accepted names for a column.
 */
export function readHeader<K extends string>(
  header: CsvRecord | undefined,
  app: string,
  wanted: Record<K, readonly string[]>,
): Header<K> {
  if (!header) throw badLine(1, `the file is empty; expected a ${app} CSV export with its header row`);
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const columns = {} as Record<K, number>;
  const missing: string[] = [];
  for (const key of Object.keys(wanted) as K[]) {
    const index = wanted[key].map((name) => names.indexOf(name.toLowerCase())).find((k) => k >= 0);
    if (index === undefined) missing.push(wanted[key][0]);
    else columns[key] = index;
  }
  if (missing.length > 0)
    throw badLine(
      header.line,
      `this is not a ${app} CSV export: no column ${missing.map((m) => `"${m}"`).join(', ')}`,
    );
  return { columns, names };
}

export function checkWidth(record: CsvRecord, width: number): void {
  if (record.fields.length !== width)
    throw badLine(record.line, `expected ${width} columns like the header, found ${record.fields.length}`);
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A quantity cell: empty → null; otherwise a finite number within docs/api.md §5's bounds
 * (0…100000; `max` for pounds, which go up to 220000 as docs/api.md §10 says), rounded to 2
 * decimals after `scale` (a unit conversion), whose result must stay within §5's bounds too.
 * Anything else stops the import.
 */
export function quantityCell(
  record: CsvRecord,
  index: number,
  label: string,
  scale = 1,
  max = MAX_NUMBER,
): number | null {
  const text = record.fields[index].trim();
  if (text === '') return null;
  if (!NUMBER.test(text)) throw badLine(record.line, `${label} is not a number ("${text.slice(0, 40)}")`);
  const value = Number(text);
  if (!Number.isFinite(value))
    throw badLine(record.line, `${label} is not a number ("${text.slice(0, 40)}")`);
  if (value < 0) throw badLine(record.line, `${label} must be at least 0 (found ${text})`);
  if (value > max) throw badLine(record.line, `${label} must be at most ${max} (found ${text})`);
  // Written with at most 2 decimals and not converted: already the exact value (round2 is not free).
  if (scale === 1 && !/\.\d{3}/.test(text)) return value;
  const scaled = round2(value * scale);
  if (scale !== 1 && scaled > MAX_NUMBER)
    throw badLine(record.line, `${label} must be at most ${MAX_NUMBER} once converted (found ${text})`);
  return scaled;
}

/** An RPE cell (docs/api.md §11): blank or no column is none; anything else must be an RPE. */
export function rpeCell(record: CsvRecord, index: number): number | null {
  const text = textCell(record, index);
  const read = rpe.safeParse(text);
  if (!read.success)
    throw badLine(record.line, `${read.error.issues[0].message} (found "${text.slice(0, 40)}")`);
  return read.data;
}

/** The index of an optional column (case and surrounding spaces ignored), or -1 when the file has none. */
export function optionalColumn(header: Pick<Header<string>, 'names'>, ...alternatives: string[]): number {
  for (const name of alternatives) {
    const index = header.names.indexOf(name.toLowerCase());
    if (index >= 0) return index;
  }
  return -1;
}

/** A text cell of an optional column, trimmed; '' when the file has no such column. */
export function textCell(record: CsvRecord, index: number): string {
  return index < 0 ? '' : record.fields[index].trim();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_MONTH_YEAR =
  /^(\d{1,2}) ([A-Za-z]{3})[A-Za-z]*\.? (\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;
const ISO_TIME = /[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A workout's start as written by the app: "15 Jan 2024, 18:30" (Hevy) or "2024-01-15 18:30:00"
 * (Strong, or any ISO date-time). The calendar date is taken as written, never moved through a
 * time zone: a workout logged on the 15th stays on the 15th. `minutes` (the minute of that day it
 * started) sorts workouts of one day.
 */
export function dateTimeCell(
  record: CsvRecord,
  index: number,
  label: string,
): { date: string; minutes: number; seconds: number } {
  const text = record.fields[index].trim();
  const iso = parseCalendarDate(text);
  if (iso) {
    const time = ISO_TIME.exec(text);
    return {
      date: iso,
      minutes: time ? Number(time[1]) * 60 + Number(time[2]) : 0,
      seconds: time?.[3] ? Number(time[3]) : 0,
    };
  }
  const m = DAY_MONTH_YEAR.exec(text);
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) + 1 : 0;
  const date = m && month > 0 ? parseCalendarDate(`${m[3]}-${pad(month)}-${pad(Number(m[1]))}`) : null;
  // The time must exist too, as it must in an ISO date-time (docs/api.md §9: no hour 25).
  const time = m && (m[7] ? Number(m[4]) <= 12 : Number(m[4] ?? 0) <= 23) && Number(m[5] ?? 0) <= 59;
  if (!m || !date || !time || Number(m[6] ?? 0) > 59)
    throw badLine(record.line, `${label} is not a date like "15 Jan 2024, 18:30" ("${text.slice(0, 40)}")`);
  let hours = m[4] ? Number(m[4]) : 0;
  if (m[7]) hours = (hours % 12) + (m[7].toLowerCase() === 'pm' ? 12 : 0);
  return { date, minutes: hours * 60 + Number(m[5] ?? 0), seconds: Number(m[6] ?? 0) };
}

/**
 * A date-time cell's moment as UTC ISO text (docs/api.md §11: imported date-times without a zone
 * are UTC), `seconds` after it.
 */
export function utcMoment(at: { date: string; minutes: number; seconds: number }, later = 0): string {
  const base = Date.parse(`${at.date}T00:00:00Z`) + (at.minutes * 60 + at.seconds + later) * 1000;
  return new Date(base).toISOString();
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Seconds as our hours / minutes / seconds (each within §5's bounds once split). */
export function splitSeconds(total: number): { hours: number; minutes: number; seconds: number } {
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total - hours * 3600) / 60);
  return { hours, minutes, seconds: round2(total - hours * 3600 - minutes * 60) };
}
