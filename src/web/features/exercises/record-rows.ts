import { KG_PER_LB, formatNumber, round2, type WeightUnit } from '../../../contract/metrics';
import type { PersonalRecord, RecordName } from '../../../contract/records';
import { RECORD_NAMES } from '../../components/record-names';
import type { RecordsInUnit } from './exercises.api';

export interface RecordRow {
  key: RecordName;
  name: string;
  /** The value as shown, with its unit; null when no session qualifies yet. */
  value: string | null;
  createdDate: string | null;
  slugSession: string | null;
}

/** Kilograms in the user's unit: pounds are kg ÷ KG_PER_LB rounded to 2 (docs/api.md §10). */
export const weightIn = (kilograms: number, unit: WeightUnit) =>
  unit === 'kg' ? kilograms : round2(kilograms / KG_PER_LB);

const pad = (n: number) => String(n).padStart(2, '0');

/** Decimal minutes per km as m:ss (5.5 → 5:30). */
export function formatPaceMinutes(minutes: number): string {
  const seconds = Math.round(minutes * 60);
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

/** Seconds as h:mm:ss (3725 → 1:02:05). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

function formatValue(key: RecordName, value: number, unit: WeightUnit): string {
  switch (key) {
    case 'fastestPace':
      return `${formatPaceMinutes(value)} min/km`;
    case 'longestDistance':
      return `${formatNumber(value)} km`;
    case 'longestDuration':
      return formatDuration(value);
    default:
      return `${formatNumber(value)} ${unit}`;
  }
}

/**
 * The exercise's records in the order docs/api.md §10 lists them, values in the user's unit: a
 * pound user's weight records are the pounds of the sets that hold them (exercises.api.ts).
 */
export function recordRows(data: RecordsInUnit, unit: WeightUnit): RecordRow[] {
  const records: Partial<Record<RecordName, PersonalRecord>> = data.records;
  return (Object.keys(data.records) as RecordName[]).map((key) => {
    const record = records[key] ?? null;
    // Weight records are kilograms; kilograms converted stand in only until `pounds` arrives.
    const inPounds = data.kind === 'wlsession' && unit === 'lb';
    const value = record && (inPounds ? (data.pounds?.[key] ?? weightIn(record.value, unit)) : record.value);
    return {
      key,
      name: RECORD_NAMES[key],
      value: value === null ? null : formatValue(key, value, unit),
      createdDate: record?.createdDate ?? null,
      slugSession: record?.slugSession ?? null,
    };
  });
}
